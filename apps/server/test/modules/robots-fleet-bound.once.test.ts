import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { RobotFleet } from '../../src/modules/robots/fleet.ts';

afterEach(() => vi.useRealTimers());

describe('robot fleet bound', () => {
  it('refuses statuses of unknown robots beyond its bound, counts and logs them, and keeps serving known ones', () => {
    vi.useFakeTimers();
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const timing = { flushDelayMs: 60_000, sweepMs: 60_000, offlineAfterMs: 60_000 };
    const fleet = new RobotFleet({} as Database, log, { write: () => {} }, timing, 2);
    const status = (sn: string, battery: number) =>
      fleet.status({ sn, state: 'idle', battery, alarms: [], ts: new Date().toISOString() } as never, new Date());
    status('BOUND-1', 50);
    status('BOUND-2', 50);
    status('BOUND-3', 50);
    status('BOUND-4', 50);
    status('BOUND-1', 40);
    expect(fleet.stats.refusedNew).toBe(2);
    expect(fleet.stats.statuses).toBe(5);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
