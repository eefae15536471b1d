// The benchmark's child processes (bench/fleet/server-child.ts and sim-child.ts) and their IPC:
// each answers one request at a time with a message of the request's type.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const fleetDir = path.resolve(import.meta.dirname, '../fleet');

/**
 * The simulated fleet's young generation, larger than Node's default: its thousands of connections
 * make garbage fast, and with the default it spent about a ninth of the time collecting it (5.1 s
 * in 45 s at 5,000 robots, pauses up to 185 ms, which held every robot's acks back); with 64 MB,
 * 1.7 s and 113 ms. The simulator's cost, not the server's.
 */
const SIM_HEAP = ['--max-semi-space-size=64'];

/** Starts `bench/fleet/<file>`; BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server. */
export function child(file: 'server-child.ts' | 'sim-child.ts', env: Record<string, string> = {}) {
  const profile =
    file === 'server-child.ts' && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  return fork(path.join(fleetDir, file), {
    execArgv: ['--import', 'tsx', ...profile, ...(file === 'sim-child.ts' ? SIM_HEAP : [])],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

/** The next IPC message of a type from a child. */
export function next<T>(proc: ChildProcess, type: string, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${type}' from ${proc.pid} within ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`child ${proc.pid} exited (${code}) before '${type}'`));
    };
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      resolve(message as T);
    };
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

export async function ask<T>(proc: ChildProcess, message: Record<string, unknown>): Promise<T> {
  const answer = next<T>(proc, String(message.type));
  proc.send(message);
  return answer;
}

/** What server-child.ts answers once it listens. */
export type ServerReady = {
  baseUrl: string;
  brokerUrl: string;
  deviceKey: string;
  serverBrokerPassword: string;
  token: string;
  databaseUrl?: string;
};

/** Stops a child that answers 'stop' by exiting. */
export async function stopChild(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.send({ type: 'stop' });
  await exited;
}

/**
 * The simulated fleet on `brokerUrl` (the server has published the fleet's maps); answers once every
 * robot is connected. With `lone` > 0 the plan's last `lone` robots run in a process of their own,
 * whose event loop the others' work does not hold up: their acks are the broker's without the big
 * process's own wait.
 */
export async function startSim(robots: number, brokerUrl: string, deviceKey: string, connectPauseMs: number, lone = 0) {
  const env = (slice: string) => ({
    BENCH_ROBOTS: String(robots),
    BENCH_ROBOT_SLICE: slice,
    BENCH_BROKER_URL: brokerUrl,
    BENCH_DEVICE_KEY: deviceKey,
    BENCH_CONNECT_PAUSE_MS: String(connectPauseMs),
  });
  const sim = child('sim-child.ts', env(`0:${robots - lone}`));
  const loneSim = lone > 0 ? child('sim-child.ts', env(`${robots - lone}:${robots}`)) : undefined;
  const [main, rest] = await Promise.all([
    next<{ sns: string[] }>(sim, 'ready'),
    loneSim ? next<{ sns: string[] }>(loneSim, 'ready') : { sns: [] },
  ]);
  return { sim, loneSim, sns: [...main.sns, ...rest.sns] };
}

/** The server, then the simulated fleet connected to it; answers both and the robots' SNs. */
export async function startFleet(robots: number, connectPauseMs = 0, lone = 0) {
  const server = child('server-child.ts');
  const ready = await next<ServerReady>(server, 'ready');
  await ask(server, { type: 'maps', robots });
  const started = Date.now();
  const { sim, loneSim, sns } = await startSim(robots, ready.brokerUrl, ready.deviceKey, connectPauseMs, lone);
  const stop = async () => {
    await stopChild(sim);
    if (loneSim) await stopChild(loneSim);
    await stopChild(server);
  };
  return {
    server,
    servers: [server],
    brokerPid: undefined as number | undefined,
    brokerUrl: ready.brokerUrl,
    sim,
    loneSim,
    ready,
    sns,
    connectSeconds: (Date.now() - started) / 1000,
    stop,
  };
}
