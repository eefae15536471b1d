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
    const sorted = [...this.values].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
    return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
  }
}
