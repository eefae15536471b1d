import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir } from '../support/data-dir.ts';
import { exited, startServerProcess } from '../support/server-process.ts';

// The real server as a process, on its embedded database whichever database the suite runs on,
// so this file runs once (the PGlite pass).
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('start-up', () => {
  /** Starts the real server with `variable` set to a port another socket holds; answers how it failed. */
  async function startOnTakenPort(variable: 'MQTT_PORT' | 'MQTT_WS_PORT') {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = await preparedDataDir('rs-startup-');
    dirs.push(dataDir);
    try {
      const error = await startServerProcess({ DATA_DIR: dataDir, [variable]: String(port) }).then(
        () => undefined,
        (e: Error) => e,
      );
      return { port, message: error?.message };
    } finally {
      blocker.close();
    }
  }

  it('stops with one line naming the variable when a port is taken', { timeout: 120_000 }, async () => {
    const { port, message } = await startOnTakenPort('MQTT_PORT');
    expect(message).toContain(`Port ${port} is already in use: set MQTT_PORT to a free port`);
  });

  it('stops with one line naming the variable when the WebSocket port is taken', { timeout: 120_000 }, async () => {
    const { port, message } = await startOnTakenPort('MQTT_WS_PORT');
    expect(message).toContain(`Port ${port} is already in use: set MQTT_WS_PORT to a free port`);
    // Nothing else: no stack of an unheard 'error' event, no second line about it.
    expect(message).not.toMatch(/Unhandled 'error' event|"level":50/);
  });

  it('writes JSON lines when no terminal is attached, one per request', { timeout: 120_000 }, async () => {
    const dataDir = await preparedDataDir('rs-startup-');
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'start-up-admin' });
    try {
      await fetch(`${server.url}/api/health`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const records = server
        .output()
        .split('\n')
        // Node's own warnings go to stderr as text; the server's lines are JSON.
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; url?: string });
      expect(records.filter((r) => r.url === '/api/health')).toHaveLength(1);
      expect(records.map((r) => r.msg)).toContain('administrator "admin" created with the password set in ADMIN_PASSWORD');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('stops with one line naming a bad variable', { timeout: 120_000 }, async () => {
    const error = await startServerProcess({ PORT: 'eighty' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/Invalid configuration: PORT: /);
  });
});
