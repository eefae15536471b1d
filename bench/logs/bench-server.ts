import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { app } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const ADMIN_PASSWORD = 'bench-admin-pw';

/**
 * The real server, listening on a free port (exports are measured over real HTTP, so the
 * stream's memory is the server's, not a buffered inject). PGlite lives on disk in a temp
 * folder: millions of rows do not fit its 32-bit in-memory heap.
 */
export async function startBenchServer(db: 'pglite' | 'postgres', postgresUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-logs-'));
  const postgres = db === 'postgres' ? await freshPostgres(postgresUrl) : undefined;
  if (!postgres) await mkdir(path.join(dataDir, 'db'));
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: path.join(dataDir, 'db') });
  const server = Fastify({ logger: false });
  server.addHook('onClose', async () => {
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    deviceKey: randomBytes(16).toString('hex'),
    serverBrokerPassword: randomBytes(16).toString('hex'),
  };
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
      // The service's own daily retention would start removing the oldest generated records a
      // minute in; the benchmark measures retention itself, on its own schedule.
      logRetentionDays: 3650,
    },
    secrets,
    database,
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  await server.mqtt.waitUntilConnected();
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await server.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return {
    server,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    brokerUrl: `mqtt://127.0.0.1:${server.brokerPorts!.tcp}`,
    deviceKey: secrets.deviceKey,
    headers: { authorization: `Bearer ${login.json().data.token}` },
  };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

async function freshPostgres(baseUrl: string) {
  const name = `railserve_bench_logs_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
