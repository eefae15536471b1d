// What both device identity benchmarks share: the server child, an enrollment key, enrolling
// robots over HTTP, and a probe of /api/health while something else goes on.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PREFIX } from '@railserve/protocol';
import type { BenchSecrets } from '../support/bench-server.ts';
import { next } from '../support/children.ts';

export type IdentityServerReady = { baseUrl: string; brokerUrl: string; token: string; secrets: BenchSecrets };
export type Credential = { username: string; password: string; clientId: string };

/** Starts bench/identity/server-child.ts; answers once it serves. */
export async function startServer(env: Record<string, string> = {}) {
  const proc = fork(path.join(import.meta.dirname, 'server-child.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  const ready = await next<IdentityServerReady>(proc, 'ready', 120_000);
  return { proc, ready };
}

async function api<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${API_PREFIX}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${answer.message}`);
  return answer.data;
}

/** A session and an enrollment key with `uses` uses, for an hour. */
export async function enrollmentKey(server: IdentityServerReady, uses: number) {
  const suffix = Date.now().toString(36).slice(-6).toUpperCase();
  const session = await api<{ id: number }>(server.baseUrl, server.token, 'POST', '/sessions', {
    code: `B${suffix}`,
    name: `Bench ${suffix}`,
    mac: '02:00:00:00:be:01',
    trackIds: [],
  });
  const key = await api<{ key: string }>(server.baseUrl, server.token, 'POST', '/enrollment-keys', {
    sessionId: session.id,
    uses,
    expiresInMinutes: 60,
  });
  return key.key;
}

/**
 * Enrols robots through POST /devices/enroll, `concurrency` requests in flight (all of them when
 * it is the number of robots): answers each one's credential, its time, and the failures.
 */
export async function enrolRobots(baseUrl: string, key: string, sns: string[], concurrency = sns.length) {
  const credentials = new Map<string, Credential>();
  const latencies: number[] = [];
  const failures: string[] = [];
  let cursor = 0;
  const worker = async () => {
    while (cursor < sns.length) {
      const sn = sns[cursor++];
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${API_PREFIX}/devices/enroll`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ enrollmentKey: key, kind: 'robot', sn }),
        });
        const answer = (await response.json()) as { data?: Credential; message?: string };
        if (response.ok && answer.data) credentials.set(sn, answer.data);
        else failures.push(`${sn}: ${response.status} ${answer.message}`);
      } catch (error) {
        failures.push(`${sn}: ${(error as Error).message}`);
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, sns.length) }, worker));
  return { credentials, latencies, failures };
}

/** Asks GET /api/health one request at a time until stopped; answers each answer's time (ms) and the failures. */
export function probeHealth(baseUrl: string, everyMs: number) {
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { times, failed };
    },
  };
}

export const loadAverage = () => os.loadavg()[0].toFixed(1);
