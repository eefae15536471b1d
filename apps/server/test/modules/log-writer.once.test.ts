import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createEventLog, LOG_BATCH_SIZE } from '../../src/modules/logs/writer.ts';

// The log writer against a database whose statements end when the test says so: batches written
// at once where the database has connections to spare, and a record counted as committed (what the
// broker's acknowledgement waits for) only once it and every record before it are stored.

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;

function heldDatabase() {
  const statements: { finish: () => void; fail: (error: Error) => void }[] = [];
  const execute = () => new Promise((resolve, reject) => statements.push({ finish: () => resolve({ rows: [] }), fail: reject }));
  return { db: { execute } as unknown as Database, statements };
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function writeRecords(writer: ReturnType<typeof createEventLog>, count: number) {
  for (let i = 0; i < count; i++) writer.write({ source: 'robot', level: 'info', type: 'status', message: `line ${i}` });
}

describe('log writer', () => {
  it('writes two whole batches at once, and counts a record committed only once every record before it is stored', async () => {
    const { db, statements } = heldDatabase();
    const writer = createEventLog(db, log, undefined, 2);
    // What the first batch's records wait for, then a second batch's records.
    writeRecords(writer, LOG_BATCH_SIZE);
    let committed = false;
    void writer.committed().then(() => (committed = true));
    writeRecords(writer, LOG_BATCH_SIZE);
    await until(() => statements.length === 2, 'two statements at once');

    // The second batch is stored first: the first batch's records are not committed by that.
    statements[1].finish();
    await pause(50);
    expect(committed).toBe(false);
    expect(writer.pending).toBe(LOG_BATCH_SIZE);

    statements[0].finish();
    await until(() => committed, 'the records committed');
    expect(writer.stats.written).toBe(2 * LOG_BATCH_SIZE);
    expect(writer.pending).toBe(0);
    await writer.close();
  });

  it('keeps a quiet trickle to one statement at a time, and one connection to one batch at a time', async () => {
    for (const parallel of [1, 2]) {
      const { db, statements } = heldDatabase();
      const writer = createEventLog(db, log, undefined, parallel);
      writeRecords(writer, 5);
      await until(() => statements.length === 1, 'the first statement');
      writeRecords(writer, parallel === 1 ? 2 * LOG_BATCH_SIZE : 5);
      await pause(100);
      expect(statements).toHaveLength(1);
      statements[0].finish();
      await until(() => statements.length === 2, 'the next statement');
      statements[1].finish();
      if (parallel === 1) {
        await until(() => statements.length === 3, 'the last statement');
        statements[2].finish();
      }
      await writer.close();
      expect(writer.stats.written).toBe(parallel === 1 ? 5 + 2 * LOG_BATCH_SIZE : 10);
    }
  });

  it('writes a batch again when the database was away, and loses none of it', async () => {
    const { db, statements } = heldDatabase();
    const writer = createEventLog(db, log, undefined, 2);
    writeRecords(writer, 2 * LOG_BATCH_SIZE);
    let committed = false;
    void writer.committed().then(() => (committed = true));
    await until(() => statements.length === 2, 'two statements at once');
    statements[0].fail(new Error('connection terminated'));
    statements[1].finish();
    await until(() => statements.length === 3, 'the first batch again');
    expect(committed).toBe(false);
    statements[2].finish();
    await until(() => committed, 'the records committed');
    expect(writer.stats).toEqual({ written: 2 * LOG_BATCH_SIZE, dropped: 0, refused: 0 });
    await writer.close();
  });
});
