import type { CreateSessionBody, Session, UpdateSessionBody } from '@railserve/protocol';
import { suggestedSessionCode } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** A save whose session is stored but whose track assignment failed (answered 207). */
export type SessionSave = { session: Session; assignmentError?: string; requestedTrackIds?: number[] };

const uniqueViolation = (error: unknown): string | undefined => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e.code === '23505') return e.constraint ?? '';
  if (e.cause?.code === '23505') return e.cause.constraint ?? '';
  return undefined;
};

async function checkUnique(db: Database, body: { code?: string; mac?: string }, selfId?: number) {
  if (body.code) {
    const other = await repo.findSessionByCode(db, body.code);
    if (other && other.id !== selfId) throw conflict('session_code_taken', `Session code ${body.code} is taken`);
  }
  if (body.mac) {
    const other = await repo.findSessionByMac(db, body.mac);
    if (other && other.id !== selfId) {
      throw conflict('mac_taken', `MAC address ${body.mac} belongs to session ${other.code}`, { sessionCode: other.code });
    }
  }
}

/**
 * One session per track: a requested track that does not exist answers 400, one held by another
 * session 409 naming the track and its session. Checked before anything is written.
 */
async function checkTracks(db: Database, ids: number[], selfId?: number) {
  const found = await repo.tracksForAssignment(db, ids);
  const known = new Set(found.map((t) => t.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw badRequest('track_not_found', `Unknown track ids: ${missing.join(', ')}`, { trackIds: missing });
  const held = found.filter((t) => t.sessionId !== null && t.sessionId !== selfId);
  if (held.length) {
    const names = held.map((t) => `"${t.name}" (session ${t.sessionCode})`).join(', ');
    throw conflict('track_assigned_elsewhere', `Track ${names} already belongs to another session`, {
      tracks: held.map((t) => ({ id: t.id, name: t.name, sessionId: t.sessionId, sessionCode: t.sessionCode })),
    });
  }
}

function rethrowUnique(error: unknown, body: { code?: string; mac?: string }): never {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) throw error;
  if (constraint.includes('mac')) throw conflict('mac_taken', `MAC address ${body.mac} is taken`);
  throw conflict('session_code_taken', `Session code ${body.code} is taken`);
}

/**
 * The second step of a save: the session row is committed, so a failure here leaves it saved
 * with its previous tracks and is reported, not thrown (spec: "track assignment failed while
 * the session was saved").
 */
async function assign(db: Database, sessionId: number, trackIds: number[]): Promise<SessionSave> {
  let assignmentError: string | undefined;
  try {
    await repo.replaceSessionTracks(db, sessionId, trackIds);
  } catch (error) {
    // Drizzle wraps the database's error in one that quotes the SQL; the reason is the cause.
    const cause = (error as { cause?: unknown }).cause;
    assignmentError = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  }
  const session = await repo.findSession(db, sessionId);
  if (!session) throw notFound('Session');
  return { session, assignmentError, requestedTrackIds: trackIds };
}

export async function createSession(db: Database, body: CreateSessionBody): Promise<SessionSave> {
  await checkUnique(db, body);
  await checkTracks(db, body.trackIds);
  const row = await repo
    .insertSession(db, { code: body.code, name: body.name, mac: body.mac, note: body.note || null })
    .catch((error) => rethrowUnique(error, body));
  if (body.trackIds.length === 0) return { session: repo.toSession(row, []) };
  return assign(db, row.id, body.trackIds);
}

export async function editSession(db: Database, id: number, body: UpdateSessionBody): Promise<SessionSave> {
  const current = await repo.findSession(db, id);
  if (!current) throw notFound('Session');
  await checkUnique(db, body, id);
  if (body.trackIds) await checkTracks(db, body.trackIds, id);
  await repo
    .updateSession(db, id, {
      code: body.code,
      name: body.name,
      mac: body.mac,
      note: body.note === undefined ? undefined : body.note || null,
    })
    .catch((error) => rethrowUnique(error, body));
  if (!body.trackIds) return { session: (await repo.findSession(db, id))! };
  return assign(db, id, body.trackIds);
}

export async function getSession(db: Database, id: number) {
  const session = await repo.findSession(db, id);
  if (!session) throw notFound('Session');
  return session;
}

export async function removeSession(db: Database, id: number) {
  // The tracks stay; the foreign key frees them (ON DELETE SET NULL).
  if ((await repo.deleteSession(db, id)) === 0) throw notFound('Session');
}

/** The next free `S{year}{serial}` (serial at least 3 digits) after the highest one used this year. */
export async function nextSessionCode(db: Database, now = new Date()) {
  const year = now.getFullYear();
  const prefix = `S${year}`;
  const serials = (await repo.codesWithPrefix(db, prefix)).map((c) => Number(c.slice(prefix.length)));
  const next = serials.reduce((max, n) => (Number.isSafeInteger(n) && n > max ? n : max), 0) + 1;
  return suggestedSessionCode(year, next);
}
