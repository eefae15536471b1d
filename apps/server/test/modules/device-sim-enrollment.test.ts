import { type Fleet, startFleet } from '@railserve/robot-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createKey, createSession } from '../support/enrollment.ts';
import { createTrack } from '../support/tracks.ts';

// The simulator enrols over HTTP as a robot would: this test is about the real endpoint on a port.
const { app, admin } = useTestApp({}, { sharedKey: false });
let fleet: Fleet | undefined;
afterAll(() => fleet?.stop());

describe('the simulator on enrollment', () => {
  it('enrols robots and a controller through the endpoint, and follows a rotation', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const track = await createTrack(app, admin);
    const session = await createSession(app, admin, [track.id]);
    const { key } = await createKey(app, admin, { sessionId: session.id, uses: 3 });
    fleet = await startFleet({
      url: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`,
      apiUrl: address,
      enrollmentKey: key,
      robots: 2,
      trackIds: [track.id],
      snPrefix: 'ENS',
      reconnectPeriodMs: 100,
    });
    expect(fleet.robots.every((r) => r.connected)).toBe(true);
    const list = await app.inject({ method: 'GET', url: '/api/v1/devices/credentials', headers: admin });
    const states = list.json().data.items.map((i: { identity: string; state: string }) => `${i.identity}:${i.state}`);
    expect(states).toEqual(expect.arrayContaining(['ENS-0001:enrolled', 'ENS-0002:enrolled', `${track.id}:enrolled`]));

    const rotated = await app.inject({ method: 'POST', url: '/api/v1/robots/ENS-0001/credential/rotate', headers: admin });
    expect(rotated.json().data.rotationPending).toBe(true);
    // The robot takes the new credential and signs in with it, which ends the rotation.
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/api/v1/robots/ENS-0001/credential', headers: admin })).json().data
            .rotationPending,
        { timeout: 10_000 },
      )
      .toBe(false);
    await expect.poll(() => fleet?.robot('ENS-0001')?.connected, { timeout: 10_000 }).toBe(true);

    // A controller follows a rotation the same way, over its track's command topic.
    const controllerPath = `/api/v1/tracks/${track.id}/controller/credential`;
    expect((await app.inject({ method: 'POST', url: `${controllerPath}/rotate`, headers: admin })).statusCode).toBe(200);
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: controllerPath, headers: admin })).json().data.rotationPending, {
        timeout: 10_000,
      })
      .toBe(false);
  });
});
