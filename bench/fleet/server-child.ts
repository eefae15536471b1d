// The server under measurement, in its own process so its CPU and memory are its own: the
// whole app (embedded broker, PGlite on disk in a temp folder, robots module) listening on free
// ports. Talks to run.ts over IPC: 'ready' with its addresses, 'stats' on request.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RobotStatusPayload } from '@railserve/protocol';
import Fastify from 'fastify';
import { app } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { Histogram } from './histogram.ts';

const ADMIN_PASSWORD = 'bench-admin-pw';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-fleet-'));
await mkdir(path.join(dataDir, 'db'));
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
const secrets = {
  jwtSecret: randomBytes(32).toString('hex'),
  deviceKey: randomBytes(16).toString('hex'),
  serverBrokerPassword: randomBytes(16).toString('hex'),
};
const server = Fastify({ logger: false });
server.addHook('onClose', async () => {
  await database.close();
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
  },
  secrets,
  database,
});
await server.listen({ port: 0, host: '127.0.0.1' });
await server.mqtt.waitUntilConnected();

// From a status's own timestamp to the moment the fleet holds it in memory (broker + validation).
const ingest = new Histogram();
const fleet = server.robots;
const status = fleet.status.bind(fleet);
fleet.status = (payload: RobotStatusPayload, heardAt: Date) => {
  ingest.add(Date.now() - Date.parse(payload.ts));
  status(payload, heardAt);
};

const login = await server.inject({
  method: 'POST',
  url: '/api/v1/login',
  payload: { username: 'admin', password: ADMIN_PASSWORD },
});
const address = server.server.address();
process.send?.({
  type: 'ready',
  baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  brokerUrl: `mqtt://127.0.0.1:${server.brokerPorts!.tcp}`,
  deviceKey: secrets.deviceKey,
  serverBrokerPassword: secrets.serverBrokerPassword,
  token: login.json().data.token,
});

process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') {
    process.send?.({ type: 'stats', stats: { ...fleet.stats }, ingest: ingest.summary() });
    ingest.reset();
  }
  if (message.type === 'stop') {
    await server.close();
    process.exit(0);
  }
});
