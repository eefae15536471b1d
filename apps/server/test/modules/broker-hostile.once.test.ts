import { topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedOutcome, type HostileSend, hostileSends, sendHostile } from '../support/hostile-clients.ts';
import { deepArray } from '../support/hostile-payloads.ts';
import { connectAs, type LiveServer, removeDataDir, startLiveServer, userToken } from '../support/live-server.ts';

// Against the real server process, as `npm start` runs it but without the supervisor: a crash
// ends it for good, so "still alive" means nothing brought it down. bench/broker/hostile-clients.ts
// counts crashes in the outside review's run of about 330 connections (17 before the fix, 0 after).
let server: LiveServer;
let level3: string;
let robot: MqttClient;
let battery = 0;

beforeAll(async () => {
  server = await startLiveServer();
  level3 = await userToken(server, 3);
  robot = await connectAs(server, { role: 'robot', sn: 'WELL-BEHAVED-1' });
}, 120_000);
afterAll(async () => {
  await robot?.endAsync(true);
  await server?.stop();
  await removeDataDir(server.dataDir);
});

/** The well-behaved robot sends a status; it must reach the API. */
async function robotIsServed() {
  battery = (battery % 99) + 1;
  const status = { sn: 'WELL-BEHAVED-1', connection: 'online', battery, ts: new Date().toISOString() };
  await robot.publishAsync(topics.robotStatus('WELL-BEHAVED-1'), JSON.stringify(status), { qos: 1, retain: true });
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.url}/api/v1/robots/WELL-BEHAVED-1`, {
          headers: { authorization: `Bearer ${level3}` },
        });
        return response.ok ? ((await response.json()) as { data: { battery?: number } }).data.battery : undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(battery);
}

async function stillServing(after = '') {
  expect(server.alive(), after).toBe(true);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status, after).toBe(200);
}

describe('one hostile message never takes the server down', () => {
  it("survives the outside review's payload from a level-3 console over WebSocket and from a robot over TCP", async () => {
    await robotIsServed();
    const payload = Buffer.from(deepArray(20_000));
    const attacks: Omit<HostileSend, 'qos'>[] = [
      { identity: { role: 'web', token: level3 }, topic: topics.system('message'), retain: false, kind: 'deep-array', payload },
      { identity: { role: 'robot', sn: 'ATTACKER-1' }, topic: topics.log('robot'), retain: false, kind: 'deep-array', payload },
      {
        identity: { role: 'robot', sn: 'ATTACKER-1' },
        topic: topics.robotStatus('ATTACKER-1'),
        retain: true,
        kind: 'deep-array',
        payload,
      },
    ];
    for (const qos of [0, 1] as const)
      for (const attack of attacks) {
        await sendHostile(server, { ...attack, qos });
        await stillServing();
      }
    await robotIsServed();
  }, 120_000);

  it('stays up through every topic of every identity fed deep, wide, huge, binary and invalid UTF-8 payloads (seeded)', async () => {
    // Every identity × every topic it may publish × every kind, then a few more drawn from the seed.
    const sends = hostileSends(26, 200, level3);
    for (const [i, send] of sends.entries()) {
      const what = `#${i}: ${send.identity.role} ${send.topic} ${send.kind} (${send.payload.length} bytes${send.retain ? ', retained' : ''})`;
      expect(await sendHostile(server, send), what).toBe(expectedOutcome(send));
      await stillServing(what);
      if (i % 50 === 49) await robotIsServed();
    }
    await robotIsServed();
    // Every path took its payload within its bounds: the guard, the last resort, had nothing to catch.
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { faults: number } };
    expect(health.data.faults).toBe(0);
  }, 120_000);
});
