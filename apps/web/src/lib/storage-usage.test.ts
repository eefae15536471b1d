import { describe, expect, it } from 'vitest';
import { storageLevel } from './storage-usage.ts';

const MB = 1024 * 1024;

describe('storageLevel', () => {
  it('gives the share used with one decimal, and warns from 90 %', () => {
    expect(storageLevel({ usedBytes: 0, quotaBytes: 200 * MB })).toEqual({ percent: 0, state: 'normal' });
    expect(storageLevel({ usedBytes: 12.3 * MB, quotaBytes: 200 * MB })).toEqual({ percent: 6.2, state: 'normal' });
    expect(storageLevel({ usedBytes: 180 * MB, quotaBytes: 200 * MB })).toEqual({ percent: 90, state: 'warning' });
  });

  it('is full at the quota and never shows more than 100 % (a quota lowered below what is stored)', () => {
    expect(storageLevel({ usedBytes: 200 * MB, quotaBytes: 200 * MB })).toEqual({ percent: 100, state: 'full' });
    expect(storageLevel({ usedBytes: 300 * MB, quotaBytes: 200 * MB })).toEqual({ percent: 100, state: 'full' });
  });
});
