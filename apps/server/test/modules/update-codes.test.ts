import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_TRIES_PER_MINUTE } from '../../src/modules/updates/records/code-guard.ts';
import { useTestApp } from '../helper.ts';
import { auditTrail } from '../support/audit.ts';
import { createRecord, deviceAuth, updateContent, uploadedFileId } from '../support/updates.ts';

// Verification codes cannot be guessed at speed: wrong codes are limited per record and per
// identity (user or device) and address, answered 429 with Retry-After, and a burst is audited
// once when it starts and once when it is refused, not per try.
const { app, admin } = useTestApp();
let fileId: number;
let address = 0;
/** A fresh client address per test: the limits of one test do not spill into the next. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  fileId = await uploadedFileId(app, admin, 'robotfw-5.0.0.bin', updateContent.firmware(50));
});

const newRecord = async (sn: string) =>
  (await createRecord(app, admin, { version: '5.0.0', deviceSerial: sn, fileId })).json().data as {
    id: number;
    verificationCode: string;
  };
const download = (id: number, code: string, headers: { authorization: string }, remoteAddress: string) =>
  app.inject({ method: 'GET', url: `/api/v1/updates/${id}/download?code=${code}`, headers, remoteAddress });
const auditedFor = async (id: number) => (await auditTrail(app)).filter((r) => r.target === `updates/${id}/download`);

describe('one identity guessing one record', () => {
  it('gets 5 wrong codes a minute, then 429 with Retry-After, even for the right code', async () => {
    const record = await newRecord('CODE-1');
    const user = await app.as(2);
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < CODE_TRIES_PER_MINUTE + 20; i++)
      statuses.push((await download(record.id, `WRONG${i}`, user, from)).statusCode);
    expect(statuses.slice(0, CODE_TRIES_PER_MINUTE)).toEqual(Array(CODE_TRIES_PER_MINUTE).fill(403));
    expect(new Set(statuses.slice(CODE_TRIES_PER_MINUTE))).toEqual(new Set([429]));
    const refused = await download(record.id, record.verificationCode, user, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'too_many_wrong_codes' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-disposition']).toBeUndefined();
  });

  it('audits the burst once when it starts and once when it is refused, not per try', async () => {
    const record = await newRecord('CODE-2');
    const user = await app.as(2);
    const from = nextAddress();
    for (let i = 0; i < 40; i++) await download(record.id, `WRONG${i}`, user, from);
    const records = await auditedFor(record.id);
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.result === 'failed')).toBe(true);
  });
});

describe('spreading the guesses', () => {
  it('limits one identity over many records (15 wrong codes a minute)', async () => {
    const user = await app.as(2);
    const from = nextAddress();
    const records = await Promise.all(Array.from({ length: 6 }, (_, i) => newRecord(`CODE-S${i}`)));
    const statuses: number[] = [];
    for (const record of records)
      for (let i = 0; i < 3; i++) statuses.push((await download(record.id, `W${i}`, user, from)).statusCode);
    expect(statuses.slice(0, CODE_TRIES_PER_MINUTE * 3)).toEqual(Array(CODE_TRIES_PER_MINUTE * 3).fill(403));
    expect(statuses.slice(CODE_TRIES_PER_MINUTE * 3)).toEqual([429, 429, 429]);
  });

  it('limits one address over many device identities, and leaves another address alone', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < CODE_TRIES_PER_MINUTE * 3 + 2; i++) {
      const record = await newRecord(`CODE-DEV${i}`);
      statuses.push((await download(record.id, 'WRONG123', deviceAuth(app, `CODE-DEV${i}`), from)).statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
    const other = await newRecord('CODE-ELSE');
    const fine = await download(other.id, other.verificationCode, deviceAuth(app, 'CODE-ELSE'), nextAddress());
    expect(fine.statusCode).toBe(200);
  });

  it('slows one record guessed from many identities and addresses', async () => {
    const record = await newRecord('CODE-3');
    const users = await Promise.all(Array.from({ length: 20 }, () => app.as(2)));
    const statuses: number[] = [];
    for (const user of users) {
      const res = await download(record.id, 'WRONGXX', user, nextAddress());
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    // After 5 wrong in a row each further one waits 1 s, 2 s … 60 s, whoever tries: on a slow
    // machine a wait may pass between two tries, but never more than a few of them.
    expect(statuses.slice(0, CODE_TRIES_PER_MINUTE)).toEqual(Array(CODE_TRIES_PER_MINUTE).fill(403));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(CODE_TRIES_PER_MINUTE + 7);
    // The users' guesses do not keep the record's own robot from its download; its own wrong
    // codes are limited like anyone's.
    const robot = deviceAuth(app, 'CODE-3');
    const robotAddress = nextAddress();
    expect((await download(record.id, record.verificationCode, robot, robotAddress)).statusCode).toBe(200);
    const own: number[] = [];
    for (let i = 0; i <= CODE_TRIES_PER_MINUTE; i++)
      own.push((await download(record.id, `BAD${i}`, robot, robotAddress)).statusCode);
    expect(own).toEqual([...Array(CODE_TRIES_PER_MINUTE).fill(403), 429]);
  });

  it('does not let a device guess another device’s codes: refused before the code is judged', async () => {
    const record = await newRecord('CODE-4');
    const from = nextAddress();
    for (let i = 0; i < 20; i++) {
      const res = await download(record.id, `WRONG${i}`, deviceAuth(app, 'CODE-INTRUDER'), from);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    // The record's own device is not slowed by that.
    expect((await download(record.id, record.verificationCode, deviceAuth(app, 'CODE-4'), from)).statusCode).toBe(200);
  });
});
