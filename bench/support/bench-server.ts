import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { app } from '../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { generateUpdateSigningKey } from '../../apps/server/src/lib/secrets.ts';
import { freshPostgres } from '../../apps/server/test/support/postgres.ts';

export const ADMIN_PASSWORD = 'bench-admin-pw';

type BenchServerOptions = {
  /** Names the temp folder and the throw-away PostgreSQL database. */
  name: string;
  /**
   * `memory`: PGlite in memory; `disk`: PGlite in the temp folder (millions of rows do not fit
   * its 32-bit in-memory heap); a URL: a fresh database on that PostgreSQL server;
   * `{ sharedUrl }`: that database as it is (another instance's, which made and drops it).
   */
  database: 'memory' | 'disk' | { postgresUrl: string } | { sharedUrl: string };
  /** The secrets to run with (instances of one installation share them); fresh ones otherwise. */
  secrets?: BenchSecrets;
  /** Listen on free ports (HTTP and broker) rather than answer through `inject` only. */
  listen: boolean;
  config?: Partial<Config>;
  /** A data folder to use and keep (a server started again on it finds its database); a fresh temp folder otherwise. */
  dataDir?: string;
};

/** The real server app on a fresh database, signed in as the administrator. */
export type BenchSecrets = {
  jwtSecret: string;
  deviceKey: string;
  serverBrokerPassword: string;
  updateSigningKey: string;
  credentialKey: string;
};

export const freshSecrets = (): BenchSecrets => ({
  jwtSecret: randomBytes(32).toString('hex'),
  deviceKey: randomBytes(16).toString('hex'),
  serverBrokerPassword: randomBytes(16).toString('hex'),
  updateSigningKey: generateUpdateSigningKey(),
  credentialKey: randomBytes(32).toString('hex'),
});

export async function startBenchServer({
  name,
  database: where,
  listen,
  config,
  secrets = freshSecrets(),
  dataDir: keptDir,
}: BenchServerOptions) {
  const dataDir = keptDir ?? (await mkdtemp(path.join(os.tmpdir(), `rs-bench-${name}-`)));
  const postgres =
    typeof where === 'object' && 'postgresUrl' in where
      ? await freshPostgres(where.postgresUrl, `railserve_bench_${name}`)
      : undefined;
  const shared = typeof where === 'object' && 'sharedUrl' in where ? where.sharedUrl : undefined;
  if (where === 'disk') await mkdir(path.join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase(
    postgres || shared ? { databaseUrl: postgres?.url ?? shared } : where === 'disk' ? { dataDir: path.join(dataDir, 'db') } : {},
  );
  // No 10 s limit on starting: on a loaded machine the app's start (migrations, broker) can take longer.
  const server = Fastify({ logger: false, trustProxy: true, pluginTimeout: 0 });
  server.addHook('onClose', async () => {
    await database.close();
    await postgres?.drop();
    if (!keptDir) await rm(dataDir, { recursive: true, force: true });
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
    databaseUrl: postgres?.url ?? shared,
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    brokerUrl: `mqtt://127.0.0.1:${server.brokerPorts?.tcp ?? 0}`,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;
