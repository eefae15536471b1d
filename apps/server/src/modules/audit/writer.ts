import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { insertAuditRecords, type NewAuditRecord } from './repository.ts';

export type AuditWriter = {
  /** Queues a record; never throws and never waits for the database. */
  enqueue(record: NewAuditRecord): void;
  /** Writes everything queued so far (tests and shutdown wait on it). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  readonly pending: number;
};

export type AuditWriterOptions = { intervalMs?: number; batchSize?: number; maxQueued?: number };

/**
 * Batches audit records into multi-row inserts: single-row autocommit inserts are slow on PGlite
 * (DESIGN 7) and a request should not wait for its own audit row. Flushes every `intervalMs`, at
 * `batchSize` records and on close. A failed insert is logged and its records dropped: the audit
 * log must never fail or stall the requests it describes.
 */
export function createAuditWriter(db: Database, log: FastifyBaseLogger, options: AuditWriterOptions = {}): AuditWriter {
  const { intervalMs = 200, batchSize = 200, maxQueued = 50_000 } = options;
  let queue: NewAuditRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  const write = async (batch: NewAuditRecord[]) => {
    try {
      await insertAuditRecords(db, batch);
    } catch (error) {
      log.error({ err: error, records: batch.length }, 'audit records could not be written');
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length > 0) {
      const batch = queue;
      queue = [];
      // One insert at a time keeps the records in order and the pool free for requests.
      writing = writing.then(() => write(batch));
    }
    return writing;
  };

  return {
    enqueue(record) {
      if (queue.length >= maxQueued) {
        // The database is gone or far behind: keep memory bounded and say so once per burst.
        if (dropped++ === 0) log.error('audit queue full; dropping records until the database catches up');
        return;
      }
      if (dropped > 0) {
        log.error({ dropped }, 'audit records dropped while the queue was full');
        dropped = 0;
      }
      queue.push(record);
      if (queue.length >= batchSize) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush();
    },
    get pending() {
      return queue.length;
    },
  };
}
