import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createKey, createSession, enrolRobot, signIn } from '../support/enrollment.ts';

const { app, admin } = useTestApp({}, { sharedKey: false });

describe('a fresh install with no DEVICE_KEY', () => {
  it('lets no device in without enrolling, and says the shared key is off', async () => {
    expect(app.secrets.deviceKey).toBeUndefined();
    expect(await signIn(app, 'FR-1', 'anything-at-all-0123456789')).toBe(false);
    const status = await app.inject({ method: 'GET', url: '/api/v1/devices/shared-key', headers: admin });
    expect(status.json().data).toEqual({ configured: false, enabled: false, devices: 0 });
    const { key } = await createKey(app, admin, { sessionId: (await createSession(app, admin)).id });
    const credential = await enrolRobot(app, key, 'FR-1');
    const robot = await signIn(app, 'FR-1', credential.password);
    expect(robot).not.toBe(false);
    if (robot) robot.end(true);
  });
});
