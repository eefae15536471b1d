import { brokerClientId } from '@railserve/protocol';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { scriptedController } from '../support/scripted-controller.ts';
import { createTrack, eventually } from '../support/tracks.ts';

// The robots on a track: the controller says which, the robots module knows their state.
const { app, admin } = useTestApp();

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
});

describe('robots on a track', () => {
  it('lists the robots the controller reports, with the state of those the console knows', async () => {
    const { id } = await createTrack(app, admin);
    const controller = await scriptedController(app.brokerPorts!.tcp, app.secrets.deviceKey, id);
    const robot = await mqtt.connectAsync(`mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, {
      username: 'TR-1',
      password: app.secrets.deviceKey,
      clientId: brokerClientId.robot('TR-1'),
    });
    try {
      const ts = new Date().toISOString();
      await robot.publishAsync(
        'hcpro4/robots/TR-1/status',
        JSON.stringify({ sn: 'TR-1', connection: 'online', state: 'idle', battery: 87, trackId: id, point: 3, alarms: [], ts }),
        { qos: 1, retain: true },
      );
      await controller.publishStatus({ trackId: id, status: 3, error: 0, mode: 'normal', robots: ['TR-1', 'TR-2'], ts });
      const read = async () =>
        (await app.inject({ method: 'GET', url: `/api/v1/tracks/${id}/robots`, headers: admin })).json().data;
      const robots = await eventually(read, (list) => list.length === 2 && list[0].state === 'idle');
      expect(robots).toEqual([
        { sn: 'TR-1', name: 'TR-1', state: 'idle', connection: 'online', battery: 87, point: 3, alarms: [] },
        { sn: 'TR-2', name: null, state: null, connection: null, battery: null, point: null, alarms: [] },
      ]);
    } finally {
      await robot.endAsync(true);
      await controller.close();
    }
  });

  it('answers 404 for an unknown track', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/tracks/999999/robots', headers: admin })).statusCode).toBe(404);
  });
});
