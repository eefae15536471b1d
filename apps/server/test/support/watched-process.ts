import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export type WatchedProcess = {
  child: ChildProcess;
  output: () => string;
  /** The `count`-th match of `pattern` in the output so far or to come; rejects when the process exits first or time runs out. */
  waitFor: (pattern: RegExp, count?: number, timeoutMs?: number) => Promise<RegExpExecArray>;
  /** Its exit code (or signal), once it has exited. */
  exited: (timeoutMs?: number) => Promise<number | string>;
};

const matches = (text: string, pattern: RegExp) => [
  ...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)),
];

/** Collects a child's stdout and stderr and lets a test wait for lines, with bounded timeouts. */
export function watchProcess(child: ChildProcess): WatchedProcess {
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const ended = new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode!);
    else child.once('exit', (code, signal) => resolve(code ?? signal!));
  });

  const waitFor = (pattern: RegExp, count = 1, timeoutMs = 90_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const found = matches(output, pattern)[count - 1];
        if (!found) return false;
        done();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${count}× ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      if (check()) return;
      listeners.add(check);
      void ended.then((code) => {
        // The last lines may come with the exit: look once more before giving up.
        if (check()) return;
        done();
        reject(new Error(`exited (${code}) before ${count}× ${pattern}:\n${output}`));
      });
    });

  const exited = (timeoutMs = 60_000) =>
    Promise.race([
      ended,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms:\n${output}`)), timeoutMs).unref(),
      ),
    ]);

  return { child, output: () => output, waitFor, exited };
}

/** A port nobody listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether this process can listen on `port` (nothing holds it). */
export async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits until no process is left in the group `pgid`; throws after `timeoutMs`. */
export async function groupEnded(pgid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) throw new Error(`processes of group ${pgid} still run after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends whatever is left of a test's process group (after a failed test). */
export function killGroup(pgid: number | undefined): void {
  if (pgid !== undefined && groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
}
