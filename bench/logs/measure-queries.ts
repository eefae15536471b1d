import { performance } from 'node:perf_hooks';
import type { BenchServer } from '../support/bench-server.ts';
import { percentile } from '../support/stats.ts';

export type QueryCase = { name: string; query: Record<string, string> };

const DAY = 86_400_000;

/** The typical filtered queries an operator runs, relative to the newest record's time. */
export function typicalQueries(endAt: Date): QueryCase[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const end = endAt.getTime();
  const dayBefore = end - 2 * DAY;
  return [
    { name: 'first page, no filter', query: {} },
    { name: 'errors of every robot, last 24 h', query: { level: 'error', from: iso(end - DAY), to: iso(end) } },
    {
      name: 'one robot errors in a day',
      query: { robotSn: 'R-007', level: 'error', from: iso(dayBefore), to: iso(dayBefore + DAY) },
    },
    { name: 'free text over a week, rare (imu_stuck)', query: { q: 'imu_stuck', from: iso(end - 7 * DAY), to: iso(end) } },
    { name: 'free text over a week, rare en (IMU stuck)', query: { q: 'IMU stuck', from: iso(end - 7 * DAY), to: iso(end) } },
    { name: 'free text over a week, rare zh (卡住)', query: { q: '卡住', from: iso(end - 7 * DAY), to: iso(end) } },
    { name: 'free text over a week, common zh (電量)', query: { q: '電量', from: iso(end - 7 * DAY), to: iso(end) } },
    { name: 'free text, no range (table point 117)', query: { q: 'table point 117' } },
    { name: 'free text, no range, zh (桌位點 117)', query: { q: '桌位點 117' } },
    { name: 'free text, no range, common zh (警報)', query: { q: '警報' } },
    { name: 'free text, no range, rare zh (子機溫度)', query: { q: '子機溫度' } },
    {
      name: 'track warnings 09:00-12:00 over 30 days',
      query: {
        trackId: '3',
        level: 'warning',
        from: iso(end - 30 * DAY),
        to: iso(end),
        timeFrom: '09:00',
        timeTo: '12:00',
        tz: 'Asia/Taipei',
      },
    },
    { name: 'type filter, page 50', query: { type: 'battery', page: '50' } },
    {
      name: 'one robot, a day, no paging',
      query: { robotSn: 'R-007', from: iso(dayBefore), to: iso(dayBefore + DAY), pageSize: 'all' },
    },
  ];
}

/**
 * Each query through the HTTP API (validation, SQL, count, serialisation), `runs` times after a
 * warm-up; `path` is a paged list that answers `{items, total, totalCapped}` (the logs by default).
 */
export async function measureQueries(bench: BenchServer, cases: QueryCase[], runs: number, path = '/api/v1/logs') {
  const results = [];
  for (const { name, query } of cases) {
    const url = `${bench.baseUrl}${path}?${new URLSearchParams(query)}`;
    const once = async () => {
      const started = performance.now();
      const res = await fetch(url, { headers: bench.headers });
      const body = (await res.json()) as { data: { total: number; totalCapped: boolean; items: unknown[] } };
      if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body: body.data };
    };
    const warm = await once();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push((await once()).ms);
    samples.sort((a, b) => a - b);
    results.push({
      name,
      median: percentile(samples, 50),
      p95: percentile(samples, 95),
      rows: warm.body.items.length,
      total: `${warm.body.total}${warm.body.totalCapped ? '+' : ''}`,
    });
  }
  return results;
}
