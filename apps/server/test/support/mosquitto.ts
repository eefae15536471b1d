import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';
const DEPLOY = path.resolve(import.meta.dirname, '../../../../deploy/mosquitto');
/** The ACL the project ships for external brokers: the test runs against exactly that file. */
export const SHIPPED_ACL = path.join(DEPLOY, 'acl');
/** The shipped dynamic security setup: the plugin lines and the plugin's initial configuration. */
const SHIPPED_DYNSEC_CONF = path.join(DEPLOY, 'dynamic-security.conf');
const SHIPPED_DYNSEC_JSON = path.join(DEPLOY, 'dynamic-security.json');

export type MosquittoOptions = {
  /** The shipped dynamic-security.conf, with its JSON copied to a temporary file. */
  dynamicSecurity?: boolean;
  /** A WebSocket listener on a free port too (browsers). */
  websockets?: boolean;
  /** Sessions and queued messages kept across `restart()` (written at a clean stop), as shipped. */
  persistence?: boolean;
};

export type Mosquitto = {
  port: number;
  url: string;
  /** The WebSocket listener's port, when asked for. */
  wsPort?: number;
  /** The broker's process id (benchmarks read its CPU time). */
  pid: number;
  output: () => string;
  /** Stops it (SIGTERM: it saves its state) and starts it again on the same ports and files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/** A free TCP port on 127.0.0.1 (the broker binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Fails (never skips) when the broker is not installed: the suite must run against a real Mosquitto. */
export function requireMosquitto(options: MosquittoOptions = {}) {
  const files = [MOSQUITTO, MOSQUITTO_PASSWD, ...(options.dynamicSecurity ? [dynsecPlugin()] : [])];
  for (const file of files) {
    if (!existsSync(file))
      throw new Error(`Mosquitto is required for this test and ${file} is missing (Debian package mosquitto)`);
  }
}

/** The plugin the shipped dynamic-security.conf names, or MOSQUITTO_DYNSEC_PLUGIN. */
function dynsecPlugin(): string {
  if (process.env.MOSQUITTO_DYNSEC_PLUGIN) return process.env.MOSQUITTO_DYNSEC_PLUGIN;
  const conf = existsSync(SHIPPED_DYNSEC_CONF) ? readFileSync(SHIPPED_DYNSEC_CONF, 'utf8') : '';
  return /^plugin\s+(\S+)/m.exec(conf)?.[1] ?? `${SHIPPED_DYNSEC_CONF} (naming the plugin)`;
}

/** The shipped plugin lines, pointed at a copy of the shipped JSON in `dir`. */
async function dynsecLines(dir: string): Promise<string[]> {
  const json = path.join(dir, 'dynamic-security.json');
  await copyFile(SHIPPED_DYNSEC_JSON, json);
  return (await readFile(SHIPPED_DYNSEC_CONF, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      if (line.startsWith('plugin_opt_config_file')) return `plugin_opt_config_file ${json}`;
      if (line.startsWith('plugin ')) return `plugin ${dynsecPlugin()}`;
      return line;
    });
}

/**
 * Starts a Mosquitto process on a free port with a generated configuration: no anonymous access,
 * a password file made by mosquitto_passwd for `users`, and the shipped ACL (and, when asked, the
 * shipped dynamic security plugin setup and a WebSocket listener).
 */
export async function startMosquitto(
  users: Record<string, string>,
  port?: number,
  options: MosquittoOptions = {},
): Promise<Mosquitto> {
  requireMosquitto(options);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-mosquitto-'));
  const passwd = path.join(dir, 'passwd');
  await writeFile(
    passwd,
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}\n`)
      .join(''),
    { mode: 0o600 },
  );
  execFileSync(MOSQUITTO_PASSWD, ['-U', passwd]);
  const chosen = port ?? (await freePort());
  const wsPort = options.websockets ? await freePort() : undefined;
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${chosen} 127.0.0.1`,
      ...(wsPort ? [`listener ${wsPort} 127.0.0.1`, 'protocol websockets'] : []),
      ...(options.dynamicSecurity ? await dynsecLines(dir) : []),
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${SHIPPED_ACL}`,
      // As shipped (deploy/mosquitto/mosquitto.conf).
      'set_tcp_nodelay true',
      'max_inflight_messages 10000',
      'max_queued_messages 1000000',
      ...(options.persistence ? ['persistence true', `persistence_location ${dir}/`] : ['persistence false']),
      // Running as root in CI: stay root so the generated files stay readable.
      'user root',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
    ].join('\n'),
  );
  let output = '';
  const launch = async () => {
    const started: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout!.on('data', (d) => (output += d));
    started.stderr!.on('data', (d) => (output += d));
    await waitForPort(chosen, started, () => output);
    if (wsPort) await waitForPort(wsPort, started, () => output);
    return started;
  };
  let child = await launch();
  const halt = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    port: chosen,
    url: `mqtt://127.0.0.1:${chosen}`,
    wsPort,
    get pid() {
      return child.pid!;
    },
    output: () => output,
    async restart() {
      await halt();
      child = await launch();
    },
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${output()}`);
}
