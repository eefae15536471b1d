import type { QueryCase } from '../logs/measure-queries.ts';

const DAY = 86_400_000;

/** Every filter of the alarm list, alone and as an operator combines them, relative to `endAt`. */
export function alarmQueries(endAt: Date, assigneeId: number): QueryCase[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const end = endAt.getTime();
  return [
    { name: 'first page, no filter', query: {} },
    { name: 'active', query: { state: 'active' } },
    { name: 'active, not acknowledged', query: { state: 'active', acknowledged: 'false' } },
    { name: 'cleared', query: { state: 'cleared' } },
    { name: 'not acknowledged', query: { acknowledged: 'false' } },
    { name: 'severity critical', query: { severity: 'critical' } },
    { name: 'severity warning', query: { severity: 'warning' } },
    { name: 'one track', query: { trackId: '7' } },
    { name: 'one robot', query: { robotSn: 'R-0421' } },
    { name: 'one code, common (imu_comm)', query: { code: 'imu_comm' } },
    { name: 'one code, rare (subrobot_init_timeout)', query: { code: 'subrobot_init_timeout' } },
    { name: 'assignee', query: { assigneeId: String(assigneeId) } },
    { name: 'last 24 h', query: { from: iso(end - DAY), to: iso(end) } },
    { name: 'a day 60 days ago', query: { from: iso(end - 60 * DAY), to: iso(end - 59 * DAY) } },
    {
      name: 'track, critical, not acknowledged, 30 days',
      query: { trackId: '12', severity: 'critical', acknowledged: 'false', from: iso(end - 30 * DAY), to: iso(end) },
    },
    { name: 'robot and code', query: { robotSn: 'R-0421', code: 'low_battery' } },
    { name: 'assignee, active', query: { assigneeId: String(assigneeId), state: 'active' } },
    { name: 'page 50, no filter', query: { page: '50' } },
    { name: 'page 20, severity major', query: { severity: 'major', page: '20' } },
  ];
}
