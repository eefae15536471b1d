import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.ts';
import { requestsFirst } from './requests-first.ts';

export type Database = NodePgDatabase;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** The embedded database, when it is one. */
  embedded?: EmbeddedDatabase;
  /** Resolves when a background batch may go: on the embedded database's one connection, after the requests' queries. */
  backgroundTurn(): Promise<void>;
  close(): Promise<void>;
};

/** The longest a background batch lets the requests' queries go first (a steady stream of them must not stop it). */
const BACKGROUND_WAIT_MAX_MS = 200;

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

// timestamptz and bigint come back as strings we convert where we read them; keep int8 exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite
 * in `dataDir` (in memory when `dataDir` is undefined; `startFrom` a saved one to begin with).
 * Runs the migrations either way.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  startFrom?: string;
}): Promise<DatabaseHandle> {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedDatabase(options.dataDir, options.startFrom);
  const pool = embedded
    ? // One connection kept open: closing an idle one and reconnecting raced the socket server's
      // teardown and failed unrelated queries (EPIPE, ECONNRESET).
      new pg.Pool({ host: embedded.socketDir, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 })
    : new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  // An idle client's error (server restarted, socket closed) must not crash the process.
  pool.on('error', () => {});
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder });
    // Shutdown and its watchdog may both close: the second waits for the first.
    let closing: Promise<void> | undefined;
    return {
      db,
      pool,
      kind: embedded ? 'pglite' : 'postgres',
      embedded,
      backgroundTurn: embedded ? requestsFirst(pool, BACKGROUND_WAIT_MAX_MS) : async () => {},
      close() {
        closing ??= (async () => {
          await pool.end().catch(() => {});
          await embedded?.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.close();
    throw error;
  }
}
