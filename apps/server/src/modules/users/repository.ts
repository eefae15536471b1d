import type { ListUsersQuery, User } from '@railserve/protocol';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { likeContains, paged } from '../../lib/sql.ts';
import type { SessionUser } from '../../types.ts';

type UserRow = typeof users.$inferSelect;
/** The database or a transaction on it. */
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    permission: row.permission as User['permission'],
    status: row.status as User['status'],
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findActiveSessionUser(
  db: Database,
  id: number,
): Promise<(SessionUser & { tokenVersion: number; mustChangePassword: boolean }) | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      permission: users.permission,
      tokenVersion: users.tokenVersion,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')));
  return row;
}

export async function findUserById(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function listUsers(db: Database, query: ListUsersQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const like = likeContains(query.q);
    filters.push(or(ilike(users.username, like), ilike(users.nickname, like)) as SQL);
  }
  if (query.permission !== undefined) filters.push(eq(users.permission, query.permission));
  if (query.status) filters.push(eq(users.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select().from(users).where(where).orderBy(desc(users.id));
  const rows = await paged(base, query);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { items: rows.map(toUser), total, page: query.page, pageSize: query.pageSize };
}

export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Updates a user; `revoke` raises the token version, which ends every token the user holds. */
export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>, revoke = false) {
  const [row] = await db
    .update(users)
    .set({ ...values, ...(revoke ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Db, id: number) {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length;
}

/** Raises the user's token version (logout): every token signed before is refused from now on. */
export async function revokeTokens(db: Database, id: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** Active administrators, locked until the transaction ends, so two demotions cannot both pass the last-one check. */
export async function lockActiveAdministrators(db: Db) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.permission, 0), eq(users.status, 'active')))
    .for('update');
  return rows.map((r) => r.id);
}

export async function countUsers(db: Database) {
  const [{ total }] = await db.select({ total: count() }).from(users);
  return total;
}
