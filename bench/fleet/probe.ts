import type { ChildProcess } from 'node:child_process';
import { ask, type ServerReady } from '../support/children.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One probe: renames a robot in the simulator (it publishes a status with its new name at once),
 * then reads GET /robots/{sn} every 5 ms until the API shows it: answers the ms from that
 * status's own `ts`, or undefined when it did not show within 10 s.
 */
export async function probeStatusToApi(
  sim: ChildProcess,
  server: Pick<ServerReady, 'baseUrl' | 'token'>,
  sn: string,
  name: string,
) {
  const { ts } = await ask<{ ts: string | null }>(sim, { type: 'probe', sn, name });
  if (!ts) return undefined;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.baseUrl}/api/v1/robots/${sn}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const robot = (await response.json()).data;
    if (robot?.name === name) return Date.now() - Date.parse(ts);
    await sleep(5);
  }
  return undefined;
}
