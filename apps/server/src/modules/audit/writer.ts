import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isDataError } from '../../lib/db-errors.ts';
import { FaultGuard } from '../../lib/fault-guard.ts';
import { insertAuditRecords, type NewAuditRecord } from './repository.ts';

/** What the writer did since it started (shown by /api/health). */
export type AuditWriterStats = { written: number; dropped: number; refused: number };

export type AuditWriter = {
  /** Queues a record; never throws and never waits for the database. */
  enqueue(record: NewAuditRecord): void;
  /**
   * Queues a record and resolves once it is in the database (or was refused or dropped, which is
   * logged): the audit hook waits on it before it lets an answer go, so nothing acknowledged lacks
   * its record. Never rejects.
   */
  write(record: NewAuditRecord): Promise<void>;
  /** Writes everything queued so far (tests and shutdown wait on it). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  readonly pending: number;
  readonly stats: AuditWriterStats;
};

/** `guard` catches a fault of a timed write (the app's, so /api/health counts it). */
export type AuditWriterOptions = { intervalMs?: number; batchSize?: number; maxQueued?: number; guard?: FaultGuard };

type Queued = { record: NewAuditRecord; stored?: () => void };

/**
 * Batches audit records into multi-row inserts: single-row autocommit inserts are slow on PGlite
 * (DESIGN 7). Records a request waits for are written at once, together with whatever else is
 * queued (requests arriving during one insert share the next: a group commit); the others wait
 * up to `intervalMs` or `batchSize`. A batch the database refuses is written again row by row,
 * so one bad record never costs another. The queue is bounded: beyond `maxQueued` records are
 * dropped, counted and logged, so an unreachable database cannot exhaust memory.
 */
export function createAuditWriter(db: Database, log: FastifyBaseLogger, options: AuditWriterOptions = {}): AuditWriter {
  const { intervalMs = 200, batchSize = 200, maxQueued = 50_000 } = options;
  const stats: AuditWriterStats = { written: 0, dropped: 0, refused: 0 };
  const guard = options.guard ?? new FaultGuard(log);
  let queue: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let droppedInBurst = 0;

  const insertBatch = async (batch: Queued[]) => {
    const records = batch.map((q) => q.record);
    try {
      await insertAuditRecords(db, records);
      stats.written += records.length;
    } catch (error) {
      if (!isDataError(error)) {
        // The database is unreachable: the records are lost, and said to be.
        stats.dropped += records.length;
        log.error({ err: error, records: records.length }, 'audit records could not be written');
        return;
      }
      log.error({ err: error, records: records.length }, 'audit batch refused; writing its records one by one');
      for (const record of records) {
        try {
          await insertAuditRecords(db, [record]);
          stats.written++;
        } catch (refused) {
          stats.refused++;
          log.error({ err: refused, type: record.type, target: record.target }, 'audit record refused by the database');
        }
      }
    } finally {
      for (const q of batch) q.stored?.();
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length > 0) {
      const batch = queue;
      queue = [];
      // One insert at a time keeps the records in order and the pool free for requests.
      writing = writing.then(() => insertBatch(batch));
    }
    return writing;
  };

  const push = (item: Queued) => {
    if (queue.length >= maxQueued) {
      // The database is gone or far behind: keep memory bounded and say so once per burst.
      stats.dropped++;
      if (droppedInBurst++ === 0) log.error('audit queue full; dropping records until the database catches up');
      item.stored?.();
      return false;
    }
    if (droppedInBurst > 0) {
      log.error({ dropped: droppedInBurst }, 'audit records dropped while the queue was full');
      droppedInBurst = 0;
    }
    queue.push(item);
    return true;
  };

  return {
    enqueue(record) {
      if (!push({ record })) return;
      if (queue.length >= batchSize) void flush();
      else if (!timer) {
        timer = setTimeout(() => guard.run({ where: 'the audit writer' }, flush), intervalMs);
        timer.unref();
      }
    },
    write(record) {
      return new Promise<void>((resolve) => {
        if (push({ record, stored: resolve })) void flush();
      });
    },
    flush,
    async close() {
      await flush();
    },
    get pending() {
      return queue.length;
    },
    stats,
  };
}
