import { describe, expect, it } from 'vitest';
import { brokerTimerVariant } from './worker-timers.ts';

describe('brokerTimerVariant', () => {
  it('falls back to native timers where no worker can run', async () => {
    // jsdom has no Worker, like a page whose CSP blocks blob workers.
    await expect(brokerTimerVariant(50)).resolves.toBe('native');
  });
});
