import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { scriptedController } from '../support/scripted-controller.ts';
import { createTrack, eventually } from '../support/tracks.ts';

// Status ingest: the controller's retained status lands on the track; bad payloads are dropped.
const { app, admin } = useTestApp();
let trackId: number;
let controller: Awaited<ReturnType<typeof scriptedController>>;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  trackId = (await createTrack(app, admin)).id;
  controller = await scriptedController(app.brokerPorts!.tcp, app.secrets.deviceKey, trackId);
});
afterAll(async () => {
  await controller.close();
});

const readTrack = async () => (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}`, headers: admin })).json().data;
const readChanges = async () =>
  (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/status-changes`, headers: admin })).json().data;
const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const status = (fields: Record<string, unknown>) => ({ trackId, status: 3, error: 0, mode: 'normal', robots: [], ...fields });

describe('track status ingest', () => {
  it('stores the controller status on the track and records the change', async () => {
    const ts = at(30);
    await controller.publishStatus(status({ status: 2, mode: 'register', robots: ['SIM-1', 'SIM-2'], ts }));
    const track = await eventually(readTrack, (t) => t.statusCode === 2);
    expect(track).toMatchObject({
      errorCode: 0,
      mode: 'register',
      registerMode: true,
      viewerMode: false,
      robots: ['SIM-1', 'SIM-2'],
    });
    expect(track.statusAt).toBe(ts);
    const changes = await readChanges();
    expect(changes[0]).toMatchObject({ trackId, statusCode: 2, errorCode: 0, mode: 'register', robots: ['SIM-1', 'SIM-2'] });
  });

  it('records an error state and keeps the history newest first', async () => {
    await controller.publishStatus(status({ status: 4, error: 1, robots: ['SIM-1'], ts: at(20) }));
    await eventually(readTrack, (t) => t.statusCode === 4 && t.errorCode === 1);
    const changes = await readChanges();
    expect(changes.map((c: { statusCode: number }) => c.statusCode)).toEqual([4, 2]);
  });

  it('updates robots without a change row when only the robots differ', async () => {
    await controller.publishStatus(status({ status: 4, error: 1, robots: ['SIM-1', 'SIM-3'], ts: at(19) }));
    await eventually(readTrack, (t) => t.robots.includes('SIM-3'));
    expect(await readChanges()).toHaveLength(2);
  });

  it('drops invalid payloads and keeps serving', async () => {
    const topic = `hcpro4/tracks/${trackId}/status`;
    const bad = [
      'not json',
      JSON.stringify(status({ status: 7, ts: at(10) })),
      JSON.stringify(status({ error: 3, ts: at(10) })),
      JSON.stringify(status({ mode: 'turbo', ts: at(10) })),
      JSON.stringify(status({ robots: ['bad sn!'], ts: at(10) })),
      JSON.stringify(status({ ts: 'yesterday' })),
      JSON.stringify({ ...status({ ts: at(10) }), trackId: trackId + 1000 }),
      JSON.stringify([1, 2, 3]),
    ];
    for (const payload of bad) await app.mqtt.publish(topic, payload);
    await app.mqtt.publish('hcpro4/tracks/abc/status', JSON.stringify(status({ ts: at(10) })));
    // A status for a track that does not exist is ignored too.
    await app.mqtt.publish('hcpro4/tracks/999999/status', JSON.stringify({ ...status({ ts: at(10) }), trackId: 999_999 }));
    // The next valid status is applied, and none of the bad ones were.
    await controller.publishStatus(status({ status: 3, error: 0, mode: 'viewer', ts: at(5) }));
    const track = await eventually(readTrack, (t) => t.statusCode === 3);
    expect(track).toMatchObject({ errorCode: 0, mode: 'viewer', viewerMode: true });
    expect((await readChanges()).map((c: { statusCode: number }) => c.statusCode)).toEqual([3, 4, 2]);
  });

  it('writes each change to the event log under the track name', async () => {
    await app.eventLog.flush();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/logs?source=track&trackId=${trackId}&pageSize=all`,
      headers: admin,
    });
    const records = res.json().data.items.filter((r: { type: string }) => r.type === 'track_status_changed');
    const name = (await readTrack()).name;
    expect(records).toHaveLength(3);
    expect(records.map((r: { level: string }) => r.level).sort()).toEqual(['error', 'info', 'info']);
    expect(records[0]).toMatchObject({ source: 'track', trackId, trackName: name });
  });

  it('ignores a status older than the stored one', async () => {
    await controller.publishStatus(status({ status: 1, ts: at(60) }));
    await controller.publishStatus(status({ status: 3, mode: 'normal', ts: at(1) }));
    const track = await eventually(readTrack, (t) => t.mode === 'normal');
    expect(track.statusCode).toBe(3);
    expect((await readChanges()).map((c: { statusCode: number }) => c.statusCode)).not.toContain(1);
  });
});
