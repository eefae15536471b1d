import type { Rng } from './rng.ts';

/**
 * A restaurant's day: the chance, per dispatch turn and track, that a waiter sends a robot out, by
 * local hour. Quiet mornings, a lunch rush (11-14), an afternoon lull, a dinner rush (17-21),
 * closed at night. Peaks are 1: every turn that finds an idle robot sends it.
 */
export const DAY_PROFILE: readonly number[] = [
  0, 0, 0, 0, 0, 0, 0, 0.02, 0.05, 0.1, 0.2, 0.6, 1, 1, 0.5, 0.15, 0.2, 0.6, 1, 1, 0.8, 0.3, 0.1, 0.02,
];

export type DemandOptions = {
  /** After the start, orders come as at the busiest hour for this long, so a fresh demo has figures within minutes. */
  rushMs?: number;
  /** Share of orders whose robot stops on the way with an alarm (an aborted trip). */
  abortShare?: number;
  /** The local hour of an instant (default: the machine's clock). */
  hourOf?: (now: number) => number;
};

export const DEFAULT_DEMAND = { rushMs: 10 * 60_000, abortShare: 0.05 } as const;

/** The chance of an order on one dispatch turn at `now`; during the start rush, the peak. */
export function orderChance(now: number, startedAt: number, opts: DemandOptions = {}): number {
  const rushMs = opts.rushMs ?? DEFAULT_DEMAND.rushMs;
  if (now - startedAt < rushMs) return 1;
  const hour = (opts.hourOf ?? ((t: number) => new Date(t).getHours()))(now);
  return DAY_PROFILE[((hour % 24) + 24) % 24];
}

/**
 * Which table an order goes to: tables are not equally busy. Table i is chosen with weight
 * 1 / (i + 1) (a few busy tables near the kitchen, a long quiet tail), so per-table figures differ.
 */
export function pickTable<T>(rng: Rng, tables: readonly T[]): T {
  const weights = tables.map((_, i) => 1 / (i + 1));
  let r = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < tables.length; i++) {
    r -= weights[i];
    if (r < 0) return tables[i];
  }
  return tables[tables.length - 1];
}

/** Whether this order's trip is to be cut short by an alarm on the way. */
export const abortsOnTheWay = (rng: Rng, opts: DemandOptions = {}) => rng.chance(opts.abortShare ?? DEFAULT_DEMAND.abortShare);
