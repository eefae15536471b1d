import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { CONFIG_EXIT_CODE, type HealthInfo } from '@railserve/protocol';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { preparedDataDir } from '../support/data-dir.ts';
import { freePort, groupEnded, killGroup, portIsFree, type WatchedProcess, watchProcess } from '../support/watched-process.ts';

// The `npm start` supervisor against the real server, as processes. The server uses its embedded
// database whichever database the suite runs on, so this file runs once.
const root = path.resolve(import.meta.dirname, '../../../..');
const crashHook = path.resolve(import.meta.dirname, '../support/crash-hook.mjs');
const dirs: string[] = [];
let running: WatchedProcess | undefined;
afterEach(() => {
  killGroup(running?.child.pid);
  running = undefined;
});
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function serverEnv(extra: Record<string, string> = {}) {
  const dataDir = await preparedDataDir('rs-supervision-');
  dirs.push(dataDir);
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_WS_PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...extra,
  };
}

/** Spawns in a process group of its own, so that the test can tell when every process of it is gone. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv) {
  running = watchProcess(spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
  return running;
}

const SERVING = /RailServe console at http:\/\/localhost:(\d+)/;

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  return ((await res.json()) as { data: HealthInfo }).data;
}

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const blocker = createServer();
    blocker.once('error', reject);
    blocker.listen(port, '127.0.0.1', () => resolve(blocker));
  });

describe('the supervisor', () => {
  it('restarts a server that crashes at once after every start, and a start that fails later on a taken port, and counts each', async () => {
    const port = await freePort();
    const server = start(
      process.execPath,
      ['scripts/start-server.mjs', '--supervised'],
      await serverEnv({
        PORT: String(port),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${crashHook}`,
      }),
    );
    const crash = async (n: number) => {
      const pid = Number((await server.waitFor(/\[crash-hook\] server pid (\d+)/, n))[1]);
      process.kill(pid, 'SIGUSR2');
      await server.waitFor(new RegExp(`restart ${n} since boot \\(${n} after a crash\\): the server stopped \\(exit code 1\\)`));
    };

    await server.waitFor(SERVING, 1);
    expect((await health(port)).restarts).toEqual({ total: 0, crashes: 0 });
    // Each crash comes as soon as the server serves: well within 5 s of its start.
    await crash(1);
    await server.waitFor(SERVING, 2);
    expect((await health(port)).restarts).toEqual({ total: 1, crashes: 1 });
    await crash(2);
    await server.waitFor(SERVING, 3);
    expect((await health(port)).restarts).toEqual({ total: 2, crashes: 2 });
    await crash(3);
    // The crashed server is gone, so its port is free: taken now, the next starts fail on their
    // configuration, after the server has served once: the supervisor keeps trying.
    const blocker = await listenOn(port);
    try {
      await server.waitFor(/restart 5 since boot \(5 after a crash\): the server stopped \(exit code 78\)/);
      expect(server.output()).toContain(`Port ${port} is already in use: set PORT to a free port`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    await server.waitFor(SERVING, 4, 120_000);
    const after = await health(port);
    expect(after.restarts).toEqual({ total: 5, crashes: 5 });
    expect(after.status).toBe('ok');
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain('not starting it again');

    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited()).toBe(0);
    await groupEnded(server.child.pid!);
    expect(await portIsFree(port)).toBe(true);
  }, 300_000);

  it('stops with its line when a bad setting stops the start again before the server ever served', async () => {
    const server = start(process.execPath, ['scripts/start-server.mjs', '--supervised'], await serverEnv({ PORT: 'eighty' }));
    expect(await server.exited()).toBe(CONFIG_EXIT_CODE);
    const output = server.output();
    expect(output.match(/Invalid configuration: PORT: /g)).toHaveLength(2);
    expect(output).toContain('restart 1 since boot (1 after a crash): the server stopped (exit code 78)');
    expect(output).toContain(
      '[supervisor] the server stopped twice before it ever served, both times on its configuration (the line above): not starting it again',
    );
    await groupEnded(server.child.pid!);
  }, 120_000);

  // SIGKILL cannot be passed on: the supervisor notices that npm is gone and stops the server itself.
  it.each([
    ['SIGTERM', 'SIGTERM'],
    ['SIGINT', 'SIGINT'],
    ['SIGKILL', 'SIGTERM'],
  ] as const)(
    'stops with the server when `npm start` gets %s, leaving no process and no port held',
    async (signal, serverGets) => {
      const npm = start('npm', ['start', '--', '--skip-web-build'], await serverEnv());
      const httpPort = Number((await npm.waitFor(SERVING))[1]);
      const [, tcp, ws] = (await npm.waitFor(/Embedded MQTT broker: tcp (\d+) \(devices\), ws (\d+)/)).map(Number);
      expect((await health(httpPort)).status).toBe('ok');

      process.kill(npm.child.pid!, signal);
      await npm.exited();
      // npm waits for the supervisor, which waits for the server: once npm is gone, so are the
      // ports (a killed npm waits for nothing: its supervisor stops the server just after).
      if (signal !== 'SIGKILL') for (const port of [httpPort, tcp, ws]) expect(await portIsFree(port)).toBe(true);
      await groupEnded(npm.child.pid!);
      expect(npm.output()).toContain(`${serverGets}: shutting down`);
      expect(npm.output()).toContain('database closed');
      for (const port of [httpPort, tcp, ws]) expect(await portIsFree(port)).toBe(true);
    },
    120_000,
  );
});
