import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { app } from '../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

export const ADMIN_PASSWORD = 'bench-admin-pw';

type BenchServerOptions = {
  /** Names the temp folder and the throw-away PostgreSQL database. */
  name: string;
  /**
   * `memory`: PGlite in memory; `disk`: PGlite in the temp folder (millions of rows do not fit
   * its 32-bit in-memory heap); a URL: a fresh database on that PostgreSQL server.
   */
  database: 'memory' | 'disk' | { postgresUrl: string };
  /** Listen on free ports (HTTP and broker) rather than answer through `inject` only. */
  listen: boolean;
  config?: Partial<Config>;
};

/** The real server app on a fresh database, signed in as the administrator. */
export async function startBenchServer({ name, database: where, listen, config }: BenchServerOptions) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `rs-bench-${name}-`));
  const postgres = typeof where === 'object' ? await freshPostgres(where.postgresUrl, name) : undefined;
  if (where === 'disk') await mkdir(path.join(dataDir, 'db'));
  const database = await openDatabase(
    postgres ? { databaseUrl: postgres.url } : where === 'disk' ? { dataDir: path.join(dataDir, 'db') } : {},
  );
  const secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    deviceKey: randomBytes(16).toString('hex'),
    serverBrokerPassword: randomBytes(16).toString('hex'),
  };
  const server = Fastify({ logger: false, trustProxy: true });
  server.addHook('onClose', async () => {
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  await server.register(app, {
    config: {
      ...loadConfig({}),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      mqttPort: 0,
      mqttWsPort: 0,
      adminPassword: ADMIN_PASSWORD,
      loginAttemptsPerMinute: 100_000,
      logLevel: 'silent',
      ...config,
    },
    secrets,
    database,
  });
  if (listen) await server.listen({ port: 0, host: '127.0.0.1' });
  else await server.ready();
  await server.mqtt.waitUntilSubscribed();
  const address = server.server.address();
  const login = await server.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const token: string = login.json().data.token;
  return {
    server,
    database,
    secrets,
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    brokerUrl: `mqtt://127.0.0.1:${server.brokerPorts?.tcp ?? 0}`,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** A throw-away database on the PostgreSQL server, so runs never see each other's rows. */
async function freshPostgres(baseUrl: string, name: string) {
  const database = `railserve_bench_${name}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${database}`);
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}
