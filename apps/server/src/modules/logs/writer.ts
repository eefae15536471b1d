import { LOG_MESSAGE_MAX, LOG_TYPE_MAX, type LogLevel, type LogSource } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { FaultGuard } from '../../lib/fault-guard.ts';
import { stripNulText } from '../../lib/nul.ts';
import type { NameSource, NameSources } from './names.ts';
import { insertLogRows, type NamedLogRow } from './repository.ts';

/** What a module hands the log: `ts` defaults to now; names default to their owners' (names.ts). */
export type LogEntry = {
  source: LogSource;
  level: LogLevel;
  type: string;
  message: string;
  trackId?: number | null;
  robotSn?: string | null;
  trackName?: string | null;
  robotName?: string | null;
  /** The record's time: the server's own events may give it; default now (when it was received). */
  ts?: string | Date;
  /** The time a device claims in its payload: kept as a field, never used for ordering or retention. */
  deviceTs?: string | Date;
  /** Who published it on the broker (broker/sender.ts). */
  sender?: string;
  /**
   * The broker message it came from (deliveryKeyOf): a message the broker delivers again is
   * stored once. The server's own events have none.
   */
  deliveryKey?: string;
};

export type EventLog = {
  /** Queues a record; batched, never throws into the caller. */
  write(entry: LogEntry): void;
  /** How the writer names robots (by SN) and tracks (by id); the robots and tracks modules give their sources. */
  setNameSource(kind: keyof NameSources, source: NameSource): void;
  /** Resolves once everything queued so far is stored (or given up). */
  flush(): Promise<void>;
  /**
   * Resolves once every record queued so far has left the queue (stored, refused by the database,
   * or lost at shutdown), without hurrying the next batch; never rejects. The broker ingest holds
   * a message's acknowledgement on it.
   */
  committed(): Promise<void>;
  /** Records waiting to be written. */
  readonly pending: number;
  /** Written, dropped (backlog full) and refused (by the database) since the start: /api/health shows them. */
  readonly stats: { written: number; dropped: number; refused: number };
  close(): Promise<void>;
};

export const LOG_BATCH_SIZE = 1000;
const FLUSH_DELAY_MS = 50;
/** A database outage longer than this backlog drops the newest records (and says how many). */
const MAX_PENDING = 200_000;
const RETRY_MAX_MS = 30_000;

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** `guard` catches a fault of a timed write (the app's, so /api/health counts it). */
export function createEventLog(
  db: Database,
  log: FastifyBaseLogger,
  guard = new FaultGuard(log),
  /** Batches written at once; more than one only where the database has connections to spare. */
  parallel = 1,
  /** Awaited before each batch's statement (the requests' turn first on the embedded database). */
  turn: () => Promise<void> = async () => {},
): EventLog {
  const names: NameSources = {};
  let queue: NamedLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let dropped = 0;
  const stats = { written: 0, dropped: 0, refused: 0 };
  let closing = false;
  let retryMs = 0;
  // Records queued and records done since the start; a waiter resolves once `done` reaches its mark.
  let queued = 0;
  let done = 0;
  /** Bumped whenever a batch is taken: a waiter from before may not take later records into its mark. */
  let batches = 0;
  const waiters: { mark: number; batch: number; resolve: () => void; promise: Promise<void> }[] = [];
  const settle = (count: number) => {
    done += count;
    while (waiters.length > 0 && waiters[0].mark <= done) waiters.shift()!.resolve();
  };

  const toRow = (entry: LogEntry): NamedLogRow => {
    const time = entry.ts instanceof Date ? entry.ts : new Date(entry.ts ?? Date.now());
    const deviceTime = entry.deviceTs === undefined ? null : new Date(entry.deviceTs);
    return {
      time: Number.isNaN(time.getTime()) ? new Date() : time,
      deviceTime: deviceTime && !Number.isNaN(deviceTime.getTime()) ? deviceTime : null,
      source: entry.source,
      level: entry.level,
      // Device payloads may hold NUL, which PostgreSQL refuses: stripped, the record is kept.
      type: stripNulText(String(entry.type)).slice(0, LOG_TYPE_MAX),
      message: stripNulText(String(entry.message)).slice(0, LOG_MESSAGE_MAX),
      trackId: entry.trackId ?? null,
      robotSn: clip(stripNulText(entry.robotSn), 64),
      trackName: clip(stripNulText(entry.trackName), 128),
      robotName: clip(stripNulText(entry.robotName), 64),
      sender: clip(stripNulText(entry.sender), 128),
      deliveryKey: entry.deliveryKey ?? null,
      namesGiven: { track: entry.trackName !== undefined, robot: entry.robotName !== undefined },
    };
  };

  const store = async (batch: NamedLogRow[]) => {
    await turn();
    await insertLogRows(db, batch, names);
  };

  /** Batches being written, oldest first: their records are settled in this order. */
  const writing: { size: number; stored: Promise<boolean> }[] = [];
  let writingRows = 0;
  const wakers = new Set<() => void>();

  /** Stores one batch, retrying while the database is away; false when closing put it back in the queue. */
  const writeBatch = async (batch: NamedLogRow[]): Promise<boolean> => {
    for (;;) {
      try {
        await store(batch);
        stats.written += batch.length;
        retryMs = 0;
        return true;
      } catch (error) {
        if (!isTransient(error)) {
          // One bad record must not hold back the others: store them one by one.
          await storeOneByOne(batch);
          return true;
        }
        retryMs = Math.min(RETRY_MAX_MS, retryMs ? retryMs * 2 : 500);
        log.error(
          { err: error, pending: queue.length + writingRows, retryInMs: retryMs },
          'writing log records failed; retrying',
        );
        if (closing) {
          queue = batch.concat(queue);
          return false;
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            wakers.delete(wake);
            resolve();
          };
          wakers.add(wake);
          setTimeout(wake, retryMs).unref();
        });
      }
    }
  };

  const drainLoop = async () => {
    // Closing with the database away: a batch went back to the queue for close's last attempt.
    let putBack = false;
    while (queue.length > 0 || writing.length > 0) {
      // A second batch at once only when a whole one is waiting: a quiet fleet's records stay one statement.
      while (
        !putBack &&
        queue.length > 0 &&
        (writing.length === 0 || (writing.length < parallel && queue.length >= LOG_BATCH_SIZE))
      ) {
        const batch = queue.slice(0, LOG_BATCH_SIZE);
        queue = queue.slice(batch.length);
        batches++;
        writingRows += batch.length;
        // Pending until stored (or back in the queue), though committed only in order.
        writing.push({ size: batch.length, stored: writeBatch(batch).finally(() => (writingRows -= batch.length)) });
      }
      const oldest = writing.shift();
      if (!oldest) return;
      if (await oldest.stored) settle(oldest.size);
      else putBack = true;
    }
  };

  const storeOneByOne = async (batch: NamedLogRow[]) => {
    for (const row of batch) {
      try {
        // A record the database refuses with its names looked up is tried once more without them.
        await store([row]).catch(() => insertLogRows(db, [row]));
        stats.written++;
      } catch (error) {
        stats.refused++;
        log.error({ err: error, record: { ...row, message: row.message.slice(0, 200) } }, 'log record rejected by the database');
      }
    }
  };

  const drain = () => {
    timer = undefined;
    draining ??= drainLoop().finally(() => {
      draining = undefined;
      if (queue.length > 0 && !closing) schedule();
    });
    return draining;
  };

  const schedule = () => {
    if (draining || timer) return;
    timer = setTimeout(() => guard.run({ where: 'the log writer' }, drain), queue.length >= LOG_BATCH_SIZE ? 0 : FLUSH_DELAY_MS);
  };

  return {
    write(entry) {
      try {
        if (queue.length >= MAX_PENDING) {
          stats.dropped++;
          if (dropped++ % 10_000 === 0) log.error({ dropped, pending: queue.length }, 'log backlog full: dropping new records');
          return;
        }
        queue.push(toRow(entry));
        queued++;
        schedule();
      } catch (error) {
        log.error({ err: error }, 'log record not queued');
      }
    },
    setNameSource(kind, source) {
      names[kind] = source;
    },
    async flush() {
      if (timer) clearTimeout(timer);
      while (queue.length > 0 || draining) await drain();
    },
    committed() {
      if (done >= queued) return Promise.resolve();
      const last = waiters.at(-1);
      if (last && last.batch === batches) {
        last.mark = queued;
        return last.promise;
      }
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      waiters.push({ mark: queued, batch: batches, resolve, promise });
      return promise;
    },
    get pending() {
      return queue.length + writingRows;
    },
    stats,
    async close() {
      // One last attempt for what is queued; a database that is gone by now will not come back.
      closing = true;
      if (timer) clearTimeout(timer);
      for (const wake of wakers) wake();
      await draining;
      await drain();
      if (queue.length > 0) log.error({ lost: queue.length }, 'log records could not be written before shutdown');
      settle(queue.length);
    },
  };
}

/**
 * Worth retrying: the connection (no SQLSTATE: socket closed, refused), SQLSTATE classes 08
 * (connection), 40 (serialization), 53 (resources) and 57 (shutdown). Any other refusal would
 * refuse the same rows again.
 */
function isTransient(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = [e.cause?.code, e.code].find((c) => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
  return code === undefined || /^(08|40|53|57)/.test(code);
}
