import os from 'node:os';

/** The value at percentile `p` of ascending `sorted` samples (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

/** Median, 95th and 99th percentile and maximum of samples in any order. */
export function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The machine a figure was measured on, for docs/benchmarks.md. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  return `${os.availableParallelism()} CPUs (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${cpu}, Node ${process.version}`;
}
