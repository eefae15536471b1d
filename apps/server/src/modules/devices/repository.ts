import type { CredentialStatus, DeviceKind, EnrollmentKey } from '@railserve/protocol';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deviceCredentials, deviceSettings, enrollmentKeys } from '../../db/schema/device-identity.ts';
import { sessions } from '../../db/schema/sessions.ts';

export type CredentialRow = typeof deviceCredentials.$inferSelect;
export type EnrollmentKeyRow = typeof enrollmentKeys.$inferSelect;
/** The database or a transaction on it. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function insertEnrollmentKey(db: Database, row: typeof enrollmentKeys.$inferInsert) {
  const [inserted] = await db.insert(enrollmentKeys).values(row).returning();
  return inserted;
}

export async function listEnrollmentKeys(db: Database, sessionId?: number): Promise<EnrollmentKey[]> {
  const rows = await db
    .select({ key: enrollmentKeys, sessionName: sessions.name })
    .from(enrollmentKeys)
    .leftJoin(sessions, eq(sessions.id, enrollmentKeys.sessionId))
    .where(sessionId === undefined ? undefined : eq(enrollmentKeys.sessionId, sessionId))
    .orderBy(desc(enrollmentKeys.id))
    .limit(1000);
  return rows.map(({ key, sessionName }) => toEnrollmentKey(key, sessionName));
}

export async function findEnrollmentKey(db: Database, id: number) {
  const [row] = await db
    .select({ key: enrollmentKeys, sessionName: sessions.name })
    .from(enrollmentKeys)
    .leftJoin(sessions, eq(sessions.id, enrollmentKeys.sessionId))
    .where(eq(enrollmentKeys.id, id));
  return row ? toEnrollmentKey(row.key, row.sessionName) : undefined;
}

export function toEnrollmentKey(row: EnrollmentKeyRow, sessionName: string | null): EnrollmentKey {
  return {
    id: row.id,
    sessionId: row.sessionId,
    sessionName,
    expiresAt: row.expiresAt.toISOString(),
    usesLeft: row.usesLeft,
    serials: row.serials ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

export async function revokeEnrollmentKey(db: Database, id: number) {
  const [row] = await db
    .update(enrollmentKeys)
    .set({ revokedAt: sql`coalesce(${enrollmentKeys.revokedAt}, now())` })
    .where(eq(enrollmentKeys.id, id))
    .returning({ id: enrollmentKeys.id });
  return row !== undefined;
}

export async function findKeyByHash(db: Executor, keyHash: string) {
  const [row] = await db.select().from(enrollmentKeys).where(eq(enrollmentKeys.keyHash, keyHash));
  return row;
}

/** Spends one use of a live key; false when it was used up, revoked or expired meanwhile. */
export async function spendKey(db: Executor, id: number) {
  const rows = await db
    .update(enrollmentKeys)
    .set({ usesLeft: sql`${enrollmentKeys.usesLeft} - 1` })
    .where(
      and(
        eq(enrollmentKeys.id, id),
        gt(enrollmentKeys.usesLeft, 0),
        isNull(enrollmentKeys.revokedAt),
        gt(enrollmentKeys.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: enrollmentKeys.id });
  return rows.length === 1;
}

export async function findCredential(db: Executor, kind: DeviceKind, identity: string) {
  const [row] = await db
    .select()
    .from(deviceCredentials)
    .where(and(eq(deviceCredentials.kind, kind), eq(deviceCredentials.identity, identity)));
  return row;
}

/** The credential rows of several devices in one query (sign-ins arriving together). */
export async function findCredentials(db: Executor, devices: { kind: DeviceKind; identity: string }[]) {
  const identities = (kind: DeviceKind) => [...new Set(devices.filter((d) => d.kind === kind).map((d) => d.identity))];
  const robots = identities('robot');
  const controllers = identities('controller');
  const of = (kind: DeviceKind, list: string[]) =>
    list.length > 0 ? and(eq(deviceCredentials.kind, kind), inArray(deviceCredentials.identity, list)) : undefined;
  const where = or(of('robot', robots), of('controller', controllers));
  if (!where) return [];
  return db.select().from(deviceCredentials).where(where);
}

/** Writes a device's credential row, creating it when the device had none. */
export async function saveCredential(
  db: Executor,
  kind: DeviceKind,
  identity: string,
  values: Partial<Omit<typeof deviceCredentials.$inferInsert, 'kind' | 'identity'>> & { state: string },
) {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(deviceCredentials)
    .values({ kind, identity, ...set })
    .onConflictDoUpdate({ target: [deviceCredentials.kind, deviceCredentials.identity], set })
    .returning();
  return row;
}

/** Moves a row on only from the states given (an enrollment racing another loses here). */
export async function claimCredential(
  db: Executor,
  kind: DeviceKind,
  identity: string,
  fromStates: string[],
  values: Partial<typeof deviceCredentials.$inferInsert>,
) {
  const inserted = await db
    .insert(deviceCredentials)
    .values({ kind, identity, state: 'enrolled', ...values })
    .onConflictDoNothing()
    .returning({ id: deviceCredentials.id });
  if (inserted.length === 1) return true;
  const updated = await db
    .update(deviceCredentials)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(deviceCredentials.kind, kind),
        eq(deviceCredentials.identity, identity),
        inArray(deviceCredentials.state, fromStates),
      ),
    )
    .returning({ id: deviceCredentials.id });
  return updated.length === 1;
}

/** Records sign-ins, many in one statement; a device on the shared key gets a row of state `shared` the first time. */
export async function recordSignIns(
  db: Database,
  signIns: { kind: DeviceKind; identity: string; how: 'own' | 'shared'; at: Date }[],
) {
  if (signIns.length === 0) return;
  await db
    .insert(deviceCredentials)
    .values(
      signIns.map((s) => ({ kind: s.kind, identity: s.identity, state: 'shared', lastSignInAt: s.at, lastSignInKind: s.how })),
    )
    .onConflictDoUpdate({
      target: [deviceCredentials.kind, deviceCredentials.identity],
      set: { lastSignInAt: sql`excluded.last_sign_in_at`, lastSignInKind: sql`excluded.last_sign_in_kind` },
    });
}

/** A rotation's first use: the new secret replaces the old one. */
export async function promotePending(db: Database, id: number, pendingHash: string) {
  await db
    .update(deviceCredentials)
    .set({ secretHash: pendingHash, pendingHash: null, pendingUntil: null, updatedAt: new Date() })
    .where(and(eq(deviceCredentials.id, id), eq(deviceCredentials.pendingHash, pendingHash)));
}

export async function listCredentials(db: Database, kind?: DeviceKind): Promise<CredentialStatus[]> {
  const rows = await db
    .select()
    .from(deviceCredentials)
    .where(kind ? eq(deviceCredentials.kind, kind) : undefined)
    .orderBy(deviceCredentials.identity);
  return rows.map(toCredentialStatus);
}

export function toCredentialStatus(row: CredentialRow): CredentialStatus {
  const pending = row.pendingHash !== null && row.pendingUntil !== null && row.pendingUntil.getTime() > Date.now();
  return {
    kind: row.kind as DeviceKind,
    identity: row.identity,
    state: row.state as CredentialStatus['state'],
    rotationPending: pending,
    rotationUntil: pending ? row.pendingUntil!.toISOString() : null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    lastSignInKind: (row.lastSignInKind as CredentialStatus['lastSignInKind']) ?? null,
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
  };
}

/** Devices still on the shared key (state `shared`). */
export async function sharedKeyDevices(db: Database) {
  return db.select().from(deviceCredentials).where(eq(deviceCredentials.state, 'shared'));
}

export async function readSharedKeyEnabled(db: Database) {
  const [row] = await db.select().from(deviceSettings).where(eq(deviceSettings.id, 1));
  return row?.sharedKeyEnabled ?? true;
}

export async function writeSharedKeyEnabled(db: Database, enabled: boolean) {
  await db
    .insert(deviceSettings)
    .values({ id: 1, sharedKeyEnabled: enabled })
    .onConflictDoUpdate({ target: deviceSettings.id, set: { sharedKeyEnabled: enabled, updatedAt: new Date() } });
}
