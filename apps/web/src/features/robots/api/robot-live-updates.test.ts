import type { Page, Robot } from '@railserve/protocol';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../../../testing/fake-mqtt-client.ts';
import { FIXTURE_TIME, robotFixture } from '../../../testing/fixtures.ts';
import { lastHeard } from './robot-heard.ts';
import { robotKeys } from './robot-keys.ts';
import { applyRobotChanges, registerRobotLiveUpdates, withRobotAlert, withRobotStatus } from './robot-live-updates.ts';

const ts = FIXTURE_TIME;
const robot = robotFixture;

describe('withRobotStatus', () => {
  it('merges a status and computes health with the shared rule', () => {
    const next = withRobotStatus(robot('R1'), { sn: 'R1', battery: 15, state: 'goto', alarms: ['low_battery'], ts }, 'later');
    expect(next).toMatchObject({ battery: 15, state: 'goto', alarms: ['low_battery'], health: 'warning', lastUpdate: 'later' });
    expect(next.trackId).toBeNull();
  });

  it('keeps the last position and readings on a last will', () => {
    const next = withRobotStatus(robot('R1'), { sn: 'R1', connection: 'offline', ts }, 'later');
    expect(next).toMatchObject({ connection: 'offline', trackId: 1, point: 3, battery: 80, health: 'warning' });
  });

  it('raises and clears alarms from alerts', () => {
    const raised = withRobotAlert(robot('R1'), { sn: 'R1', code: 'left_motor_comm', active: true, ts }, 'later');
    expect(raised).toMatchObject({ alarms: ['left_motor_comm'], health: 'critical' });
    expect(withRobotAlert(raised, { sn: 'R1', code: 'left_motor_comm', active: false, ts }, 'later').health).toBe('normal');
  });
});

describe('applyRobotChanges', () => {
  const list = (sns: string[]): Page<Robot> => ({
    items: sns.map((sn) => robot(sn)),
    total: sns.length,
    page: 1,
    pageSize: 'all',
  });
  const battery = (level: number) => (r: Robot) => ({ ...r, battery: level });

  it('replaces only the changed robots, and again in the list it made', () => {
    const first = list(['R1', 'R2', 'R3']);
    const { page: second, unknown } = applyRobotChanges(first, new Map([['R2', [battery(40), battery(30)]]]));
    expect(unknown).toEqual([]);
    expect(second.items.map((r) => r.battery)).toEqual([80, 30, 80]);
    expect(second.items[0]).toBe(first.items[0]);
    const { page: third } = applyRobotChanges(second, new Map([['R3', [battery(20)]]]));
    expect(third.items.map((r) => r.battery)).toEqual([80, 30, 20]);
    expect(third.items[1]).toBe(second.items[1]);
  });

  it('answers the same page when nothing shown changes, and names robots the list lacks', () => {
    const first = list(['R1', 'R2']);
    const result = applyRobotChanges(
      first,
      new Map([
        ['R1', [(r: Robot) => ({ ...r, lastUpdate: 'later' })]],
        ['R9', [battery(5)]],
        ['R8', null],
      ]),
    );
    expect(result.page).toBe(first);
    expect(result.unknown).toEqual(['R9']);
  });

  it('takes removed robots out in the same write, and finds robots in the shorter list afterwards', () => {
    const { page } = applyRobotChanges(
      list(['R1', 'R2', 'R3']),
      new Map([
        ['R1', null],
        ['R3', [battery(10)]],
      ]),
    );
    expect(page.items.map((r) => [r.sn, r.battery])).toEqual([
      ['R2', 80],
      ['R3', 10],
    ]);
    expect(page.total).toBe(2);
    const { page: next } = applyRobotChanges(
      page,
      new Map([
        ['R3', [battery(9)]],
        ['R2', [battery(70)]],
      ]),
    );
    expect(next.items.map((r) => [r.sn, r.battery])).toEqual([
      ['R2', 70],
      ['R3', 9],
    ]);
  });
});

describe('registerRobotLiveUpdates', () => {
  let queryClient: QueryClient;
  let store: BrokerStore;
  let fake: ReturnType<typeof fakeConnect>;
  let remove: () => void;
  const page = () => queryClient.getQueryData<Page<Robot>>(robotKeys.list)!;
  const receive = (topic: string, payload: unknown) =>
    fake.last().emit('message', topic, typeof payload === 'string' ? payload : JSON.stringify(payload));

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    queryClient.setQueryData<Page<Robot>>(robotKeys.list, {
      items: [robot('R1'), robot('R2')],
      total: 2,
      page: 1,
      pageSize: 'all',
    });
    fake = fakeConnect();
    store = new BrokerStore({ connect: fake.connect, logger: silentLogger });
    store.connect({ host: 'localhost', port: 9001, username: 'web', password: 'token' });
    fake.last().emit('connect');
    remove = registerRobotLiveUpdates({ broker: store, queryClient });
  });
  afterEach(() => {
    remove();
    vi.useRealTimers();
  });

  it('writes statuses and alerts into the cached list in one batch', () => {
    receive('hcpro4/robots/R1/status', { sn: 'R1', battery: 50, state: 'goto', ts });
    receive('hcpro4/robots/R1/status', { sn: 'R1', battery: 49, state: 'goto', ts });
    receive('hcpro4/alerts/R2', { sn: 'R2', code: 'imu_stuck', active: true, ts });
    expect(page().items[0].battery).toBe(80);
    vi.advanceTimersByTime(600);
    expect(page().items[0]).toMatchObject({ battery: 49, state: 'goto' });
    expect(page().items[1]).toMatchObject({ alarms: ['imu_stuck'], health: 'critical' });
  });

  it('a heartbeat that changes nothing shown leaves the list as it was, and is noted as heard', () => {
    const before = page();
    const same = robot('R1');
    receive('hcpro4/robots/R1/status', { sn: 'R1', battery: same.battery, state: same.state, trackId: 1, point: 3, ts });
    vi.advanceTimersByTime(600);
    expect(page()).toBe(before);
    expect(lastHeard(page().items[0])).not.toBe(same.lastUpdate);
    // A change in one robot replaces that robot only.
    receive('hcpro4/robots/R1/status', { sn: 'R1', battery: 42, ts });
    vi.advanceTimersByTime(600);
    expect(page().items[0].battery).toBe(42);
    expect(page().items[1]).toBe(before.items[1]);
  });

  it('notes a robot the feed names as heard only, without a cache write', () => {
    const before = page();
    const now = new Date().toISOString();
    receive('hcpro4/console/robots', { ts, statuses: [], removed: [], heard: ['R2', 42, null] });
    vi.advanceTimersByTime(600);
    expect(page()).toBe(before);
    expect(lastHeard(page().items[1])).toBe(now);
  });

  it('drops payloads that fail the schema or name another robot', () => {
    receive('hcpro4/robots/R1/status', { sn: 'R2', battery: 5, ts });
    receive('hcpro4/robots/R1/status', { sn: 'R1', battery: 500, ts });
    receive('hcpro4/robots/R1/status', 'not json');
    vi.advanceTimersByTime(600);
    expect(page().items[0].battery).toBe(80);
  });

  it('takes a removed robot out (its retained status cleared) and loads the list again for a new one', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    receive('hcpro4/robots/R2/status', '');
    receive('hcpro4/robots/R9/status', { sn: 'R9', battery: 90, ts });
    vi.advanceTimersByTime(600);
    expect(page().items.map((r) => r.sn)).toEqual(['R1']);
    expect(page().total).toBe(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // More statuses right behind the first do not load the list again.
    receive('hcpro4/robots/R9/status', { sn: 'R9', battery: 89, ts });
    vi.advanceTimersByTime(300);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // Still missing a second later (the server had not written it when the list was read): asked again.
    vi.advanceTimersByTime(300);
    receive('hcpro4/robots/R9/status', { sn: 'R9', battery: 88, ts });
    vi.advanceTimersByTime(600);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
