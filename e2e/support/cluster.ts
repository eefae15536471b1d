import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BROKER_USERNAME } from '../../apps/server/src/broker/acl.ts';
import { freePort, type Mosquitto, startMosquitto } from '../../apps/server/test/support/mosquitto.ts';
import { freshPostgres, LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';

/** One server process of the cluster: its HTTP address, and a stop that waits for its exit. */
export type Instance = {
  name: string;
  url: string;
  /** The running process's id. */
  pid: () => number | undefined;
  output: () => string;
  /** SIGKILL: the process ends at once, its queues and unacknowledged messages with it. */
  kill(): Promise<void>;
  /** Starts it again (after `kill`) with the same port, data directory and instance name. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  /** Server processes (default 2, named a, b, c...). */
  instances?: number;
  /** Mosquitto keeps sessions and queued messages across its restart (as shipped). */
  persistence?: boolean;
  /** Settings of the servers' over the tests' (e.g. the default ROBOT_OFFLINE_AFTER_S). */
  env?: Record<string, string>;
};

/**
 * The production shape (docs/deploy.md): Mosquitto with the shipped dynamic security setup and a
 * WebSocket listener, a fresh database on the machine's PostgreSQL and two server processes
 * (`scripts/start-server.mjs`) sharing both and the installation's secrets. Robots sign in with
 * the device key through Mosquitto's password file, so their serial numbers are given up front.
 */
export async function startCluster(robotSns: string[], adminPassword: string, options: ClusterOptions = {}) {
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), deviceKey: randomBytes(16).toString('hex') };
  const brokerPassword = randomBytes(16).toString('hex');
  const mosquitto: Mosquitto = await startMosquitto(
    { [SERVER_BROKER_USERNAME]: brokerPassword, ...Object.fromEntries(robotSns.map((sn) => [sn, secrets.deviceKey])) },
    undefined,
    { dynamicSecurity: true, websockets: true, persistence: options.persistence },
  );
  const postgresUrl = process.env.E2E_DATABASE_URL ?? LOCAL_POSTGRES_URL;
  const database = await freshPostgres(postgresUrl, 'railserve_e2e').catch((error: Error) => {
    throw new Error(`PostgreSQL is required for this test and is not answering at ${postgresUrl}: ${error.message}`);
  });
  const instance = async (name: string): Promise<Instance> => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `rs-e2e-${name}-`));
    let output = '';
    const url = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    const launch = async () => {
      child = spawn(process.execPath, ['scripts/start-server.mjs'], {
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
          INSTANCE_NAME: name,
          LOG_LEVEL: 'warn',
          ...options.env,
        },
      });
      child.stderr!.on('data', (d) => (output += d));
      await waitForHealth(url, child, () => output).catch(async (error: Error) => {
        // On a machine busy with other work a start can pass Fastify's 10 s plugin timeout: once more.
        if (!error.message.includes('AVV_ERR_PLUGIN_EXEC_TIMEOUT') || retried) throw error;
        retried = true;
        output = '';
        await launch();
      });
      retried = false;
    };
    let retried = false;
    const end = async (signal: NodeJS.Signals) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill(signal);
      await exited;
    };
    await launch();
    return {
      name,
      url,
      pid: () => child?.pid,
      output: () => output,
      kill: () => end('SIGKILL'),
      start: launch,
      async stop() {
        await end('SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  };
  // The first makes the schema and the administrator; the others find them.
  const instances: Instance[] = [];
  for (const name of 'abcdefgh'.slice(0, options.instances ?? 2)) instances.push(await instance(name));
  const [a, b] = instances;
  return {
    a,
    b,
    instances,
    mosquitto,
    database,
    deviceKey: secrets.deviceKey,
    async stop() {
      await Promise.all(instances.map((i) => i.stop()));
      await mosquitto.stop();
      await database.drop();
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not answer in 180 s (a machine busy with other work starts slowly): ${output()}`);
}
