import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';

/** Fills the embedded database in `dataDir` with `count` log records before a server opens it. */
export async function seedLogRecords(dataDir: string, count: number) {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.execute(sql`
      INSERT INTO logs (time, source, level, type, message)
      SELECT now() - make_interval(secs => g), 'system', 'info', 'seeded', 'seeded record ' || g || ' ' || repeat('x', 200)
      FROM generate_series(1, ${count}) AS g`);
  } finally {
    await database.close();
  }
}

/** Counts log records in the embedded database in `dataDir` (opening it proves it was closed cleanly enough to open). */
export async function countLogRecords(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM logs`);
    return result.rows[0].n;
  } finally {
    await database.close();
  }
}

/** Clients that keep sending requests over keep-alive connections until `stop()`. */
export function keepAliveLoad(url: string, authorization: string, clients: number) {
  let stopped = false;
  let answered = 0;
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (!stopped) {
      try {
        const res = await fetch(`${url}/api/v1/${i % 2 ? 'users' : 'logs?pageSize=50'}`, { headers: { authorization } });
        await res.arrayBuffer();
        answered++;
      } catch {
        // The server is going away: expected once it stops.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return {
    get answered() {
      return answered;
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The usernames of the users whose creation the audit log of the database in `dataDir` records as successful. */
export async function auditedUsernames(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute<{ username: string | null }>(
      sql`SELECT new_values->>'username' AS username FROM audit_records WHERE result = 'success' AND new_values ? 'username'`,
    );
    return new Set(result.rows.map((row) => row.username));
  } finally {
    await database.close();
  }
}
