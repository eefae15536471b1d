import { DEFAULT_ROBOT_CONFIG } from '@railserve/protocol';
import type { SimRobot } from '@railserve/robot-sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastAudit } from './audit.ts';
import { type RawDevice, type RobotTestEnv, rawDevice, startSimRobot, waitFor, waitForRobot } from './robots.ts';

type Headers = { authorization: string };

/**
 * The commands scenario: configuration read and write with range errors, commands acknowledged,
 * failed and timed out, unknown robots. Run against the embedded broker and a real Mosquitto.
 */
export function robotCommandScenario(getEnv: () => RobotTestEnv) {
  let env: RobotTestEnv;
  let admin: Headers;
  let staff: Headers;
  let sim: SimRobot;
  let mute: RawDevice;

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
    env.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as Record<string, unknown> | undefined });

  beforeAll(async () => {
    env = getEnv();
    admin = await env.app.as(0);
    staff = await env.app.as(2);
    sim = await startSimRobot(env, 'SCN-CMD');
    // Registered and online, but never answers a command.
    mute = await rawDevice(env, 'SCN-MUTE', () => undefined);
    await mute.status({ state: 'idle', battery: 60 });
    await waitForRobot(env.app, 'SCN-CMD', admin, (r) => r.state === 'idle', 'idle');
    await waitForRobot(env.app, 'SCN-MUTE', admin, (r) => r.connection === 'online', 'online');
  });
  afterAll(async () => {
    await sim?.stop();
    await mute?.close();
  });

  it('answers the configuration from the robot’s report', async () => {
    const basic = await waitFor(async () => {
      const response = await inject('GET', '/robots/SCN-CMD/config/basic', staff);
      return response.statusCode === 200 ? response.json().data : undefined;
    }, 'the config report');
    expect(basic).toMatchObject({ group: 'basic', data: DEFAULT_ROBOT_CONFIG.basic });
    expect((await inject('GET', '/robots/SCN-MUTE/config/basic', staff)).statusCode).toBe(404);
    expect((await inject('GET', '/robots/SCN-CMD/config/wheels', staff)).statusCode).toBe(400);
  });

  it('refuses configuration outside the ranges, field by field', async () => {
    const volume = await inject('PUT', '/robots/SCN-CMD/config/basic', admin, { ...DEFAULT_ROBOT_CONFIG.basic, volume: 101 });
    expect(volume.statusCode).toBe(400);
    expect(volume.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: ['body', 'volume'], message: 'out_of_range' }],
    });
    const network = await inject('PUT', '/robots/SCN-CMD/config/network', admin, {
      ...DEFAULT_ROBOT_CONFIG.network,
      wifiSsid: '',
      wifiPassword: '',
      serverIp: '300.1.1.1',
    });
    const messages = network.json().details.map((d: { message: string }) => d.message);
    // A blank WiFi password keeps the robot's own (write-only), so it is no error here.
    expect(messages).toEqual(expect.arrayContaining(['ssid_required', 'invalid_ip']));
    const missing = await inject('PUT', '/robots/SCN-CMD/config/motion', admin, { maxSpeed: 500 });
    expect(missing.json().details).toContainEqual({ path: ['body', 'motorScale'], message: 'required' });
    expect((await inject('PUT', '/robots/SCN-CMD/config/basic', staff, DEFAULT_ROBOT_CONFIG.basic)).statusCode).toBe(403);
  });

  it('writes a configuration group and reports the robot’s acknowledgement', async () => {
    const write = await inject('PUT', '/robots/SCN-CMD/config/basic?wait=true', admin, {
      ...DEFAULT_ROBOT_CONFIG.basic,
      volume: 30,
    });
    expect(write.json().data).toMatchObject({ command: 'config', status: 'acknowledged', args: { group: 'basic' } });
    await waitFor(async () => {
      const response = await inject('GET', '/robots/SCN-CMD/config/basic', admin);
      return response.json().data?.data.volume === 30 || undefined;
    }, 'the new report');
    const network = await inject('PUT', '/robots/SCN-CMD/config/network?wait=true', admin, DEFAULT_ROBOT_CONFIG.network);
    expect(network.json().data).toMatchObject({ status: 'acknowledged', args: { data: { wifiPassword: '********' } } });
  });

  it('audits a configuration write as the fields it changed, old → new', async () => {
    const record = await lastAudit(env.app, (r) => r.target === 'robots/SCN-CMD/config/basic' && r.result === 'success');
    expect(record).toMatchObject({
      type: 'system_config',
      description: 'Update robots/SCN-CMD/config/basic',
      oldValues: { volume: DEFAULT_ROBOT_CONFIG.basic.volume },
      newValues: { volume: 30 },
    });
  });

  it('audits a rename as the name change only', async () => {
    const before = (await inject('GET', '/robots/SCN-CMD', admin)).json().data.name;
    await inject('PATCH', '/robots/SCN-CMD', staff, { name: 'Renamed runner' });
    const record = await lastAudit(env.app, (r) => r.target === 'robots/SCN-CMD' && r.type === 'update');
    expect(record).toMatchObject({ oldValues: { name: before }, newValues: { name: 'Renamed runner' } });
    expect(record.description).toBe('Update robots/SCN-CMD (Renamed runner)');
  });

  it('tracks commands: acknowledged, failed with the robot’s error, timed out', async () => {
    const command = (sn: string, payload: unknown, headers = admin, wait = true) =>
      inject('POST', `/robots/${sn}/commands${wait ? '?wait=true' : ''}`, headers, payload);
    expect((await command('SCN-CMD', { command: 'lid', args: { open: true } }, staff)).json().data).toMatchObject({
      status: 'acknowledged',
      command: 'lid',
      args: { open: true },
    });
    await command('SCN-CMD', { command: 'lid', args: { open: false } });
    // The simulated robot has no map: it refuses to drive and says why.
    expect((await command('SCN-CMD', { command: 'goto', args: { point: 3 } })).json().data).toMatchObject({
      status: 'failed',
      error: 'no map loaded',
    });
    // A silent robot goes offline after ROBOT_TEST_CONFIG's 2 s: it speaks once more, then stays mute.
    await mute.status({ state: 'idle', battery: 60 });
    await waitForRobot(env.app, 'SCN-MUTE', admin, (r) => r.connection === 'online', 'online again');
    const muted = await command('SCN-MUTE', { command: 'restart' });
    expect(muted.json().data, muted.body).toMatchObject({ status: 'timed_out' });
    expect((await command('SCN-CMD', { command: 'reload_map' }, admin, false)).json().data).toMatchObject({ status: 'sent' });

    const history = (await inject('GET', '/robots/SCN-CMD/commands?pageSize=10', staff)).json().data;
    expect(history.items[0].command).toBe('reload_map');
    expect(history.items.map((c: { status: string }) => c.status)).toEqual(expect.arrayContaining(['acknowledged', 'failed']));
  });

  it('checks the stricter commands against the matrix and validates arguments', async () => {
    const command = (payload: unknown, headers: Headers) => inject('POST', '/robots/SCN-CMD/commands', headers, payload);
    expect((await command({ command: 'remove' }, staff)).statusCode).toBe(403);
    expect((await command({ command: 'reset_alarm' }, await env.app.as(3))).statusCode).toBe(403);
    expect((await command({ command: 'goto', args: {} }, staff)).json()).toMatchObject({ code: 'validation_failed' });
    expect((await command({ command: 'fly' }, staff)).statusCode).toBe(400);
    const renamed = await command({ command: 'rename', args: { name: 'Front runner' } }, staff);
    expect(renamed.json().data).toMatchObject({ command: 'rename', status: 'sent' });
    const sent = await lastAudit(env.app, (r) => r.target === 'robots/SCN-CMD/commands' && r.result === 'success');
    expect(sent.description).toBe('Send rename to robots/SCN-CMD/commands');
    await waitForRobot(env.app, 'SCN-CMD', staff, (r) => r.name === 'Front runner', 'renamed');
  });

  it('answers 404 for a robot that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', '/robots/NOPE-1', undefined],
      ['PATCH', '/robots/NOPE-1', { name: 'x' }],
      ['POST', '/robots/NOPE-1/commands', { command: 'restart' }],
      ['GET', '/robots/NOPE-1/commands', undefined],
      ['GET', '/robots/NOPE-1/config/basic', undefined],
      ['PUT', '/robots/NOPE-1/config/basic', DEFAULT_ROBOT_CONFIG.basic],
    ] as const) {
      const response = await inject(method, url, admin, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });
}
