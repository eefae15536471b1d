import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { getRobot, rawDevice } from '../support/robots.ts';

// An idle robot (its status changes nothing shown) costs no database write per status: its row's
// lastUpdate is written only as silence detection needs, and it stays online.
let app: TestApp;
const OFFLINE_AFTER_MS = 4000;

beforeAll(async () => {
  app = await buildTestApp({ robotOfflineAfterMs: OFFLINE_AFTER_MS });
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await app.close();
});

describe('an idle robot', () => {
  it('is written every few sweeps, not once per status, and stays online', async () => {
    const robot = await rawDevice(
      { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as never,
      'IDLE-1',
    );
    await robot.status({ state: 'idle', battery: 77, alarms: [] });
    await app.robots.flush();
    const rowsBefore = app.robots.stats.rowsWritten;
    const statusesBefore = app.robots.stats.statuses;
    // Two offline periods of heartbeats, five a second: eight sweeps.
    const until = Date.now() + 2 * OFFLINE_AFTER_MS;
    while (Date.now() < until) {
      await robot.status({ state: 'idle', battery: 77, alarms: [] });
      await new Promise((r) => setTimeout(r, 200));
    }
    const statuses = app.robots.stats.statuses - statusesBefore;
    const rows = app.robots.stats.rowsWritten - rowsBefore;
    expect(statuses).toBeGreaterThan(30);
    // Its row half an offline period old at a sweep: about every other sweep, and at least once.
    expect(rows).toBeGreaterThanOrEqual(2);
    expect(rows).toBeLessThanOrEqual(5);
    const row = await getRobot(app, 'IDLE-1', await app.as(3));
    expect(row?.connection).toBe('online');
    expect(Date.now() - Date.parse(row?.lastUpdate ?? '')).toBeLessThan(OFFLINE_AFTER_MS);
    await robot.close();
  });
});
