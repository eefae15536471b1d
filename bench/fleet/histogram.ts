import { summary } from '../support/stats.ts';

/** Collects durations (ms) and answers their percentiles. */
export class Histogram {
  private values: number[] = [];

  add(ms: number) {
    this.values.push(ms);
  }

  reset() {
    this.values = [];
  }

  summary() {
    const { count, median, p95, p99, max } = summary(this.values);
    return { count, p50: median, p95, p99, max };
  }
}
