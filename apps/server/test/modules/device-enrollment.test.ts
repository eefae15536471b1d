import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createKey, createSession, enroll, enrolRobot, signIn } from '../support/enrollment.ts';
import { createTrack } from '../support/tracks.ts';

const lines: string[] = [];
const { app, admin } = useTestApp({}, { logStream: { write: (line) => lines.push(line) } });
let sessionId: number;
beforeAll(async () => {
  sessionId = (await createSession(app, admin)).id;
});
const clients: { end(force: boolean): void }[] = [];
afterAll(() => {
  for (const c of clients) c.end(true);
});

describe('enrollment keys', () => {
  it('answers the key once; the list and the audit trail never hold it', async () => {
    const created = await createKey(app, admin, { sessionId, uses: 3, serials: ['EK-1'] });
    expect(created).toMatchObject({ usesLeft: 3, key: expect.stringMatching(/^rsek_/) });
    const list = await app.inject({ method: 'GET', url: '/api/v1/enrollment-keys', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({ id: created.id, sessionId, usesLeft: 3, serials: ['EK-1'] });
    expect(list.body).not.toContain(created.key);
    await app.audit.flush();
    const audit = await app.inject({ method: 'GET', url: '/api/v1/audit?pageSize=100', headers: admin });
    expect(audit.body).not.toContain(created.key);
  });

  it('is for the maker’s administrators only, and needs a real session', async () => {
    const staff = await app.as(2);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-keys',
      headers: staff,
      payload: { sessionId, uses: 1, expiresInMinutes: 5 },
    });
    expect(res.statusCode).toBe(403);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-keys',
      headers: admin,
      payload: { sessionId: 99999, uses: 1, expiresInMinutes: 5 },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a revoked key enrols nothing', async () => {
    const { id, key } = await createKey(app, admin, { sessionId });
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/enrollment-keys/${id}`, headers: admin })).statusCode).toBe(200);
    const res = await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'EK-REVOKED' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('enrollment_key_invalid');
  });
});

describe('enrollment', () => {
  it('answers the credential once, which opens the broker as that robot', async () => {
    const { key } = await createKey(app, admin, { sessionId });
    const credential = await enrolRobot(app, key, 'EN-0001');
    expect(credential).toMatchObject({ username: 'EN-0001', clientId: 'robot_EN-0001' });
    expect(credential.password.length).toBeGreaterThanOrEqual(22);
    const robot = await signIn(app, credential.username, credential.password);
    expect(robot).not.toBe(false);
    if (robot) clients.push(robot);
    const again = await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'EN-0001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('device_already_enrolled');
  });

  it('refuses a wrong, expired or used-up key with 401', async () => {
    const wrong = await enroll(app, { enrollmentKey: 'rsek_not-a-key', kind: 'robot', sn: 'EN-0002' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'enrollment_key_invalid']);
    const spent = await createKey(app, admin, { sessionId, uses: 1 });
    await enrolRobot(app, spent.key, 'EN-0003');
    const reuse = await enroll(app, { enrollmentKey: spent.key, kind: 'robot', sn: 'EN-0004' });
    expect(reuse.statusCode).toBe(401);
    const expiring = await createKey(app, admin, { sessionId });
    await app.database.pool.query("UPDATE enrollment_keys SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      expiring.id,
    ]);
    expect((await enroll(app, { enrollmentKey: expiring.key, kind: 'robot', sn: 'EN-0005' })).statusCode).toBe(401);
  });

  it('enrols only the serial numbers a key lists', async () => {
    const { key } = await createKey(app, admin, { sessionId, serials: ['EN-LISTED'] });
    expect((await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'EN-OTHER' })).statusCode).toBe(401);
    expect((await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'EN-LISTED' })).statusCode).toBe(200);
  });

  it('refuses another kind’s identity, a bad serial number and reserved prefixes', async () => {
    const { key } = await createKey(app, admin, { sessionId });
    const cases = [
      [{ kind: 'robot', trackId: 1 }, 400, 'enrollment_identity_mismatch'],
      [{ kind: 'robot', sn: 'X-1', trackId: 1 }, 400, 'enrollment_identity_mismatch'],
      [{ kind: 'controller', sn: 'X-1' }, 400, 'enrollment_identity_mismatch'],
      [{ kind: 'robot', sn: 'bad sn!' }, 400, 'validation_failed'],
      [{ kind: 'robot', sn: 'track-5' }, 400, 'sn_reserved'],
      [{ kind: 'robot', sn: 'site-S1' }, 400, 'sn_reserved'],
      [{ kind: 'robot', sn: 'web' }, 400, 'sn_reserved'],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await enroll(app, { enrollmentKey: key, ...body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it('enrols a controller only for a track of the key’s session', async () => {
    const own = await createTrack(app, admin);
    const other = await createTrack(app, admin);
    const session = await createSession(app, admin, [own.id]);
    const { key } = await createKey(app, admin, { sessionId: session.id });
    expect((await enroll(app, { enrollmentKey: key, kind: 'controller', trackId: other.id })).statusCode).toBe(401);
    const res = await enroll(app, { enrollmentKey: key, kind: 'controller', trackId: own.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: `track-${own.id}`, clientId: `track_${own.id}` });
  });

  it('refuses a 10 MB body before reading it', async () => {
    const res = await enroll(app, { enrollmentKey: 'x'.repeat(10 * 1024 * 1024), kind: 'robot', sn: 'EN-BIG' });
    expect(res.statusCode).toBe(413);
  });

  it('limits guessing keys from one address, and not the next address', async () => {
    const guess = (n: number, address: string) =>
      enroll(app, { enrollmentKey: `rsek_guess-${n}`, kind: 'robot', sn: 'EN-GUESS' }, address);
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) statuses.push((await guess(n, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect((await guess(99, '10.9.9.10')).statusCode).toBe(401);
  });

  it('audits every outcome, and no log line or audit record holds a secret', async () => {
    const { key } = await createKey(app, admin, { sessionId });
    const credential = await enrolRobot(app, key, 'EN-AUDIT');
    await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'EN-AUDIT' });
    await app.audit.flush();
    const audit = await app.inject({ method: 'GET', url: '/api/v1/audit?pageSize=100&q=devices/enroll', headers: admin });
    const records = audit.json().data.items as { target: string; result: string }[];
    const enrolments = records.filter((r) => r.target === 'devices/enroll');
    expect(enrolments.map((r) => r.result)).toEqual(expect.arrayContaining(['success', 'failed']));
    const everything = await app.inject({ method: 'GET', url: '/api/v1/audit?pageSize=200', headers: admin });
    for (const text of [everything.body, lines.join('\n')]) {
      expect(text).not.toContain(credential.password);
      expect(text).not.toContain(key);
    }
  });
});
