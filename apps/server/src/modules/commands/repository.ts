import type { CommandRecord, CommandStatus, ListCommandsQuery } from '@railserve/protocol';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { commands } from '../../db/schema/commands.ts';
import { paged } from '../../lib/sql.ts';

type CommandRow = typeof commands.$inferSelect;

/** `pageSize=all` answers at most this many newest commands. */
const ALL_COMMANDS_CAP = 1000;

export function toCommandRecord(row: CommandRow): CommandRecord {
  return {
    id: row.id,
    target: row.target,
    command: row.command,
    args: (row.args as Record<string, unknown> | null) ?? null,
    status: row.status as CommandStatus,
    error: row.error,
    sentAt: row.sentAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    username: row.username,
  };
}

export async function insertCommand(db: Database, values: typeof commands.$inferInsert) {
  const [row] = await db.insert(commands).values(values).returning();
  return toCommandRecord(row);
}

/** Moves a command out of `sent`; answers undefined when it was already answered (or unknown). */
export async function answerCommand(db: Database, id: string, status: CommandStatus, error: string | null) {
  const [row] = await db
    .update(commands)
    .set({ status, error, answeredAt: new Date() })
    .where(and(eq(commands.id, id), eq(commands.status, 'sent')))
    .returning();
  return row ? toCommandRecord(row) : undefined;
}

/**
 * Times out every command still waiting after `olderThanMs` (by the database's clock): those whose
 * instance died before its own timer could. Each row moves once, whichever instance sweeps.
 */
export async function timeOutWaiting(db: Database, olderThanMs: number, error: string) {
  const rows = await db
    .update(commands)
    .set({ status: 'timed_out', error, answeredAt: new Date() })
    .where(and(eq(commands.status, 'sent'), lt(commands.sentAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)))
    .returning();
  return rows.map(toCommandRecord);
}

export async function listCommands(db: Database, target: string, query: ListCommandsQuery) {
  const filters: SQL[] = [eq(commands.target, target)];
  if (query.status) filters.push(eq(commands.status, query.status));
  const where = and(...filters);
  const base = db.select().from(commands).where(where).orderBy(desc(commands.sentAt));
  const rows = await paged(base, query, ALL_COMMANDS_CAP);
  const [{ total }] = await db.select({ total: count() }).from(commands).where(where);
  return { items: rows.map(toCommandRecord), total, page: query.page, pageSize: query.pageSize };
}

export async function findCommand(db: Database, id: string) {
  const [row] = await db.select().from(commands).where(eq(commands.id, id));
  return row ? toCommandRecord(row) : undefined;
}
