import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';

const { app, admin } = useTestApp();

let macSerial = 0;
const nextMac = () => `02:00:00:00:00:${(++macSerial).toString(16).padStart(2, '0').toUpperCase()}`;

const post = (payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/v1/sessions', headers, payload });
const put = (id: number, payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/v1/sessions/${id}`, headers, payload });
const get = (id: number) => app.inject({ method: 'GET', url: `/api/v1/sessions/${id}`, headers: admin });
describe('session code', () => {
  it('suggests S + year + the next serial', async () => {
    const year = new Date().getFullYear();
    const first = await app.inject({ method: 'GET', url: '/api/v1/sessions/next-code', headers: admin });
    expect(first.json().data.code).toBe(`S${year}001`);
    expect((await post({ code: `S${year}007`, name: 'Hall', mac: nextMac() })).statusCode).toBe(201);
    const next = await app.inject({ method: 'GET', url: '/api/v1/sessions/next-code', headers: admin });
    expect(next.json().data.code).toBe(`S${year}008`);
  });

  it('takes letters and digits only', async () => {
    for (const code of ['S-2026', 'S 1', 'S_1', '會場1', '']) {
      const res = await post({ code, name: 'Bad code', mac: nextMac() });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details[0].path).toEqual(['body', 'code']);
    }
  });

  it('is unique regardless of case', async () => {
    expect((await post({ code: 'Hall9', name: 'Hall', mac: nextMac() })).statusCode).toBe(201);
    const res = await post({ code: 'HALL9', name: 'Other', mac: nextMac() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('session_code_taken');
  });
});

describe('MAC address', () => {
  it('accepts colons or hyphens and stores upper case with colons', async () => {
    const colons = await post({ code: 'MAC1', name: 'Colons', mac: 'a4:5e:60:c2:1f:0b' });
    expect(colons.json().data.mac).toBe('A4:5E:60:C2:1F:0B');
    const hyphens = await post({ code: 'MAC2', name: 'Hyphens', mac: 'a4-5e-60-c2-1f-0c' });
    expect(hyphens.statusCode).toBe(201);
    expect(hyphens.json().data.mac).toBe('A4:5E:60:C2:1F:0C');
  });

  it('refuses other forms', async () => {
    for (const mac of ['A4:5E:60:C2:1F', 'A4:5E-60:C2:1F:0B', 'A45E60C21F0B', 'G4:5E:60:C2:1F:0B', 'A4:5E:60:C2:1F:0B:11', '']) {
      const res = await post({ code: 'MACBAD', name: 'Bad', mac });
      expect(res.statusCode, mac).toBe(400);
      expect(res.json().details[0]).toMatchObject({ path: ['body', 'mac'] });
    }
  });

  it('is unique whatever form it was typed in', async () => {
    const res = await post({ code: 'MAC3', name: 'Same controller', mac: 'A4-5E-60-C2-1F-0B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'mac_taken', details: { sessionCode: 'MAC1' } });
  });

  it('is found by search in either form', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sessions?q=a4-5e-60-c2-1f-0c', headers: admin });
    expect(res.json().data.items.map((s: { code: string }) => s.code)).toEqual(['MAC2']);
  });
});

describe('fields', () => {
  it('requires a name and keeps the note optional', async () => {
    const res = await post({ code: 'NONAME', name: '  ', mac: nextMac() });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ path: ['body', 'name'], message: 'required' });
    const ok = await post({ code: 'NOTE1', name: 'With note', mac: nextMac(), note: 'Second floor' });
    expect(ok.json().data).toMatchObject({ note: 'Second floor', trackIds: [], tracks: [] });
  });

  it('edits fields and leaves missing ones alone', async () => {
    const created = (await post({ code: 'EDIT1', name: 'Before', mac: nextMac(), note: 'keep' })).json().data;
    const res = await put(created.id, { name: 'After', mac: 'aa-bb-cc-dd-ee-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'EDIT1', name: 'After', mac: 'AA:BB:CC:DD:EE:01', note: 'keep' });
  });

  it('answers 404 for an unknown session', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await put(999_999, { name: 'x' })).statusCode).toBe(404);
  });

  it('lists with search and paging', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sessions?page=1&pageSize=2', headers: admin });
    const page = res.json().data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const byName = await app.inject({ method: 'GET', url: '/api/v1/sessions?q=with%20note', headers: admin });
    expect(byName.json().data.items.map((s: { code: string }) => s.code)).toEqual(['NOTE1']);
  });
});
