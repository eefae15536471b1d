import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatRelativeTime, useNow } from './date-time.ts';

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

  it('ticks one clock each second for every reader, and stops it when none is left', () => {
    vi.useFakeTimers();
    try {
      const start = Date.now();
      const first = renderHook(() => useNow());
      const second = renderHook(() => useNow());
      expect(first.result.current).toBe(start);
      act(() => vi.advanceTimersByTime(1000));
      expect(first.result.current).toBe(start + 1000);
      expect(second.result.current).toBe(first.result.current);
      expect(vi.getTimerCount()).toBe(1);
      first.unmount();
      second.unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
