import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL server, where tests and benchmarks make their throw-away databases. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throw-away database on the PostgreSQL server at `baseUrl`, so runs never see each other's rows;
 * a copy of `template` when given.
 */
export async function freshPostgres(
  baseUrl: string,
  prefix = 'railserve_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
