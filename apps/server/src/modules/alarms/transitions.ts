import type { AlarmClearedBy } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import * as repo from './repository.ts';

/** An active alarm as the lifecycle holds it; `id` is set once its row exists. */
export type Open = { id?: number };

/** A change of one alarm the lifecycle decided on, waiting to be written. */
export type Transition =
  | { kind: 'raise'; open: Open; values: repo.NewAlarm }
  | { kind: 'clear'; open: Open; by: AlarmClearedBy }
  | { kind: 'repeat'; open: Open };

type Row = Awaited<ReturnType<typeof repo.openAlarms>>[number];

/**
 * The most transitions one statement writes. The embedded database has one connection: between two
 * statements of a storm the API's reads queued meanwhile get their turn, so a storm of 5,000 is 50
 * short statements with reads between them, not one long one they all wait for; the storm takes
 * no longer to write (bench/alarms/writes.ts, docs/benchmarks.md).
 */
export const TRANSITIONS_PER_STATEMENT = 100;
/**
 * On PostgreSQL the API reads on connections of their own, so nothing waits for a longer statement,
 * and each statement's round trip is what a storm costs on a busy machine: a storm of 5,000 raises
 * is then five statements.
 */
export const TRANSITIONS_PER_STATEMENT_POSTGRES = 1000;

/**
 * Writes transitions in their order, a run of the same kind at a time: a run of raises is one
 * statement (the alarms and their timeline entries) per `perStatement`, a run of clears
 * likewise per kind of clear. A storm of 5,000 robots raising one code is then a few statements,
 * not 10,000. A run the database refuses is written again one transition at a time, so only the bad
 * one is lost. `done` hears each row written.
 */
export async function writeTransitions(
  db: Database,
  log: FastifyBaseLogger,
  batch: Transition[],
  done: (row: Row) => void,
  perStatement: number,
) {
  for (const run of runs(batch, perStatement)) {
    try {
      await writeRun(db, run, done);
    } catch (error) {
      if (run.length === 1) throw error;
      for (const one of run) {
        try {
          await writeRun(db, [one], done);
        } catch (oneError) {
          log.error({ err: oneError, kind: one.kind }, 'an alarm transition failed');
        }
      }
    }
  }
}

function* runs(batch: Transition[], perStatement: number) {
  let run: Transition[] = [];
  for (const t of batch) {
    if (run.length > 0 && (run[0].kind !== t.kind || run.length >= perStatement)) {
      yield run;
      run = [];
    }
    run.push(t);
  }
  if (run.length > 0) yield run;
}

async function writeRun(db: Database, run: Transition[], done: (row: Row) => void) {
  const kind = run[0].kind;
  if (kind === 'raise') return raiseAll(db, run as Extract<Transition, { kind: 'raise' }>[], done);
  if (kind === 'clear') return clearAll(db, run as Extract<Transition, { kind: 'clear' }>[], done);
  for (const { open } of run) {
    if (open.id === undefined) continue;
    const row = await repo.repeatAlarm(db, open.id, new Date());
    if (!row) continue;
    await repo.insertEvents(db, [{ alarmId: row.id, kind: 'repeated', count: row.count }]);
    done(row);
  }
}

async function raiseAll(db: Database, run: Extract<Transition, { kind: 'raise' }>[], done: (row: Row) => void) {
  const key = (sn: string, code: string) => `${sn}\u0000${code}`;
  const inserted = new Map(
    (
      await repo.openAlarms(
        db,
        run.map((t) => t.values),
      )
    ).map((row) => [key(row.robotSn, row.code), row]),
  );
  for (const { open, values } of run) {
    // Another instance opened it first: then it wrote the timeline's entry.
    const row = inserted.get(key(values.robotSn, values.code)) ?? (await repo.findActive(db, values.robotSn, values.code));
    if (!row) continue;
    open.id = row.id;
    done(row);
  }
}

async function clearAll(db: Database, run: Extract<Transition, { kind: 'clear' }>[], done: (row: Row) => void) {
  const at = new Date();
  const byKind = new Map<AlarmClearedBy, number[]>();
  for (const { open, by } of run) {
    if (open.id === undefined) continue;
    const ids = byKind.get(by) ?? [];
    ids.push(open.id);
    byKind.set(by, ids);
  }
  for (const [by, ids] of byKind) {
    for (const row of await repo.clearAlarms(db, ids, by, at)) done(row);
  }
}
