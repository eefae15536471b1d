import { ALARM_CODES, formatLogEvent, ROBOT_COMMANDS, ROBOT_STATES } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { NamedLogRow } from '../../apps/server/src/modules/logs/repository.ts';

/** What kind of record a generated row is; each kind draws its message from its own list. */
export const MESSAGE_KINDS = ['robot_alarm', 'robot_event', 'track', 'system_error', 'system'] as const;
type Kind = (typeof MESSAGE_KINDS)[number];
type Message = { kind: Kind; type: string; message: string };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The messages a fleet writes, as it stores them: English templates from LOG_EVENT_MESSAGES with
 * their values (robots, points, batteries, alarm codes, states, commands). Readers see them in
 * zh-TW or en. Device free text (heartbeats, backups) is made in SQL, one text per row.
 */
export function benchMessages(robots: number): Message[] {
  const sns = range(1, robots).map((n) => `R-${String(n).padStart(3, '0')}`);
  const out: Message[] = [];
  const add = (kind: Kind, type: string, message: string) => out.push({ kind, type, message });
  for (const alarm of ALARM_CODES) add('robot_alarm', 'alarm_raised', formatLogEvent('alarm_raised', { alarm }));
  for (const from of ROBOT_STATES)
    for (const to of ROBOT_STATES)
      if (from !== to) add('robot_event', 'state', formatLogEvent('device_state_changed', { from, to }));
  for (const battery of range(5, 30))
    for (const point of range(1, 5)) add('robot_event', 'battery', formatLogEvent('device_going_to_charge', { battery, point }));
  for (const battery of range(80, 100)) add('robot_event', 'battery', formatLogEvent('device_charged', { battery }));
  for (const alarm of ALARM_CODES) add('robot_event', 'alarm_cleared', formatLogEvent('alarm_cleared', { alarm }));
  for (const command of ROBOT_COMMANDS) {
    add('robot_event', 'command', formatLogEvent('device_command_done', { command }));
    add('robot_event', 'command', formatLogEvent('device_command_refused', { command, error: 'robot is busy' }));
  }
  for (const sn of sns) {
    for (const point of range(1, 120)) add('track', 'dispatch', formatLogEvent('device_robot_dispatched', { sn, point }));
    add('track', 'register', formatLogEvent('device_robot_joined', { sn }));
  }
  for (const points of range(20, 80)) add('track', 'map', formatLogEvent('device_map_loaded', { points }));
  for (const command of ROBOT_COMMANDS) {
    add('system_error', 'command_failed', formatLogEvent('command_failed', { command, error: 'robot is busy' }));
    add('system_error', 'command_timed_out', formatLogEvent('command_timed_out', { command }));
  }
  add('system', 'robot_offline', formatLogEvent('robot_offline_connection'));
  add('system', 'robot_online', formatLogEvent('robot_online'));
  add('system', 'robot_registered', formatLogEvent('robot_registered'));
  return out;
}

/**
 * The generated messages in a temporary table `bench_messages (kind, idx, type, message, search_text)`,
 * search_text worked out as the writer does (when the server has it); answers each kind's count.
 */
export async function loadBenchMessages(db: Database, robots: number, searchTextOf?: (message: string) => string | null) {
  const messages = benchMessages(robots);
  const counts = MESSAGE_KINDS.map((kind) => messages.filter((m) => m.kind === kind).length);
  const idx = MESSAGE_KINDS.map(() => 0);
  const rows = messages.map((m) => ({
    ...m,
    idx: idx[MESSAGE_KINDS.indexOf(m.kind)]++,
    search: searchTextOf?.(m.message) ?? null,
  }));
  await db.execute(sql`DROP TABLE IF EXISTS bench_messages`);
  await db.execute(
    sql`CREATE TABLE bench_messages (kind text, idx int, type text, message text, search_text text, PRIMARY KEY (kind, idx))`,
  );
  const param = (pick: (r: (typeof rows)[number]) => unknown) => sql.param(rows.map(pick));
  await db.execute(sql`
    INSERT INTO bench_messages SELECT * FROM unnest(${param((r) => r.kind)}::text[], ${param((r) => r.idx)}::int[],
      ${param((r) => r.type)}::text[], ${param((r) => r.message)}::text[], ${param((r) => r.search)}::text[])`);
  return Object.fromEntries(MESSAGE_KINDS.map((kind, i) => [kind, counts[i]])) as Record<Kind, number>;
}

const writerTemplates = benchMessages(50);

/**
 * The i-th row of a writer benchmark's batch, as the writer queues it: three records in four are
 * fleet templates (their mix as in the fill), one a device's own line; no delivery key.
 */
export const writerRowAt = (i: number): NamedLogRow => ({
  time: new Date(),
  source: 'robot',
  level: 'info',
  type: 'status',
  message:
    i % 4 === 3
      ? `heartbeat seq ${i} from R-007 latency ${i % 90} ms`
      : writerTemplates[(i * 7919) % writerTemplates.length].message,
  trackId: 1 + (i % 10),
  robotSn: `R-${String(1 + (i % 50)).padStart(3, '0')}`,
  trackName: null,
  robotName: null,
  deviceTime: null,
  sender: null,
  namesGiven: { track: true, robot: true },
});
