import { topics, trackStatusPayload } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { SimRobot } from '../src/robot.ts';
import { SimTrackController } from '../src/track-controller.ts';
import { command, FAST, type Observer, observe, startBroker, waitFor } from './helper.ts';

const map = generateTrackMap({ parking: 2, tables: 2 });
const serving = map.points.find((p) => p.type === 'serving')!.number;
const table = map.points.find((p) => p.type === 'table')!.number;
let broker: Awaited<ReturnType<typeof startBroker>>;
let obs: Observer;
let controller: SimTrackController;
const robots: SimRobot[] = [];

const robot = (sn: string) =>
  new SimRobot({ url: broker.url, sn, deviceKey: 'k', trackId: 1, seed: 3, arriveWaitMs: 200, ...FAST });

beforeAll(async () => {
  broker = await startBroker();
  obs = await observe(broker.url, ['hcpro4/#', 'HCP4/#']);
  await obs.publish(topics.trackMap(1), map, true);
  controller = new SimTrackController({ url: broker.url, trackId: 1, deviceKey: 'k', robots: ['T1', 'T2'], initMs: 50 });
  await controller.start();
  robots.push(robot('T1'), robot('T2'));
  await Promise.all(robots.map((r) => r.start()));
});
afterAll(async () => {
  await Promise.all(robots.map((r) => r.stop()));
  await controller.stop();
  await obs.close();
  await broker.close();
});

describe('track controller on a broker', () => {
  it('initializes from the retained map and reports normal operation', async () => {
    const m = await obs.next(topics.trackStatus(1), (p) => p.status === 3);
    expect(trackStatusPayload.parse(m.payload)).toMatchObject({ error: 0, mode: 'normal', robots: ['T1', 'T2'] });
    expect(obs.seen.some((s) => s.topic === topics.trackStatus(1) && (s.payload as { status: number }).status === 1)).toBe(true);
  });

  it('serves a table on send_target: the robot goes, arrives, and returns', async () => {
    await waitFor(() => robots.every((r) => r.model.state === 'idle'), 5000, 'robots idle');
    await waitFor(
      () => Object.values(controller.state.live).filter((l) => l.state === 'idle').length === 2,
      5000,
      'controller sees them',
    );
    await obs.publish(topics.trackCommand(1), command('t-send', 'send_target', { servingPoint: serving, target: table }));
    expect((await obs.next(topics.trackAck(1), (p) => p.id === 't-send')).payload).toMatchObject({ ok: true });
    const go = await obs.next('HCP4/+/cmd', (p) => p.command === 'goto');
    const sn = go.topic.split('/')[1];
    await obs.next(topics.robotAck(sn), (p) => p.id === (go.payload as { id: string }).id && p.ok);
    await obs.next(topics.robotStatus(sn), (p) => p.state === 'arrive' && p.point === table);
    await obs.next(topics.robotStatus(sn), (p) => p.state === 'return');
    await obs.next(topics.robotStatus(sn), (p) => p.state === 'idle' && p.target === undefined, 10_000);
    await obs.next('hcpro4/logs/track', (p) => p.type === 'dispatch' && p.trackId === 1);
  });

  it('forwards a lid command, which a moving robot refuses in its own ack', async () => {
    const r = robots[0];
    await waitFor(() => r.model.state === 'idle', 8000, 'T1 idle');
    await obs.publish(topics.robotCommand('T1'), command('go-T1', 'goto', { point: table }));
    await obs.publish(topics.trackCommand(1), command('t-lid', 'lid', { open: true, sn: 'T1' }));
    expect((await obs.next(topics.trackAck(1), (p) => p.id === 't-lid')).payload).toMatchObject({ ok: true });
    const forwarded = await obs.next(topics.robotCommand('T1'), (p) => p.command === 'lid');
    const answer = await obs.next(topics.robotAck('T1'), (p) => p.id === (forwarded.payload as { id: string }).id);
    expect(answer.payload).toMatchObject({ ok: false, error: 'lid cannot open while moving' });
  });

  it('registers a new robot in register mode and reports HOME capacity insufficient', async () => {
    await obs.publish(topics.trackCommand(1), command('t-reg', 'register_mode', { enabled: true }));
    await obs.next(topics.trackStatus(1), (p) => p.status === 2 && p.mode === 'register');
    const extra = robot('T3');
    robots.push(extra);
    await extra.start();
    await obs.next(topics.trackStatus(1), (p) => p.robots.includes('T3') && p.status === 4 && p.error === 2);
    await obs.publish(topics.trackCommand(1), command('t-bad', 'send_target', { servingPoint: serving, target: table }));
    expect((await obs.next(topics.trackAck(1), (p) => p.id === 't-bad')).payload).toMatchObject({
      ok: false,
      error: 'track is in error',
    });
  });

  it('acks an invalid command with an error', async () => {
    await obs.publish(topics.trackCommand(1), command('t-x', 'viewer_mode', { enabled: 'yes' }));
    expect((await obs.next(topics.trackAck(1), (p) => p.id === 't-x')).payload).toMatchObject({ ok: false });
  });
});
