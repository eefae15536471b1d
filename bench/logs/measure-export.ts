import { performance } from 'node:perf_hooks';
import type { BenchServer } from '../support/bench-server.ts';

/**
 * Downloads an export over real HTTP, reading as fast as it comes and keeping nothing, while
 * sampling this process's memory every 50 ms. The server, the embedded database's worker and
 * this client share the process, so RSS is an upper bound of what the export costs; the JS heap
 * is the main thread's, where the export runs.
 */
export async function measureExport(
  bench: BenchServer,
  format: 'csv' | 'xlsx',
  filter: Record<string, string>,
  expectedRows: number,
) {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const started = performance.now();
  const query = new URLSearchParams({ ...filter, format, lang: 'zh-TW', tz: 'Asia/Taipei' });
  const res = await fetch(`${bench.baseUrl}/api/v1/logs/export?${query}`, { headers: bench.headers });
  if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (format === 'csv' && lines - 1 !== expectedRows) throw new Error(`CSV had ${lines - 1} rows, expected ${expectedRows}`);
  const mb = (n: number) => n / 1024 / 1024;
  return {
    format,
    rows: expectedRows,
    seconds,
    rowsPerSecond: expectedRows / seconds,
    megabytes: mb(bytes),
    rssBaseMb: mb(base.rss),
    rssPeakMb: mb(peakRss),
    heapBaseMb: mb(base.heapUsed),
    heapPeakMb: mb(peakHeap),
  };
}
