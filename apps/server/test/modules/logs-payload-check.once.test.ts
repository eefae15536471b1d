import { logPayload } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { precompiled } from '../../src/modules/logs/payload-check.ts';

const check = precompiled(logPayload);
const ts = '2026-11-28T05:00:00.000Z';
const valid = { ts, level: 'info', type: 'status', message: 'hello', trackId: 3, robotSn: 'R-1', sender: 'robot:R-1' };

describe('the precompiled log payload check', () => {
  it('answers what zod answers, for payloads made to tell them apart', () => {
    const astral = '😀';
    const payloads: unknown[] = [
      valid,
      { ts, level: 'info', type: 'x', message: '' },
      { ...valid, extra: 'stripped by zod', trackName: 'forged' },
      { ...valid, ts: '2026-11-28T05:00:00Z' },
      { ...valid, ts: '2026-11-28T05:00:00+08:00' },
      { ...valid, ts: '2026-11-28 05:00:00' },
      { ...valid, ts: '2026-02-30T05:00:00Z' },
      { ...valid, ts: 1732770000000 },
      { ...valid, level: 'fatal' },
      { ...valid, type: '' },
      { ...valid, type: 't'.repeat(65) },
      { ...valid, message: astral.repeat(5000) },
      { ...valid, message: astral.repeat(5001) },
      { ...valid, message: 'm'.repeat(10_001) },
      { ...valid, message: null },
      { ...valid, trackId: 0 },
      { ...valid, trackId: 1.5 },
      { ...valid, trackId: 2 ** 31 },
      { ...valid, trackId: '3' },
      { ...valid, robotSn: 'R 1' },
      { ...valid, robotSn: 'R-1\n' },
      { ...valid, robotSn: 'é' },
      { ...valid, sender: 's'.repeat(129) },
      { ...valid, robotSn: undefined },
      { level: 'info', type: 'x', message: 'no ts' },
      [valid],
      'text',
      null,
      42,
    ];
    for (const payload of payloads) {
      const fast = check(payload);
      const zod = logPayload.safeParse(payload);
      expect(fast.success, JSON.stringify(payload)?.slice(0, 80)).toBe(zod.success);
      if (fast.success && zod.success) expect(fast.data).toEqual(zod.data);
      if (!fast.success && !zod.success) expect(fast.error.issues).toEqual(zod.error.issues);
    }
  });

  it('passes a valid payload as it is, and an unknown key through zod, which strips it', () => {
    const passed = check(valid);
    expect(passed.success && passed.data).toBe(valid);
    const stripped = check({ ...valid, trackName: 'forged' });
    expect(stripped.success && stripped.data).toEqual(valid);
  });
});
