import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../src/db/schema/tracks.ts';
import { newRobot } from '../../src/modules/robots/live-state.ts';
import { findRobot, upsertLiveRobots, withLive } from '../../src/modules/robots/repository.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { getRobot } from '../support/robots.ts';
import { createTrack } from '../support/tracks.ts';

// The API shows a robot as the server last heard it, not as the last batched write left its row:
// a status reaches GET /robots however long the writes wait (behind a log burst, say).
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Holds the fleet's writes until the answer is released (the writer's queue, as a slow database would). */
function holdFleetWrites() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  (app.robots as unknown as { serial(work: () => Promise<void>): Promise<void> }).serial(() => held);
  return release;
}

describe('a robot read', () => {
  it('shows a status the server heard before its row is written, in the robot and in the list', async () => {
    const heard = new Date(Date.now() - 5000);
    app.robots.status({ sn: 'LIVE-1', ts: heard.toISOString(), battery: 80, state: 'idle', alarms: [] }, heard);
    await app.robots.flush();
    const release = holdFleetWrites();
    try {
      app.robots.status({ sn: 'LIVE-1', ts: new Date().toISOString(), battery: 41, state: 'goto', name: 'Lily' }, new Date());
      expect((await findRobot(app.db, 'LIVE-1'))?.battery).toBe(80);
      const viewer = await app.as(3);
      expect(await getRobot(app, 'LIVE-1', viewer)).toMatchObject({ battery: 41, state: 'goto', name: 'Lily' });
      const list = await app.inject({ method: 'GET', url: '/api/v1/robots?q=LIVE-1', headers: viewer });
      expect(list.json().data.items).toMatchObject([{ sn: 'LIVE-1', battery: 41, state: 'goto' }]);
    } finally {
      release();
    }
    await app.robots.flush();
    expect((await findRobot(app.db, 'LIVE-1'))?.battery).toBe(41);
  });

  it('shows it in the robots of its track too', async () => {
    const admin = await app.as(0);
    const track = await createTrack(app, admin);
    // As its controller reported: the robot is on the track.
    await app.db
      .update(tracks)
      .set({ robots: ['LIVE-4'] })
      .where(eq(tracks.id, track.id));
    const heard = new Date(Date.now() - 5000);
    app.robots.status({ sn: 'LIVE-4', ts: heard.toISOString(), battery: 90, state: 'idle', trackId: track.id }, heard);
    await app.robots.flush();
    const release = holdFleetWrites();
    try {
      app.robots.status(
        { sn: 'LIVE-4', ts: new Date().toISOString(), battery: 55, state: 'goto', trackId: track.id, point: 4 },
        new Date(),
      );
      const onTrack = await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}/robots`, headers: admin });
      expect(onTrack.json().data).toMatchObject([{ sn: 'LIVE-4', battery: 55, state: 'goto', point: 4 }]);
    } finally {
      release();
    }
  });

  it('shows the row when another instance wrote newer news than this one heard', async () => {
    const heard = new Date(Date.now() - 5000);
    app.robots.status({ sn: 'LIVE-2', ts: heard.toISOString(), battery: 70, state: 'idle' }, heard);
    await app.robots.flush();
    // Another instance heard the robot later and wrote it.
    await upsertLiveRobots(app.db, [{ ...newRobot('LIVE-2', heard), battery: 12, state: 'sleep', lastUpdate: new Date() }]);
    expect(await getRobot(app, 'LIVE-2', await app.as(3))).toMatchObject({ battery: 12, state: 'sleep' });
  });
});

describe('withLive', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));
  const row = {
    ...newRobot('LIVE-3', at(0)),
    id: 7,
    consoleName: 'Front',
    trackId: 1,
    lastTrackName: 'Hall (console)',
    battery: 60,
  };

  it('keeps the row as it is when this instance heard nothing newer', () => {
    expect(withLive(row, undefined)).toBe(row);
    expect(withLive(row, { ...row, battery: 10 })).toBe(row);
    expect(withLive(row, { ...row, battery: 10, lastUpdate: at(-1) })).toBe(row);
  });

  it('takes the live fields but keeps the id, the console name and the registration', () => {
    const live = { ...newRobot('LIVE-3', at(5)), trackId: 1, lastTrackName: 'hall', battery: 33 };
    expect(withLive(row, live)).toEqual({
      ...live,
      id: 7,
      consoleName: 'Front',
      registeredAt: row.registeredAt,
      lastTrackName: 'Hall (console)',
    });
  });

  it('names a track the row does not hold yet as the robot does, and keeps the last one off the track', () => {
    const live = { ...row, lastUpdate: at(5) };
    expect(withLive(row, { ...live, trackId: 2, lastTrackName: 'kitchen' }).lastTrackName).toBe('kitchen');
    expect(withLive(row, { ...live, trackId: 2, lastTrackName: null }).lastTrackName).toBe('Hall (console)');
    expect(withLive(row, { ...live, trackId: null, lastTrackName: 'hall' })).toMatchObject({
      trackId: null,
      lastTrackName: 'Hall (console)',
    });
  });
});
