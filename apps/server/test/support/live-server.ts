import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brokerClientId } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { exited, type ServerProcess, startServerProcess } from './server-process.ts';

const ADMIN_PASSWORD = 'live-server-admin';

/** The real server process with its broker ports and device key: tests and bench/broker attack it from outside. */
export type LiveServer = ServerProcess & {
  dataDir: string;
  deviceKey: string;
  ports: { tcp: number; ws: number };
  /** True while the process runs. */
  alive(): boolean;
  /** Whether `/api/health` answers (any status) within a few seconds. */
  health(): Promise<boolean>;
  stop(): Promise<void>;
};

/**
 * Starts the server as `npm start` runs it (scripts/start-server.mjs, no supervisor: a crash ends
 * it for good) on free ports, with a temporary DATA_DIR unless one is given (a restart keeps it).
 */
export async function startLiveServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<LiveServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'rs-live-')));
  const deviceKey = 'live-server-device-key-0123456789';
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    DEVICE_KEY: deviceKey,
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    ...options.env,
  });
  const ports = /Embedded MQTT broker: tcp (\d+) \(devices\), ws (\d+)/.exec(server.output());
  if (!ports) throw new Error(`no broker ports in the output:\n${server.output()}`);
  return {
    ...server,
    dataDir,
    deviceKey,
    ports: { tcp: Number(ports[1]), ws: Number(ports[2]) },
    alive: () => server.child.exitCode === null && server.child.signalCode === null,
    health: () =>
      fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        () => true,
        () => false,
      ),
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await exited(server.child);
    },
  };
}

export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });

async function api<T>(server: LiveServer, method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const loginToken = (server: LiveServer, username: string, password: string) =>
  api<{ token: string }>(server, 'POST', '/login', { username, password }).then((d) => d.token);

/** A session token of a new user of `level` (3 is the lowest), created by the administrator. */
export async function userToken(server: LiveServer, level: 0 | 1 | 2 | 3): Promise<string> {
  const admin = await loginToken(server, 'admin', ADMIN_PASSWORD);
  const username = `live${level}_${randomBytes(3).toString('hex')}`;
  await api(server, 'POST', '/users', { username, password: 'live-user-pw', permission: level }, admin);
  return loginToken(server, username, 'live-user-pw');
}

/** Who connects: every identity the broker knows but the server itself (broker/acl.ts). */
export type LiveIdentity =
  | { role: 'robot'; sn: string }
  | { role: 'controller'; trackId: number }
  | { role: 'web'; token: string }
  | { role: 'site_server' | 'tablet'; sessionCode: string };

/** Connects as `identity` (browsers over WebSocket, devices over TCP); resolves once signed in. */
export function connectAs(server: LiveServer, identity: LiveIdentity): Promise<MqttClient> {
  const tcp = `mqtt://127.0.0.1:${server.ports.tcp}`;
  const common = { reconnectPeriod: 0, connectTimeout: 10_000 };
  switch (identity.role) {
    case 'web':
      return mqtt.connectAsync(`ws://127.0.0.1:${server.ports.ws}`, {
        ...common,
        username: 'web',
        password: identity.token,
        clientId: brokerClientId.web(randomBytes(8).toString('hex')),
      });
    case 'robot':
      return mqtt.connectAsync(tcp, {
        ...common,
        username: identity.sn,
        password: server.deviceKey,
        clientId: brokerClientId.robot(identity.sn),
      });
    case 'controller':
      return mqtt.connectAsync(tcp, {
        ...common,
        username: `track-${identity.trackId}`,
        password: server.deviceKey,
        clientId: brokerClientId.controller(identity.trackId),
      });
    default: {
      const username = `${identity.role === 'site_server' ? 'site' : 'tablet'}-${identity.sessionCode}`;
      return mqtt.connectAsync(tcp, { ...common, username, password: server.deviceKey, clientId: username });
    }
  }
}
