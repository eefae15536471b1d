import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../src/db/embedded.ts';

// PGlite only. A failed query, and a connection dropped and opened again right away (as the pool
// does after an error or an idle timeout), must not fail unrelated queries: with room for one
// connection only, the embedded socket server refused the new connection while the old socket
// was still closing, and good queries failed with EPIPE / ECONNRESET / "Too many connections".
let embedded: EmbeddedDatabase | undefined;
afterAll(() => embedded?.close());

const connection = async (socketDir: string) => {
  const client = new pg.Client({ host: socketDir, user: 'postgres', database: 'postgres' });
  client.on('error', () => {});
  await client.connect();
  return client;
};

describe('embedded database under failing queries', () => {
  it('fails only the bad query when its connection is replaced at once', async () => {
    embedded = await startEmbeddedDatabase(undefined);
    const failures: string[] = [];
    for (let i = 0; i < 15; i++) {
      const failing = await connection(embedded.socketDir);
      const bad = await failing.query('select $1::int', ['not a number']).catch((error: { code?: string }) => error.code);
      if (bad !== '22P02') failures.push(`bad query ${i}: ${String(bad)}`);
      // Dropped without waiting for the close, as a pool drops a broken connection, and replaced.
      void failing.end();
      try {
        const next = await connection(embedded.socketDir);
        await next.query('select 1');
        await next.end();
      } catch (error) {
        failures.push(`good query ${i}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
