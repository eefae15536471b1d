import { describe, expect, it } from 'vitest';
import { createAttemptThrottle } from '../../src/lib/attempt-throttle.ts';

// The shared attempt throttle (sign-in and verification codes) on a clock the test moves.
const clock = () => {
  let t = 1_000_000;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
};

describe('attempt throttle', () => {
  it('counts every attempt against the source for sign-in, only failures for codes', () => {
    for (const sourceCounts of ['attempts', 'failures'] as const) {
      const c = clock();
      const throttle = createAttemptThrottle({ perMinute: 2, sourceCounts, now: c.now });
      // Six successful attempts on six subjects from one source.
      const waits = Array.from({ length: 7 }, (_, i) => {
        const wait = throttle.check(['a'], `s${i}`);
        if (wait === 0) throttle.succeeded(['a'], `s${i}`);
        return wait;
      });
      if (sourceCounts === 'attempts') expect(waits.slice(6)[0]).toBeGreaterThan(0);
      else expect(waits).toEqual([0, 0, 0, 0, 0, 0, 0]);
    }
  });

  it('limits each source of an attempt, and a window passes', () => {
    const c = clock();
    const throttle = createAttemptThrottle({ perMinute: 2, sourceCounts: 'failures', now: c.now });
    throttle.failed(['user:1', 'ip:x'], 'r1');
    throttle.failed(['user:1', 'ip:x'], 'r1');
    expect(throttle.check(['user:1', 'ip:y'], 'r1')).toBeGreaterThan(0);
    expect(throttle.check(['user:2', 'ip:x'], 'r1')).toBeGreaterThan(0);
    expect(throttle.check(['user:2', 'ip:y'], 'r2')).toBe(0);
    c.advance(60_000);
    expect(throttle.check(['user:1', 'ip:x'], 'r1')).toBe(0);
  });

  it('doubles the wait on a subject after perMinute failures in a row, up to 60 s; a success clears it', () => {
    const c = clock();
    const throttle = createAttemptThrottle({ perMinute: 2, sourceCounts: 'failures', now: c.now });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      throttle.failed([`src${i}`], 'record');
      waits.push(throttle.check([`fresh${i}`], 'record'));
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60, 60]);
    throttle.succeeded(['src0'], 'record');
    expect(throttle.check(['fresh'], 'record')).toBe(0);
  });
});
