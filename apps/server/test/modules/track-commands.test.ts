import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { scriptedController } from '../support/scripted-controller.ts';
import { createTrack, eventually, saveMap } from '../support/tracks.ts';

// Track commands against the embedded broker, answered by a scripted controller.
const { app, admin } = useTestApp({ commandTimeoutMs: 500 });
let trackId: number;
let controller: Awaited<ReturnType<typeof scriptedController>>;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  trackId = (await createTrack(app, admin)).id;
  controller = await scriptedController(app.brokerPorts!.tcp, app.secrets.deviceKey, trackId, (command, args) => {
    if (command === 'restart') return 'silent';
    if (command === 'lid' && (args as { open?: boolean }).open) return { ok: false, error: 'lid blocked' };
    return { ok: true };
  });
  await controller.publishStatus({
    trackId,
    status: 3,
    error: 0,
    mode: 'normal',
    robots: ['SIM-1'],
    ts: new Date().toISOString(),
  });
  // A command for one robot is checked against the robots the stored status names.
  await eventually(
    async () => (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}`, headers: admin })).json().data.robots,
    (robots) => robots.includes('SIM-1'),
  );
});
afterAll(async () => {
  await controller.close();
});

const send = (body: Record<string, unknown>, wait = true, headers = admin, id = trackId) =>
  app.inject({ method: 'POST', url: `/api/v1/tracks/${id}/commands${wait ? '?wait=true' : ''}`, headers, payload: body });

describe('send_target against the saved map', () => {
  it('needs a saved map', async () => {
    const res = await send({ command: 'send_target', args: { servingPoint: 1, target: 10 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('map_not_saved');
  });

  it('needs a serving point and then a table point', async () => {
    await saveMap(app, admin, trackId);
    const notServing = await send({ command: 'send_target', args: { servingPoint: 2, target: 10 } });
    expect(notServing.statusCode).toBe(400);
    expect(notServing.json().code).toBe('not_a_serving_point');
    const notTable = await send({ command: 'send_target', args: { servingPoint: 1, target: 20 } });
    expect(notTable.statusCode).toBe(400);
    expect(notTable.json().code).toBe('not_a_table_point');
    const unknown = await send({ command: 'send_target', args: { servingPoint: 1, target: 555 } });
    expect(unknown.json().code).toBe('not_a_table_point');
    const missing = await send({ command: 'send_target', args: { servingPoint: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
  });

  it('sends a valid target and tracks it to acknowledged', async () => {
    const res = await send({ command: 'send_target', args: { servingPoint: 1, target: 11 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      target: `track-${trackId}`,
      command: 'send_target',
      args: { servingPoint: 1, target: 11 },
      status: 'acknowledged',
      username: 'admin',
    });
    const cmd = controller.received.find(
      (m) => m.topic.endsWith('/cmd') && (m.body as { command: string }).command === 'send_target',
    );
    expect(cmd?.body).toMatchObject({ id: res.json().data.id, command: 'send_target', args: { servingPoint: 1, target: 11 } });
  });
});

describe('tracking', () => {
  it('keeps the controller error of a refused command', async () => {
    const res = await send({ command: 'lid', args: { open: true } });
    expect(res.json().data).toMatchObject({ status: 'failed', error: 'lid blocked' });
  });

  it('times out a command the controller does not answer', async () => {
    expect((await send({ command: 'restart' })).json().data).toMatchObject({ status: 'timed_out' });
  });

  it('answers 202 with status sent without wait', async () => {
    const res = await send({ command: 'register_mode' }, false);
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'sent', args: { enabled: true } });
  });

  it('publishes the saved map retained before reload_map', async () => {
    const res = await send({ command: 'reload_map' });
    expect(res.json().data.status).toBe('acknowledged');
    const mapIndex = controller.received.findIndex((m) => m.topic === `HCP4/track/${trackId}/map`);
    const cmdIndex = controller.received.findIndex(
      (m) => m.topic.endsWith('/cmd') && (m.body as { command: string }).command === 'reload_map',
    );
    expect(mapIndex).toBeGreaterThanOrEqual(0);
    expect(mapIndex).toBeLessThan(cmdIndex);
    expect((controller.received[mapIndex].body as { points: unknown[] }).points).toHaveLength(5);
  });

  it('refuses a command for a robot the controller does not report on the track', async () => {
    const res = await send({ command: 'reset_alarm', args: { sn: 'SIM-9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('robot_not_on_track');
    expect((await send({ command: 'reset_alarm', args: { sn: 'SIM-1' } })).json().data.status).toBe('acknowledged');
  });

  it('lists the track commands newest first', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/commands?pageSize=3`, headers: admin });
    const items = res.json().data.items;
    expect(items.map((c: { command: string }) => c.command)).toEqual(['reset_alarm', 'reload_map', 'register_mode']);
    const failed = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/commands?status=failed`, headers: admin });
    expect(failed.json().data.items.map((c: { error: string }) => c.error)).toEqual(['lid blocked']);
  });

  it('writes failed and timed-out track commands to the event log', async () => {
    await app.eventLog.flush();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/logs?source=track&trackId=${trackId}&pageSize=all`,
      headers: admin,
    });
    const byType = (type: string) => res.json().data.items.filter((r: { type: string }) => r.type === type);
    expect(byType('command_failed')).toEqual([
      expect.objectContaining({ level: 'error', message: 'Command lid failed: lid blocked' }),
    ]);
    expect(byType('command_timed_out')).toEqual([
      expect.objectContaining({ level: 'warning', message: 'Command restart timed out' }),
    ]);
  });

  it('answers 400 for an unknown command or args, 404 for an unknown track', async () => {
    expect((await send({ command: 'fly' })).statusCode).toBe(400);
    expect((await send({ command: 'lid', args: { open: 'yes' } })).statusCode).toBe(400);
    expect((await send({ command: 'reset_alarm' }, true, admin, 999_999)).statusCode).toBe(404);
  });

  it('lets level 2 send commands and refuses level 3', async () => {
    expect((await send({ command: 'viewer_mode', args: { enabled: false } }, false, await app.as(2))).statusCode).toBe(202);
    expect((await send({ command: 'viewer_mode' }, false, await app.as(3))).statusCode).toBe(403);
  });

  it('refuses at once, in a translated code, a command for a track whose controller is not connected', async () => {
    const lonely = (await createTrack(app, admin)).id;
    await saveMap(app, admin, lonely);
    const res = await send({ command: 'reload_map' }, true, admin, lonely);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('track_controller_offline');
    // Nothing was sent: no command waits for an answer.
    const listed = await app.inject({ method: 'GET', url: `/api/v1/tracks/${lonely}/commands`, headers: admin });
    expect(listed.json().data.items).toEqual([]);
    // The connected controller's track still takes commands.
    expect((await send({ command: 'reset_alarm' })).json().data.status).toBe('acknowledged');
  });

  it('refuses to send while the broker is disconnected', async () => {
    await app.mqtt.close();
    const res = await send({ command: 'reset_alarm' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'broker_unavailable', message: 'MQTT not connected, cannot send' });
  });
});
