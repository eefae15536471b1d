import { topics } from '@railserve/protocol';
import type { SimRobot } from '@railserve/robot-sim';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRobot, type RobotTestEnv, rawDevice, startSimRobot, waitFor, waitForRobot } from './robots.ts';

type Headers = { authorization: string };

/**
 * The robots scenario: registration, live status, rename, last will, silence, dropped payloads
 * and removal. Run against the embedded broker and against a real Mosquitto alike.
 */
export function robotLifecycleScenario(getEnv: () => RobotTestEnv) {
  let env: RobotTestEnv;
  let admin: Headers;
  let viewer: Headers;
  let sim: SimRobot;

  beforeAll(async () => {
    env = getEnv();
    admin = await env.app.as(0);
    viewer = await env.app.as(3);
  });
  afterAll(async () => {
    await sim?.stop();
  });

  it('registers a robot on its first status, with what it reports', async () => {
    const before = Date.now();
    sim = await startSimRobot(env, 'SCN-SIM', { name: 'Kitchen runner', firmware: '2.1.0', battery: 80 });
    const robot = await waitForRobot(env.app, 'SCN-SIM', viewer, (r) => r.state === 'idle', 'registered and idle');
    expect(robot).toMatchObject({
      sn: 'SCN-SIM',
      name: 'Kitchen runner',
      connection: 'online',
      battery: 80,
      health: 'normal',
      alarms: [],
    });
    expect(robot.firmware).toBe('2.1.0');
    expect(Date.parse(robot.registeredAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('follows status changes and computes health with the shared rule', async () => {
    sim.setBattery(15);
    await waitForRobot(env.app, 'SCN-SIM', viewer, (r) => r.battery === 15 && r.health === 'warning', 'low battery warning');
    sim.raiseAlarm('left_motor_comm');
    const alarmed = await waitForRobot(env.app, 'SCN-SIM', viewer, (r) => r.health === 'critical', 'critical alarm');
    expect(alarmed.alarms).toContain('left_motor_comm');
    expect(alarmed.state).toBe('alarm');
    sim.clearAlarm('left_motor_comm');
    sim.setBattery(80);
    await waitForRobot(env.app, 'SCN-SIM', viewer, (r) => r.health === 'normal' && r.alarms.length === 0, 'healthy again');
  });

  it('keeps the console name over the robot’s own once renamed', async () => {
    const rename = (name: string, headers = admin) =>
      env.app.inject({ method: 'PATCH', url: '/api/v1/robots/SCN-SIM', headers, payload: { name } });
    const renamed = await rename('  Counter 1 ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Counter 1');
    // Several heartbeats later, still the console's name (the robot keeps reporting its own).
    await new Promise((r) => setTimeout(r, 800));
    expect((await getRobot(env.app, 'SCN-SIM', viewer))?.name).toBe('Counter 1');
    expect((await rename('   ')).json()).toMatchObject({ code: 'validation_failed' });
    expect((await rename('Counter 2', viewer)).statusCode).toBe(403);
  });

  it('lists, searches, filters and sorts robots', async () => {
    const list = async (query: string) =>
      (await env.app.inject({ method: 'GET', url: `/api/v1/robots?${query}`, headers: viewer })).json().data;
    expect((await list('q=counter')).items.map((r: { sn: string }) => r.sn)).toEqual(['SCN-SIM']);
    expect((await list('connection=online&health=normal')).items.some((r: { sn: string }) => r.sn === 'SCN-SIM')).toBe(true);
    expect((await list('connection=offline&q=SCN-SIM')).total).toBe(0);
    const sorted = await list('sort=sn&order=desc&pageSize=all');
    const sns = sorted.items.map((r: { sn: string }) => r.sn);
    expect(sns).toEqual([...sns].sort().reverse());
    const bad = await env.app.inject({ method: 'GET', url: '/api/v1/robots?health=fine', headers: viewer });
    expect(bad.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('marks a silent robot offline after the configured time', async () => {
    const quiet = await rawDevice(env, 'SCN-QUIET');
    await quiet.status({ state: 'idle', battery: 90, alarms: [] });
    await waitForRobot(env.app, 'SCN-QUIET', viewer, (r) => r.connection === 'online', 'online');
    const observer = await mqtt.connectAsync(env.brokerUrl, env.observer);
    const notices: string[] = [];
    observer.on('message', (_topic, payload) => notices.push(payload.toString()));
    await observer.subscribeAsync(topics.robotStatus('SCN-QUIET'), { qos: 1 });
    const offline = await waitForRobot(env.app, 'SCN-QUIET', viewer, (r) => r.connection === 'offline', 'offline by silence');
    expect(offline).toMatchObject({ health: 'warning', battery: 90 });
    // The server says so on the robot's status topic, as the broker does with a last will, so consoles update live.
    await waitFor(() => notices.some((n) => n.includes('"connection":"offline"')) || undefined, 'the offline notice');
    await observer.endAsync();
    await quiet.close();
  });

  it('drops a payload that names another robot', async () => {
    const rogue = await rawDevice(env, 'SCN-ROGUE');
    await rogue.publish(topics.robotStatus('SCN-ROGUE'), {
      sn: 'SCN-VICTIM',
      state: 'idle',
      battery: 50,
      ts: new Date().toISOString(),
    });
    await rogue.status({ state: 'idle', battery: 51 });
    await waitForRobot(env.app, 'SCN-ROGUE', viewer, (r) => r.battery === 51, 'its own status');
    expect(await getRobot(env.app, 'SCN-VICTIM', viewer)).toBeUndefined();
    await rogue.close();
  });

  it('drops invalid payloads without losing the robot or the server', async () => {
    const bad = await rawDevice(env, 'SCN-BAD');
    await bad.status({ state: 'idle', battery: 70 });
    await waitForRobot(env.app, 'SCN-BAD', viewer, (r) => r.battery === 70, 'registered');
    const dropped = env.app.robots.stats.dropped;
    await bad.publish(topics.robotStatus('SCN-BAD'), 'not json');
    await bad.status({ battery: 150 });
    await bad.status({ alarms: ['No such alarm!'] });
    await bad.status({ ts: 'yesterday' });
    await bad.publish(topics.alert('SCN-BAD'), {
      sn: 'SCN-BAD',
      code: 'No such alarm!',
      active: true,
      ts: new Date().toISOString(),
    });
    await bad.publish(topics.robotConfigReport('SCN-BAD'), '[1, 2]');
    await bad.status({ state: 'idle', battery: 71 });
    const robot = await waitForRobot(env.app, 'SCN-BAD', viewer, (r) => r.battery === 71, 'the valid status after the bad ones');
    expect(robot).toMatchObject({ state: 'idle', alarms: [], connection: 'online' });
    expect(env.app.robots.stats.dropped - dropped).toBe(6);
    await bad.close();
  });

  it('marks a robot offline through its last will and refuses commands to it', async () => {
    sim.crash();
    const robot = await waitForRobot(env.app, 'SCN-SIM', viewer, (r) => r.connection === 'offline', 'offline by last will');
    expect(robot.name).toBe('Counter 1');
    const command = await env.app.inject({
      method: 'POST',
      url: '/api/v1/robots/SCN-SIM/commands',
      headers: admin,
      payload: { command: 'reset_alarm' },
    });
    expect(command.statusCode).toBe(409);
    expect(command.json()).toMatchObject({ success: false, code: 'robot_offline' });
  });

  it('removes a robot: tells it, clears its retained status and forgets it', async () => {
    const gone = await startSimRobot(env, 'SCN-GONE');
    await waitForRobot(env.app, 'SCN-GONE', viewer, (r) => r.connection === 'online', 'registered');
    const removed = new Promise((resolve) => gone.once('removed', resolve));
    const forbidden = await env.app.inject({ method: 'DELETE', url: '/api/v1/robots/SCN-GONE', headers: await env.app.as(2) });
    expect(forbidden.statusCode).toBe(403);
    const response = await env.app.inject({ method: 'DELETE', url: '/api/v1/robots/SCN-GONE', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ command: 'remove', target: 'SCN-GONE' });
    await removed;
    expect(await getRobot(env.app, 'SCN-GONE', viewer)).toBeUndefined();
    // A fresh subscriber finds no retained status any more, and the robot stays removed.
    const observer = await mqtt.connectAsync(env.brokerUrl, env.observer);
    const retained: string[] = [];
    observer.on('message', (_topic, payload) => retained.push(payload.toString()));
    await observer.subscribeAsync(topics.robotStatus('SCN-GONE'), { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    await observer.endAsync();
    expect(retained.filter((p) => p.length > 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    expect(await getRobot(env.app, 'SCN-GONE', viewer)).toBeUndefined();
  });
}
