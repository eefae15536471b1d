import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BROKER_USERNAME } from '../../apps/server/src/broker/acl.ts';
import { freePort, type Mosquitto, startMosquitto } from '../../apps/server/test/support/mosquitto.ts';
import { freshPostgres, LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';

/** One server process of the cluster: its HTTP address, and a stop that waits for its exit. */
export type Instance = { url: string; output: () => string; stop(): Promise<void> };

/**
 * The production shape (docs/deploy.md): Mosquitto with the shipped dynamic security setup and a
 * WebSocket listener, a fresh database on the machine's PostgreSQL and two server processes
 * (`scripts/start-server.mjs`) sharing both and the installation's secrets. Robots sign in with
 * the device key through Mosquitto's password file, so their serial numbers are given up front.
 */
export async function startCluster(robotSns: string[], adminPassword: string) {
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), deviceKey: randomBytes(16).toString('hex') };
  const brokerPassword = randomBytes(16).toString('hex');
  const mosquitto: Mosquitto = await startMosquitto(
    { [SERVER_BROKER_USERNAME]: brokerPassword, ...Object.fromEntries(robotSns.map((sn) => [sn, secrets.deviceKey])) },
    undefined,
    { dynamicSecurity: true, websockets: true },
  );
  const postgresUrl = process.env.E2E_DATABASE_URL ?? LOCAL_POSTGRES_URL;
  const database = await freshPostgres(postgresUrl, 'railserve_e2e').catch((error: Error) => {
    throw new Error(`PostgreSQL is required for this test and is not answering at ${postgresUrl}: ${error.message}`);
  });
  const instance = async (name: string): Promise<Instance> => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `rs-e2e-${name}-`));
    const child = spawn(process.execPath, ['scripts/start-server.mjs'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        MQTT_URL: `mqtt://${SERVER_BROKER_USERNAME}:${brokerPassword}@127.0.0.1:${mosquitto.port}`,
        MQTT_WS_PORT: String(mosquitto.wsPort),
        MQTT_DYNAMIC_SECURITY: 'true',
        JWT_SECRET: secrets.jwtSecret,
        DEVICE_KEY: secrets.deviceKey,
        ADMIN_PASSWORD: adminPassword,
        LOGIN_ATTEMPTS_PER_MINUTE: '10000',
        COMMAND_TIMEOUT_MS: '5000',
        ROBOT_OFFLINE_AFTER_S: '5',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, () => output);
    return {
      url,
      output: () => output,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  };
  // The first makes the schema and the administrator; the second finds them.
  const a = await instance('a');
  const b = await instance('b');
  return {
    a,
    b,
    mosquitto,
    deviceKey: secrets.deviceKey,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await mosquitto.stop();
      await database.drop();
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not answer in 60 s: ${output()}`);
}
