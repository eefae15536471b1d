import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../src/db/embedded.ts';
import { requestsFirst } from '../../src/db/requests-first.ts';

// PGlite only. On the embedded database's one connection, a background batch (the log writer's)
// lets a request's reads go first, however they follow one another, but is not held up for long
// by a steady stream of them.
let embedded: EmbeddedDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase(undefined);
  pool = new pg.Pool({ host: embedded.socketDir, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
});
afterAll(async () => {
  await pool.end();
  await embedded.close();
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a background batch on the one connection', () => {
  it('runs after a request’s reads, the second of which was asked for only when the first answered', async () => {
    const turn = requestsFirst(pool, 5000);
    const order: string[] = [];
    const request = (async () => {
      await pool.query('select pg_sleep(0.1)');
      order.push('first read');
      await pool.query('select 1');
      order.push('second read');
    })();
    await nextTurn();
    const batch = turn()
      .then(() => pool.query('select 2'))
      .then(() => order.push('batch'));
    await Promise.all([request, batch]);
    expect(order).toEqual(['first read', 'second read', 'batch']);
  });

  it('goes at once on an idle connection', async () => {
    const turn = requestsFirst(pool, 5000);
    let went = false;
    void turn().then(() => {
      went = true;
    });
    await nextTurn();
    expect(went).toBe(true);
  });

  it('goes within its longest wait while reads keep coming', async () => {
    const turn = requestsFirst(pool, 100);
    let reading = true;
    let reads = 0;
    const stream = (async () => {
      while (reading) {
        await pool.query('select pg_sleep(0.01)');
        reads++;
      }
    })();
    await nextTurn();
    await turn();
    const readsBefore = reads;
    reading = false;
    await stream;
    // The stream went on for some reads, and the batch did not wait for it to end.
    expect(readsBefore).toBeGreaterThan(0);
    expect(reads - readsBefore).toBeLessThanOrEqual(1);
  });
});
