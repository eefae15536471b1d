import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { forgetHours, keepClosedHours, readClosedHours } from '../../src/modules/analytics/closed-hours-cache.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Now: 10:30 UTC on a day; the current hour began at 10:00.
const NOW = 20_000 * DAY + 10.5 * HOUR;
const period = { from: NOW - 10.5 * HOUR - 3 * DAY, to: NOW + 13.5 * HOUR };

/** A read that answers its part as one row and counts what it was asked. */
function counted() {
  const asked: { from: number; to: number }[] = [];
  const read = async (part: { from: number; to: number }) => {
    asked.push(part);
    return [{ key: 'k', n: (part.to - part.from) / HOUR }];
  };
  const merge = (rows: { key: string; n: number }[]) => [{ key: 'k', n: rows.reduce((a, r) => a + r.n, 0) }];
  return { asked, read, merge };
}

describe('closed hours cache', () => {
  it('reads every time without a cache (PostgreSQL)', async () => {
    const db = {} as Database;
    const { asked, read } = counted();
    await readClosedHours(db, 'q', period, read, undefined, NOW);
    await readClosedHours(db, 'q', period, read, undefined, NOW);
    expect(asked).toEqual([period, period]);
  });

  it('keeps the days before today and today’s closed hours, and reads the current hour each time', async () => {
    const db = {} as Database;
    keepClosedHours(db);
    const { asked, read, merge } = counted();
    const first = await readClosedHours(db, 'q', period, read, merge, NOW);
    expect(first).toEqual([{ key: 'k', n: 3 * 24 + 24 }]);
    const today = NOW - 10.5 * HOUR;
    const cut = NOW - 0.5 * HOUR;
    expect(asked).toEqual([
      { from: period.from, to: today },
      { from: today, to: cut },
      { from: cut, to: period.to },
    ]);
    asked.length = 0;
    expect(await readClosedHours(db, 'q', period, read, merge, NOW)).toEqual(first);
    expect(asked).toEqual([{ from: cut, to: period.to }]);
    // Another key (another scope, zone or bucket) is its own.
    asked.length = 0;
    await readClosedHours(db, 'other', period, read, merge, NOW);
    expect(asked).toHaveLength(3);
  });

  it('forgets what a recompute touched, and only that', async () => {
    const db = {} as Database;
    keepClosedHours(db);
    const { asked, read, merge } = counted();
    await readClosedHours(db, 'q', period, read, merge, NOW);
    const today = NOW - 10.5 * HOUR;
    forgetHours(db, { from: today + 2 * HOUR, to: today + 3 * HOUR }); // a late status this morning
    asked.length = 0;
    await readClosedHours(db, 'q', period, read, merge, NOW);
    expect(asked).toEqual([
      { from: today, to: NOW - 0.5 * HOUR },
      { from: NOW - 0.5 * HOUR, to: period.to },
    ]);
    forgetHours(db, { from: -Infinity, to: Infinity });
    asked.length = 0;
    await readClosedHours(db, 'q', period, read, merge, NOW);
    expect(asked).toHaveLength(3);
  });

  it('keeps nothing of a read its hours were recomputed during', async () => {
    const db = {} as Database;
    keepClosedHours(db);
    const { asked, read } = counted();
    const past = { from: NOW - 5 * DAY, to: NOW - 4 * DAY };
    const racing = async (part: { from: number; to: number }) => {
      const rows = await read(part);
      forgetHours(db, { from: part.from, to: part.from + HOUR });
      return rows;
    };
    await readClosedHours(db, 'q', past, racing, undefined, NOW);
    await readClosedHours(db, 'q', past, read, undefined, NOW);
    expect(asked).toEqual([past, past]);
    await readClosedHours(db, 'q', past, read, undefined, NOW);
    expect(asked).toHaveLength(2);
  });
});
