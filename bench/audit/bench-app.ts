import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { app } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

export const ADMIN_PASSWORD = 'bench-admin-pw';

/**
 * The real server app on a fresh database: embedded PGlite (in memory) by default, or the
 * a fresh database on the PostgreSQL server at BENCH_DATABASE_URL. Nothing listens on HTTP; requests go through inject.
 */
export async function buildBenchApp() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-audit-'));
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : undefined;
  const database = await openDatabase({ databaseUrl: postgres?.url });
  const server = Fastify({ logger: false, trustProxy: true });
  server.addHook('onClose', async () => {
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  await server.register(app, {
    config: {
      ...loadConfig({}),
      dataDir,
      mqttPort: 0,
      mqttWsPort: 0,
      adminPassword: ADMIN_PASSWORD,
      loginAttemptsPerMinute: 100_000,
      logLevel: 'silent',
    },
    secrets: {
      jwtSecret: randomBytes(32).toString('hex'),
      deviceKey: randomBytes(16).toString('hex'),
      serverBrokerPassword: randomBytes(16).toString('hex'),
    },
    database,
  });
  await server.ready();
  const login = await server.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return { server, database, headers: { authorization: `Bearer ${login.json().data.token}` } };
}

/** A throw-away database on the PostgreSQL server, so runs never see each other's rows. */
async function freshPostgres(baseUrl: string) {
  const name = `railserve_bench_${process.pid}`;
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

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  return `${os.cpus().length} CPUs (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${cpu}, Node ${process.version}`;
}
