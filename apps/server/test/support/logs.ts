import { sql } from 'drizzle-orm';
import type { NameSource } from '../../src/modules/logs/names.ts';
import type { LogEntry } from '../../src/modules/logs/writer.ts';
import type { TestApp } from '../helper.ts';

export const ROBOT_NAMES = new Map([
  ['ROBOT-1', 'Amy'],
  ['ROBOT-2', 'Bob'],
]);
export const TRACK_NAMES = new Map([
  [1, 'Hall A'],
  [2, 'Hall B'],
]);

/**
 * Eight records over four days (UTC); Asia/Taipei (UTC+8) wall clocks in comments, for the
 * time-of-day tests.
 */
export const SEED: LogEntry[] = [
  {
    ts: '2025-03-10T01:00:00Z',
    source: 'robot',
    robotSn: 'ROBOT-1',
    trackId: 1,
    level: 'error',
    type: 'alarm_raised',
    message: 'left motor communication error',
  }, // 09:00
  {
    ts: '2025-03-10T02:00:00Z',
    source: 'robot',
    robotSn: 'ROBOT-1',
    trackId: 1,
    level: 'info',
    type: 'status',
    message: 'arrived at table 5',
  }, // 10:00
  {
    ts: '2025-03-10T14:00:00Z',
    source: 'robot',
    robotSn: 'ROBOT-2',
    trackId: 2,
    level: 'error',
    type: 'alarm_raised',
    message: 'low battery 機器人電量低',
  }, // 22:00
  {
    ts: '2025-03-11T03:00:00Z',
    source: 'track',
    trackId: 1,
    level: 'warning',
    type: 'track_status_changed',
    message: 'track status registration',
  }, // 11:00
  { ts: '2025-03-11T23:30:00Z', source: 'system', level: 'info', type: 'console_connected', message: 'console connected' }, // 07:30
  {
    ts: '2025-03-12T09:15:00Z',
    source: 'robot',
    robotSn: 'ROBOT-1',
    trackId: 1,
    level: 'critical',
    type: 'alarm_raised',
    message: 'IMU stuck at 50%_done',
  }, // 17:15
  {
    ts: '2025-03-12T16:45:00Z',
    source: 'system',
    level: 'debug',
    type: 'backup',
    message: 'nightly backup, "quoted", done\nsecond line',
  }, // 00:45
  { ts: '2025-03-13T00:10:00Z', source: 'track', trackId: 2, level: 'error', type: 'command_failed', message: '=cmd|calc' }, // 08:10
];

/** A name source over a test's names, read afresh for every batch (a test may rename in between). */
function namesOf<K extends string | number>(names: Map<K, string>, type: 'varchar' | 'int'): NameSource {
  return (key) => {
    const rows = [...names].map(([k, name]) => sql`(${k}::${sql.raw(type)}, ${name}::varchar)`);
    return sql`(select n.name from (values ${sql.join(rows, sql`, `)}) as n(key, name) where n.key = ${key})`;
  };
}

/** Writes the seed through the app's own writer with the names the robots and tracks modules would give. */
export async function seedLogs(app: TestApp, entries: LogEntry[] = SEED) {
  app.eventLog.setNameSource('robot', namesOf(ROBOT_NAMES, 'varchar'));
  app.eventLog.setNameSource('track', namesOf(TRACK_NAMES, 'int'));
  for (const entry of entries) app.eventLog.write(entry);
  await app.eventLog.flush();
}

/** GET /api/v1/logs with a query object; answers the parsed envelope and status. */
export async function getLogs(app: TestApp, headers: { authorization: string }, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await app.inject({ method: 'GET', url: `/api/v1/logs?${search}`, headers });
  return { status: res.statusCode, body: res.json() };
}

/** Splits CSV text (CRLF lines) into records, honouring quoted fields with commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const field = /(?:"((?:[^"]|"")*)"|([^,\r\n]*))(,|\r\n|$)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  while (field.lastIndex < text.length) {
    const match = field.exec(text);
    if (!match) throw new Error(`not CSV at ${field.lastIndex}`);
    row.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]);
    if (match[3] !== ',') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
