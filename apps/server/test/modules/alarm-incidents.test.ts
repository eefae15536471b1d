import { type AlarmIncident, type AlarmIncidentDetail, type ConsoleIncidentsPayload, topics } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { openIncident } from '../../src/modules/alarms/incident-repository.ts';
import { useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { connected } from '../support/broker-clients.ts';
import { type RawDevice, waitFor } from '../support/robots.ts';
import { createTrack } from '../support/tracks.ts';

// Track incidents (issue 29): 3 or more robots on one track raising the same code within 2 minutes.
const { app, admin, mqtt, device } = useAlarmsApp();

type Headers = { authorization: string };
const incidents = async (headers: Headers, query = '') =>
  (await app.inject({ method: 'GET', url: `/api/v1/alarm-incidents?${query}`, headers })).json().data.items as AlarmIncident[];
const incident = async (headers: Headers, id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/alarm-incidents/${id}`, headers })).json().data as AlarmIncidentDetail;
/** Every raise and clear written, and the incidents worked out. */
const settled = async () => {
  await app.alarms.flush();
  await app.alarmIncidents.flush();
};

describe('track incidents', () => {
  it('groups 3 robots raising one code on a track into one incident naming their points, live, until all clear', async () => {
    const viewer = await app.as(3);
    const browser = mqtt.browser(viewer.authorization.slice('Bearer '.length));
    expect(await connected(browser)).toBe(true);
    await browser.subscribeAsync(topics.consoleIncidents);
    const received: ConsoleIncidentsPayload[] = [];
    browser.on('message', (topic, payload) => {
      if (topic === topics.consoleIncidents) received.push(JSON.parse(payload.toString()));
    });
    const track = await createTrack(app, admin);
    const other = await createTrack(app, admin);
    const robots: [string, number, RawDevice][] = [];
    for (const [sn, point] of [
      ['IN-1', 3],
      ['IN-2', 5],
      ['IN-3', 7],
      ['IN-4', 9],
    ] as const)
      robots.push([sn, point, await device(sn)]);
    const status = (i: number, alarms: string[], trackId = track.id) =>
      robots[i][2].status({ state: alarms.length ? 'alarm' : 'idle', battery: 80, trackId, point: robots[i][1], alarms });

    // Two robots on the track and one elsewhere: no incident.
    await status(0, ['qrcode_comm']);
    await status(1, ['qrcode_comm']);
    await status(3, ['qrcode_comm'], other.id);
    for (const sn of ['IN-1', 'IN-2', 'IN-4'])
      await waitForAlarms(app, admin, sn, 'qrcode_comm', (a) => a.length === 1, 'raised');
    await settled();
    expect(await incidents(viewer, `trackId=${track.id}`)).toEqual([]);

    // The third makes it.
    await status(2, ['qrcode_comm']);
    await waitForAlarms(app, admin, 'IN-3', 'qrcode_comm', (a) => a.length === 1, 'raised');
    await settled();
    const [opened] = await incidents(viewer, `trackId=${track.id}`);
    expect(opened).toMatchObject({ trackId: track.id, code: 'qrcode_comm', active: true, robotCount: 3, points: [3, 5, 7] });
    expect(await incidents(viewer, `trackId=${other.id}`)).toEqual([]);
    const detail = await incident(viewer, opened.id);
    expect(detail.alarms.map((a) => [a.robotSn, a.point])).toEqual([
      ['IN-1', 3],
      ['IN-2', 5],
      ['IN-3', 7],
    ]);
    await waitFor(() => received.flatMap((m) => m.incidents).find((i) => i.id === opened.id && i.robotCount === 3), 'live');

    // A fourth robot moving onto the track with the same code joins the same incident.
    await status(3, [], other.id);
    await waitForAlarms(app, admin, 'IN-4', 'qrcode_comm', (a) => a[0]?.active === false, 'cleared elsewhere');
    await status(3, ['qrcode_comm']);
    await waitForAlarms(app, admin, 'IN-4', 'qrcode_comm', (a) => a.length === 2, 'raised on the track');
    await settled();
    expect(await incidents(viewer, `trackId=${track.id}&state=active`)).toMatchObject([
      { id: opened.id, robotCount: 4, points: [3, 5, 7, 9] },
    ]);

    // It stays open while one alarm is active, and closes when the last clears.
    for (const i of [0, 1, 2]) await status(i, []);
    for (const sn of ['IN-1', 'IN-2', 'IN-3']) await waitForAlarms(app, admin, sn, 'qrcode_comm', (a) => !a[0].active, 'cleared');
    await settled();
    expect((await incident(viewer, opened.id)).active).toBe(true);
    await status(3, []);
    await waitForAlarms(app, admin, 'IN-4', 'qrcode_comm', (a) => !a[0].active, 'cleared');
    await settled();
    const closed = await incident(viewer, opened.id);
    expect(closed.active).toBe(false);
    expect(closed.closedAt).not.toBeNull();
    expect((await incidents(viewer, `trackId=${track.id}&state=cleared`)).map((i) => i.id)).toEqual([opened.id]);
    await waitFor(() => received.flatMap((m) => m.incidents).find((i) => i.id === opened.id && !i.active), 'live close');
    for (const [, , robot] of robots) await robot.close();
  });

  it('keeps one active incident per track and code when two instances open it at once', async () => {
    const track = await createTrack(app, admin);
    const at = new Date();
    const [a, b] = await Promise.all([
      openIncident(app.db, track.id, 'imu_comm', at, at),
      openIncident(app.db, track.id, 'imu_comm', at, at),
    ]);
    expect(a?.id).toBe(b?.id);
    expect(await incidents(admin, `trackId=${track.id}&state=active`)).toHaveLength(1);
  });

  it('answers bad queries and unknown incidents clearly', async () => {
    for (const query of ['state=open', 'trackId=abc', 'page=0']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/alarm-incidents?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/alarm-incidents/999999', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/alarm-incidents' })).statusCode).toBe(401);
  });
});
