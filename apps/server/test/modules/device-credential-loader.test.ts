import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createKey, createSession, enrolRobot } from '../support/enrollment.ts';

const { app, admin } = useTestApp();
const fleet: { sn: string; password: string }[] = [];
beforeAll(async () => {
  const { key } = await createKey(app, admin, { sessionId: (await createSession(app, admin)).id, uses: 40 });
  for (let i = 0; i < 40; i++) {
    const sn = `LOAD-${i}`;
    fleet.push({ sn, password: (await enrolRobot(app, key, sn)).password });
  }
});

describe('sign-ins arriving together', () => {
  it('are checked with a few database reads, not one each, and each gets its own answer', async () => {
    const db = app.database.db;
    // Warm the shared-key switch (read at most every 5 s) so only credential reads are counted.
    await app.deviceCredentials.verify({ kind: 'robot', sn: 'LOAD-NOBODY' }, 'not-the-key', false);
    const select = vi.spyOn(db, 'select');
    const answers = await Promise.all([
      ...fleet.map(({ sn, password }) => app.deviceCredentials.verify({ kind: 'robot', sn }, password, false)),
      // Another robot's password, and a robot nobody enrolled.
      app.deviceCredentials.verify({ kind: 'robot', sn: 'LOAD-0' }, fleet[1].password, false),
      app.deviceCredentials.verify({ kind: 'robot', sn: 'LOAD-UNKNOWN' }, fleet[0].password, false),
    ]);
    const reads = select.mock.calls.length;
    select.mockRestore();
    expect(answers).toEqual([...fleet.map(() => 'own'), undefined, undefined]);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(3);
  });
});
