import { connect } from 'node:net';
import { robotStatusPayload, topics, trackStatusPayload } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { planFleet, startFleet } from '../src/fleet.ts';
import { SimRobot } from '../src/robot.ts';
import { SimTrackController } from '../src/track-controller.ts';
import { command, FAST, observe, startBroker, waitFor } from './helper.ts';

const fast = { statusIntervalMs: 200, stepMs: 40, initMs: 40, reconnectPeriodMs: 100 };

describe('fleet plan', () => {
  it('deals robots round-robin over the tracks with a spare parking point each', () => {
    const plan = planFleet({ robots: 5, trackIds: [4, 7], snPrefix: 'X' });
    expect(plan.map((t) => [t.trackId, t.sns])).toEqual([
      [4, ['X-0001', 'X-0003', 'X-0005']],
      [7, ['X-0002', 'X-0004']],
    ]);
    expect(plan[0].map.points.filter((p) => p.type === 'parking')).toHaveLength(4);
    expect(planFleet({ robots: 3, tracks: 3 }).map((t) => t.trackId)).toEqual([1, 2, 3]);
    expect(() => planFleet({ robots: 1, trackIds: [] })).toThrow(/at least one track/);
    expect(() => planFleet({ robots: 1, snPrefix: 'a/b' })).toThrow(/serial number/);
  });
});

describe('fleet on the embedded-style broker', () => {
  it('starts robots and controllers that settle into normal operation, and stops them cleanly', async () => {
    const broker = await startBroker();
    const obs = await observe(broker.url, ['hcpro4/#']);
    const fleet = await startFleet({
      url: broker.url,
      deviceKey: 'k',
      robots: 6,
      tracks: 2,
      seed: 5,
      publishMaps: true,
      ...fast,
    });
    try {
      await waitFor(() => fleet.controllers.every((c) => c.status.status === 3), 5000, 'tracks in normal operation');
      await waitFor(() => fleet.robots.every((r) => r.model.state === 'idle'), 5000, 'robots idle');
      for (const r of fleet.robots) {
        const m = await obs.next(topics.robotStatus(r.sn), (p) => p.state === 'idle');
        expect(robotStatusPayload.parse(m.payload).trackId).toBe(r.model.trackId);
      }
      const status = await obs.next(topics.trackStatus(2), (p) => p.status === 3);
      expect(trackStatusPayload.parse(status.payload).robots).toEqual(['SIM-0002', 'SIM-0004', 'SIM-0006']);
    } finally {
      await fleet.stop();
    }
    for (const r of fleet.robots) await obs.next(topics.robotStatus(r.sn), (p) => p.connection === 'offline');
    await obs.close();
    await broker.close();
  });

  it('reconnects after a broker restart and publishes its state again', async () => {
    const first = await startBroker();
    const robot = new SimRobot({ url: first.url, sn: 'RE-1', deviceKey: 'k', seed: 1, ...FAST });
    const controller = new SimTrackController({ url: first.url, trackId: 3, deviceKey: 'k', reconnectPeriodMs: 100 });
    await Promise.all([robot.start(), controller.start()]);
    await waitFor(() => robot.model.state === 'idle', 5000, 'robot idle');
    await first.close();
    await waitFor(() => !robot.connected, 5000, 'robot disconnected');
    const second = await startBroker(first.port);
    const obs = await observe(second.url, ['hcpro4/#']);
    try {
      await obs.next(topics.robotStatus('RE-1'), (p) => p.connection === 'online' && p.state === 'idle');
      await obs.next(topics.trackStatus(3), (p) => p.status === 0);
      await obs.next('hcpro4/logs/robot', (p) => p.message === 'connected');
    } finally {
      await Promise.all([robot.stop(), controller.stop()]);
      await obs.close();
      await second.close();
    }
  });
});

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = connect(1883, '127.0.0.1');
  socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
  socket.setTimeout(1000, () => resolve(false));
}).then((up) => {
  if (!up) console.warn('robot-sim: no Mosquitto on 127.0.0.1:1883, its test is skipped');
  return up;
});

describe.skipIf(!mosquittoUp)('fleet on the machine Mosquitto', () => {
  it('serves a table through the track controller', async () => {
    const url = 'mqtt://127.0.0.1:1883';
    const trackId = 900_000 + Math.floor(Math.random() * 99_999);
    const snPrefix = `MQ${trackId}`;
    const obs = await observe(url, [topics.trackStatus(trackId), topics.trackAck(trackId), `hcpro4/robots/+/status`]);
    const fleet = await startFleet({
      url,
      deviceKey: 'k',
      robots: 2,
      trackIds: [trackId],
      snPrefix,
      publishMaps: true,
      arriveWaitMs: 100,
      ...fast,
    });
    const map = fleet.plan[0].map;
    try {
      await obs.next(topics.trackStatus(trackId), (p) => p.status === 3 && p.robots.length === 2);
      await waitFor(() => Object.values(fleet.controllers[0].state.live).filter((l) => l.state === 'idle').length === 2);
      const serving = map.points.find((p) => p.type === 'serving')!.number;
      const table = map.points.find((p) => p.type === 'table')!.number;
      await obs.publish(
        topics.trackCommand(trackId),
        command('mq-send', 'send_target', { servingPoint: serving, target: table }),
      );
      expect((await obs.next(topics.trackAck(trackId), (p) => p.id === 'mq-send')).payload).toMatchObject({ ok: true });
      await obs.next('hcpro4/robots/+/status', (p) => p.sn.startsWith(snPrefix) && p.state === 'arrive' && p.point === table);
    } finally {
      await fleet.stop();
      // Leave the shared broker as it was: clear what this test retained.
      const retained: string[] = [topics.trackStatus(trackId), topics.trackMap(trackId)];
      for (const r of fleet.robots) retained.push(topics.robotStatus(r.sn), topics.robotConfigReport(r.sn));
      for (const topic of retained) await obs.client.publishAsync(topic, '', { qos: 1, retain: true });
      await obs.close();
    }
  });
});
