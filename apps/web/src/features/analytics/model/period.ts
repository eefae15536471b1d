/** The periods the screen offers; `custom` takes the two dates the reader chose. */
export const PERIODS = ['today', 'yesterday', 'days7', 'days30', 'days90', 'custom'] as const;
export type PeriodName = (typeof PERIODS)[number];

export type Range = { from: Date; to: Date };
const DAY_MS = 86_400_000;

const midnight = (d: Date, plusDays = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + plusDays);

/**
 * The range of a period in the reader's zone, `[from, to)` at local midnights: "7 days" is today
 * and the six days before it. Custom ranges run from the first chosen day to the end of the last.
 */
export function periodRange(name: PeriodName, now: Date, custom?: [Date, Date]): Range {
  switch (name) {
    case 'today':
      return { from: midnight(now), to: midnight(now, 1) };
    case 'yesterday':
      return { from: midnight(now, -1), to: midnight(now) };
    case 'days7':
      return { from: midnight(now, -6), to: midnight(now, 1) };
    case 'days30':
      return { from: midnight(now, -29), to: midnight(now, 1) };
    case 'days90':
      return { from: midnight(now, -89), to: midnight(now, 1) };
    case 'custom': {
      const [a, b] = custom ?? [now, now];
      return { from: midnight(a), to: midnight(b, 1) };
    }
  }
}

/** Hour buckets for a day or two, day buckets beyond. */
export const granularityOf = (range: Range) => (range.to.getTime() - range.from.getTime() <= 2 * DAY_MS ? 'hour' : 'day');
