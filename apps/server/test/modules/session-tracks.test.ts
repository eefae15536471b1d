import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { lastAudit } from '../support/audit.ts';
import { createTrack } from '../support/tracks.ts';

const { app, admin } = useTestApp();

let serial = 0;
const create = (trackIds: number[], extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    headers: admin,
    payload: {
      code: `T${++serial}`,
      name: `Session ${serial}`,
      mac: `02:00:00:00:01:${serial.toString(16).padStart(2, '0')}`,
      trackIds,
      ...extra,
    },
  });
const count = async () => (await app.inject({ method: 'GET', url: '/api/v1/sessions', headers: admin })).json().data.total;

describe('track assignment', () => {
  it('assigns existing tracks and shows them by name', async () => {
    const a = await createTrack(app, admin, { name: 'Window side' });
    const b = await createTrack(app, admin, { name: 'Bar counter' });
    const res = await create([a.id, b.id, a.id]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.tracks).toEqual([
      { id: b.id, name: 'Bar counter' },
      { id: a.id, name: 'Window side' },
    ]);
    const list = await app.inject({ method: 'GET', url: `/api/v1/sessions?q=${res.json().data.code}`, headers: admin });
    expect(list.json().data.items[0].tracks.map((t: { name: string }) => t.name)).toEqual(['Bar counter', 'Window side']);
    const track = await app.inject({ method: 'GET', url: `/api/v1/tracks/${a.id}`, headers: admin });
    expect(track.json().data.sessionId).toBe(res.json().data.id);
  });

  it('refuses a track of another session with 409 naming it, and saves nothing', async () => {
    const held = await createTrack(app, admin, { name: 'Terrace' });
    const owner = (await create([held.id])).json().data;
    const before = await count();
    const res = await create([held.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('track_assigned_elsewhere');
    expect(res.json().message).toContain('"Terrace"');
    expect(res.json().details.tracks).toEqual([{ id: held.id, name: 'Terrace', sessionId: owner.id, sessionCode: owner.code }]);
    expect(await count()).toBe(before);
  });

  it('refuses an unknown track with 400', async () => {
    const res = await create([999_999]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'track_not_found', details: { trackIds: [999_999] } });
  });

  it('replaces the assignment on edit, freeing the tracks left out', async () => {
    const one = await createTrack(app, admin);
    const two = await createTrack(app, admin);
    const session = (await create([one.id])).json().data;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/sessions/${session.id}`,
      headers: admin,
      payload: { trackIds: [two.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.trackIds).toEqual([two.id]);
    const freed = await app.inject({ method: 'GET', url: `/api/v1/tracks/${one.id}`, headers: admin });
    expect(freed.json().data.sessionId).toBeNull();
    // Another session may now take the freed track.
    expect((await create([one.id])).statusCode).toBe(201);
  });

  it('frees the tracks of a deleted session', async () => {
    const track = await createTrack(app, admin);
    const session = (await create([track.id])).json().data;
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/sessions/${session.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    const freed = await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}`, headers: admin });
    expect(freed.json().data.sessionId).toBeNull();
  });
});

describe('session saved, assignment failed', () => {
  // A database trigger makes the second step (the assignment) fail after the session row is committed.
  beforeAll(async () => {
    await app.database.pool.query(`
      create function refuse_assignment() returns trigger language plpgsql as $$
      begin
        if new.session_id is not null and new.name = 'Refusing track' then
          raise exception 'assignment refused by the database';
        end if;
        return new;
      end $$;
      create trigger refuse_assignment before update on tracks for each row execute function refuse_assignment();`);
  });

  it('answers 207 with the saved session, the reason and code track_assignment_failed', async () => {
    const refusing = await createTrack(app, admin, { name: 'Refusing track' });
    const res = await create([refusing.id], { name: 'Half saved' });
    expect(res.statusCode).toBe(207);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 'track_assignment_failed', details: { requestedTrackIds: [refusing.id] } });
    expect(body.message).toMatch(/^Track assignment failed while the session was saved: /);
    expect(body.details.reason).toContain('assignment refused by the database');
    expect(body.data).toMatchObject({ name: 'Half saved', trackIds: [] });
    const stored = await app.inject({ method: 'GET', url: `/api/v1/sessions/${body.data.id}`, headers: admin });
    expect(stored.json().data).toMatchObject({ name: 'Half saved', trackIds: [] });
    const audit = await lastAudit(app, (r) => r.target === 'sessions' && r.type === 'create');
    expect(audit).toMatchObject({ result: 'partial', newValues: { name: 'Half saved' } });
  });

  it('keeps the previous tracks when the assignment of an edit fails', async () => {
    const kept = await createTrack(app, admin);
    const refusing = await app.inject({ method: 'GET', url: '/api/v1/tracks?q=Refusing', headers: admin });
    const session = (await create([kept.id])).json().data;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/sessions/${session.id}`,
      headers: admin,
      payload: { name: 'Renamed', trackIds: [refusing.json().data.items[0].id] },
    });
    expect(res.statusCode).toBe(207);
    expect(res.json().data).toMatchObject({ name: 'Renamed', trackIds: [kept.id] });
    const audit = await lastAudit(app, (r) => r.target === `sessions/${session.id}`);
    // The audit keeps what changed: the name; the tracks stayed as they were.
    expect(audit).toMatchObject({ result: 'partial', oldValues: { name: session.name }, newValues: { name: 'Renamed' } });
    expect(audit?.oldValues).not.toHaveProperty('trackIds');
  });
});
