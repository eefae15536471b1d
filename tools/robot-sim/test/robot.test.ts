import { robotConfig, robotStatusPayload, topics } from '@railserve/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { SimRobot, type SimRobotOptions } from '../src/robot.ts';
import { command, FAST, type Observer, observe, startBroker, waitFor } from './helper.ts';
import { startUpdateServer } from './update-server.ts';

const map = generateTrackMap({ parking: 2, tables: 3 });
const table = map.points.find((p) => p.type === 'table')!.number;
let broker: Awaited<ReturnType<typeof startBroker>>;
let updates: Awaited<ReturnType<typeof startUpdateServer>>;
let obs: Observer;
const robots: SimRobot[] = [];

async function startRobot(sn: string, extra: Partial<SimRobotOptions> = {}) {
  const robot = new SimRobot({ url: broker.url, sn, deviceKey: 'key', trackId: 1, seed: 1, ...FAST, ...extra });
  robots.push(robot);
  await robot.start();
  await waitFor(() => robot.model.state === 'idle' && robot.map !== null, 5000, `${sn} idle on its map`);
  return robot;
}

beforeAll(async () => {
  broker = await startBroker();
  updates = await startUpdateServer(Buffer.alloc(3000, 5));
  obs = await observe(broker.url, ['hcpro4/#', 'HCP4/+/ack', 'HCP4/+/config/report', 'HCP4/+/upgrade']);
  await obs.publish(topics.trackMap(1), map, true);
});
afterEach(async () => {
  await Promise.all(robots.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await obs.close();
  await broker.close();
  await updates.close();
});

describe('simulated robot on a broker', () => {
  it('publishes a valid retained status at its home point, on change and as a heartbeat', async () => {
    const robot = await startRobot('R-status', { battery: 80 });
    const home = map.points.find((p) => p.type === 'parking')!.number;
    const m = await obs.next(topics.robotStatus('R-status'), (p) => p.state === 'idle');
    expect(robotStatusPayload.parse(m.payload)).toMatchObject({ connection: 'online', point: home, trackId: 1, alarms: [] });
    expect(m.retain).toBe(false); // live delivery; the broker keeps it retained for later subscribers
    const late = await observe(broker.url, [topics.robotStatus('R-status')]);
    expect((await late.next(topics.robotStatus('R-status'))).retain).toBe(true);
    await late.close();
    const before = obs.seen.filter((s) => s.topic === topics.robotStatus('R-status')).length;
    await new Promise((r) => setTimeout(r, 500));
    expect(obs.seen.filter((s) => s.topic === topics.robotStatus('R-status')).length).toBeGreaterThan(before + 1);
    expect(robot.connected).toBe(true);
    const report = await obs.next(topics.robotConfigReport('R-status'));
    expect(robotConfig.safeParse(report.payload).success).toBe(true);
  });

  it('leaves its last will when it loses power', async () => {
    const robot = await startRobot('R-will');
    robot.crash();
    const will = await obs.next(topics.robotStatus('R-will'), (p) => p.connection === 'offline');
    expect(Object.keys(will.payload as object).sort()).toEqual(['connection', 'sn', 'ts']);
  });

  it('acks commands and renames itself', async () => {
    await startRobot('R-ack');
    await obs.publish(topics.robotCommand('R-ack'), command('c-rename', 'rename', { name: 'Runner' }));
    expect((await obs.next(topics.robotAck('R-ack'), (p) => p.id === 'c-rename')).payload).toMatchObject({ ok: true });
    await obs.next(topics.robotStatus('R-ack'), (p) => p.name === 'Runner');
    await obs.publish(topics.robotCommand('R-ack'), command('c-bad', 'goto', { point: 9999 }));
    expect((await obs.next(topics.robotAck('R-ack'), (p) => p.id === 'c-bad')).payload).toMatchObject({
      ok: false,
      error: 'unknown point 9999',
    });
    await obs.publish(topics.robotCommand('R-ack'), command('c-nope', 'dance'));
    expect((await obs.next(topics.robotAck('R-ack'), (p) => p.id === 'c-nope')).payload).toMatchObject({ ok: false });
  });

  it('refuses to open the lid while moving, then serves the table and returns', async () => {
    const robot = await startRobot('R-lid', { stepMs: 150, arriveWaitMs: 60_000 });
    const home = robot.model.point;
    await obs.publish(topics.robotCommand('R-lid'), command('c-go', 'goto', { point: table }));
    await obs.next(topics.robotAck('R-lid'), (p) => p.id === 'c-go' && p.ok);
    await obs.publish(topics.robotCommand('R-lid'), command('c-lid', 'lid', { open: true }));
    expect((await obs.next(topics.robotAck('R-lid'), (p) => p.id === 'c-lid')).payload).toMatchObject({
      ok: false,
      error: 'lid cannot open while moving',
    });
    await obs.next(topics.robotStatus('R-lid'), (p) => p.state === 'arrive' && p.point === table);
    await obs.publish(topics.robotCommand('R-lid'), command('c-open', 'lid', { open: true }));
    await obs.next(topics.robotAck('R-lid'), (p) => p.id === 'c-open' && p.ok);
    await obs.publish(topics.robotCommand('R-lid'), command('c-close', 'lid', { open: false }));
    await obs.next(topics.robotStatus('R-lid'), (p) => p.state === 'return');
    await obs.next(topics.robotStatus('R-lid'), (p) => p.state === 'idle' && p.point === home, 10_000);
  });

  it('applies a valid config write, reports it, and refuses an invalid one', async () => {
    const robot = await startRobot('R-config');
    const basic = { ...robot.model.config.basic, volume: 10 };
    await obs.publish(topics.robotConfig('R-config', 'basic'), { id: 'w1', data: basic, ts: new Date().toISOString() });
    expect((await obs.next(topics.robotAck('R-config'), (p) => p.id === 'w1')).payload).toMatchObject({ ok: true });
    await obs.next(topics.robotConfigReport('R-config'), (p) => p.basic.volume === 10);
    await obs.publish(topics.robotConfig('R-config', 'basic'), {
      id: 'w2',
      data: { ...basic, volume: 101 },
      ts: new Date().toISOString(),
    });
    const refused = await obs.next(topics.robotAck('R-config'), (p) => p.id === 'w2');
    expect(refused.payload).toMatchObject({ ok: false, error: 'invalid config: volume: out_of_range' });
    expect(robot.model.config.basic.volume).toBe(10);
  });

  it('raises alarms on request, refuses goto in alarm, and clears them on reset', async () => {
    const robot = await startRobot('R-alarm');
    robot.raiseAlarm('imu_stuck');
    await obs.next(topics.alert('R-alarm'), (p) => p.code === 'imu_stuck' && p.active === true);
    await obs.next(topics.robotStatus('R-alarm'), (p) => p.state === 'alarm' && p.alarms.includes('imu_stuck'));
    await obs.publish(topics.robotCommand('R-alarm'), command('c-go', 'goto', { point: table }));
    expect((await obs.next(topics.robotAck('R-alarm'), (p) => p.id === 'c-go')).payload).toMatchObject({ ok: false });
    await obs.publish(topics.robotCommand('R-alarm'), command('c-reset', 'reset_alarm'));
    await obs.next(topics.alert('R-alarm'), (p) => p.code === 'imu_stuck' && p.active === false);
    await obs.next(topics.robotStatus('R-alarm'), (p) => p.state === 'idle' && p.alarms.length === 0);
    await obs.next('hcpro4/logs/robot', (p) => p.robotSn === 'R-alarm' && p.type === 'alarm');
  });

  it('fails an update whose file does not match its checksum or whose code is refused, keeping its firmware', async () => {
    const robot = await startRobot('R-bad', { httpUrl: updates.httpUrl });
    const before = robot.model.firmware;
    await obs.publish(topics.robotCommand('R-bad'), command('c-sum', 'update', updates.args(8, { sha256: 'a'.repeat(64) })));
    const corrupt = await obs.next(topics.robotUpgrade('R-bad'), (p) => p.recordId === 8);
    expect(corrupt.payload).toMatchObject({ stage: 'failed', reason: expect.stringContaining('checksum mismatch') });
    await obs.publish(topics.robotCommand('R-bad'), command('c-code', 'update', updates.args(9, { code: 'WRONG' })));
    const refused = await obs.next(topics.robotUpgrade('R-bad'), (p) => p.recordId === 9);
    expect(refused.payload).toMatchObject({ stage: 'failed', reason: 'download refused: HTTP 403 Wrong verification code' });
    await waitFor(() => robot.model.state === 'idle', 3000, 'idle again');
    expect(robot.model.firmware).toBe(before);
    await obs.publish(topics.robotCommand('R-bad'), command('c-bare', 'update', { recordId: 10 }));
    expect((await obs.next(topics.robotAck('R-bad'), (p) => p.id === 'c-bare')).payload).toMatchObject({ ok: false });
  });

  it('restarts, updates and removes itself on command', async () => {
    const robot = await startRobot('R-life', { httpUrl: updates.httpUrl });
    await obs.publish(topics.robotCommand('R-life'), command('c-restart', 'restart'));
    await obs.next(topics.robotStatus('R-life'), (p) => p.connection === 'offline');
    await waitFor(() => robot.connected && robot.model.state === 'idle', 5000, 'back after restart');
    await obs.publish(topics.robotCommand('R-life'), command('c-up', 'update', updates.args(7)));
    await obs.next(topics.robotStatus('R-life'), (p) => p.state === 'upgrade');
    await obs.next(topics.robotUpgrade('R-life'), (p) => p.recordId === 7 && p.stage === 'download_complete');
    await obs.next(topics.robotStatus('R-life'), (p) => p.firmware === '2.0.0' && p.state === 'idle', 5000);
    const done = await obs.next(topics.robotUpgrade('R-life'), (p) => p.stage === 'update_complete');
    expect(done.payload).toMatchObject({ recordId: 7, firmware: '2.0.0' });
    expect(updates.authorizations.at(-1)).toBe(`Basic ${Buffer.from('R-life:key').toString('base64')}`);
    obs.clear();
    await obs.publish(topics.robotCommand('R-life'), command('c-rm', 'remove'));
    await obs.next(topics.robotAck('R-life'), (p) => p.id === 'c-rm' && p.ok);
    await obs.next(topics.robotStatus('R-life'), () => true).catch(() => undefined);
    await waitFor(() => !robot.connected, 3000, 'disconnected');
    const late = await observe(broker.url, [topics.robotStatus('R-life')]);
    await new Promise((r) => setTimeout(r, 200));
    expect(late.seen).toEqual([]);
    await late.close();
  });
});
