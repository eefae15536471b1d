import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './date-time.ts';

describe('date and time', () => {
  it('formats every time as YYYY-MM-DD HH:mm:ss in the local zone, to the second', () => {
    const local = new Date(2026, 10, 4, 9, 5, 7);
    expect(formatDateTime(local.toISOString())).toBe('2026-11-04 09:05:07');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('says how long ago in the reader’s language', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatRelativeTime('2026-11-24T11:59:48Z', 'zh-TW', now)).toBe('12 秒前');
    expect(formatRelativeTime('2026-11-24T11:59:48Z', 'en', now)).toBe('12 sec. ago');
    expect(formatRelativeTime('2026-11-24T11:57:00Z', 'zh-TW', now)).toBe('3 分鐘前');
    expect(formatRelativeTime('2026-11-24T12:00:05Z', 'en', now)).toBe('now');
  });
});
