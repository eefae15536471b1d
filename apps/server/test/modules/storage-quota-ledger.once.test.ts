import { describe, expect, it } from 'vitest';
import { createQuotaLedger } from '../../src/modules/storage-quota/ledger.ts';

const refuse = (scope: 'track' | 'total') => new Error(scope);
const limits = (trackId?: number) => ({ trackId, trackQuota: 100, totalQuota: 250 });
const nothingStored = { trackUsed: 0, totalUsed: 0, credit: 0 };

describe('the quota ledger', () => {
  it('refuses the chunk that would cross the track quota, counting other uploads still streaming', () => {
    const ledger = createQuotaLedger(refuse);
    const first = ledger.reserve(limits(1), nothingStored);
    const second = ledger.reserve(limits(1), nothingStored);
    first.take(60);
    second.take(40);
    expect(() => second.take(1)).toThrow('track');
    // Another track is not touched by this one's reservations.
    expect(() => ledger.reserve(limits(2), nothingStored).take(100)).not.toThrow();
  });

  it('refuses the chunk that would cross the total quota across tracks and update files', () => {
    const ledger = createQuotaLedger(refuse);
    ledger.reserve(limits(1), { ...nothingStored, totalUsed: 100 }).take(90);
    const update = ledger.reserve(limits(), { ...nothingStored, totalUsed: 100 });
    update.take(60);
    expect(() => update.take(1)).toThrow('total');
  });

  it('credits what a replacement frees, and gives everything back on release', () => {
    const ledger = createQuotaLedger(refuse);
    const replace = ledger.reserve(limits(1), { trackUsed: 90, totalUsed: 90, credit: 60 });
    replace.take(60);
    expect(ledger.reserved().total).toBe(0);
    replace.take(10);
    expect(() => replace.take(1)).toThrow('track');
    expect(ledger.reserved()).toEqual({ total: 10, tracks: new Map([[1, 10]]) });
    replace.release();
    replace.release();
    expect(ledger.reserved()).toEqual({ total: 0, tracks: new Map() });
  });
});
