import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';
/** The ACL the project ships for external brokers: the test runs against exactly that file. */
export const SHIPPED_ACL = path.resolve(import.meta.dirname, '../../../../deploy/mosquitto/acl');

export type Mosquitto = { port: number; url: string; output: () => string; stop(): Promise<void> };

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
export function requireMosquitto() {
  for (const file of [MOSQUITTO, MOSQUITTO_PASSWD]) {
    if (!existsSync(file))
      throw new Error(`Mosquitto is required for this test and ${file} is missing (Debian package mosquitto)`);
  }
}

/**
 * Starts a Mosquitto process on a free port with a generated configuration: no anonymous access,
 * a password file made by mosquitto_passwd for `users`, and the shipped ACL.
 */
export async function startMosquitto(users: Record<string, string>, port?: number): Promise<Mosquitto> {
  requireMosquitto();
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
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${chosen} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${SHIPPED_ACL}`,
      'persistence false',
      // Running as root in CI: stay root so the generated files stay readable.
      'user root',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitForPort(chosen, child, () => output);
  return {
    port: chosen,
    url: `mqtt://127.0.0.1:${chosen}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
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
