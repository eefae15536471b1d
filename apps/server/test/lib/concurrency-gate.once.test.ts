import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from '../../src/lib/concurrency-gate.ts';

describe('concurrency gate', () => {
  it('runs at most its limit at once, the rest in the order they came, and passes failures on', async () => {
    const gate = createConcurrencyGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number) =>
      gate(async () => {
        started.push(n);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (n === 3) throw new Error('three failed');
        return n;
      });
    const results = [1, 2, 3, 4, 5].map((n) => work(n).catch((error: Error) => error.message));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([1, 2]);
    // Each finished run lets exactly one waiting run in.
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(results)).toEqual([1, 2, 'three failed', 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    // Free again: the next run starts at once.
    let ran = false;
    await gate(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
