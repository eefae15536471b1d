import type { CommandRecord, LogEventType, LogLevel } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { robotNames } from './repository.ts';

export type RobotEvent = {
  level: LogLevel;
  type: LogEventType | 'payload_dropped';
  message: string;
  robotSn: string;
  trackId?: number | null;
  ts?: Date;
};

export type RobotEvents = { write(event: RobotEvent): void };

type Where = { sn: string; trackId?: number | null };

/** The robot events the live state produces, worded once. */
export const robotEvent = {
  registered: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'info',
    type: 'robot_registered',
    message: 'Robot registered',
    robotSn: sn,
    trackId,
  }),
  online: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'info',
    type: 'robot_online',
    message: 'Robot is back online',
    robotSn: sn,
    trackId,
  }),
  lostConnection: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'warning',
    type: 'robot_offline',
    message: 'Robot went offline (connection lost)',
    robotSn: sn,
    trackId,
  }),
  silent: ({ sn, trackId }: Where, afterMs: number): RobotEvent => ({
    level: 'warning',
    type: 'robot_offline',
    message: `Robot went offline (no status for ${Math.round(afterMs / 1000)} s)`,
    robotSn: sn,
    trackId,
  }),
  alarm: ({ sn, trackId }: Where, code: string, active: boolean, ts: Date): RobotEvent => ({
    level: active ? 'error' : 'info',
    type: active ? 'alarm_raised' : 'alarm_cleared',
    message: `${active ? 'Alarm raised' : 'Alarm cleared'}: ${code}`,
    robotSn: sn,
    trackId,
    ts,
  }),
};

/** Track controllers are command targets too (`track-{id}`, protocol commandTarget); their events are not ours. */
const TRACK_TARGET = /^track-\d+$/;

/**
 * Robot events (registered, online, offline, alarms, failed commands) go to the event log with
 * `source: robot`; the robots module also tells the log how to name robots (by SN).
 */
export function robotEvents(app: FastifyInstance): RobotEvents {
  app.eventLog.setNameResolver('robot', (sns) => robotNames(app.db, sns));
  const write = (event: RobotEvent) => app.eventLog.write({ source: 'robot', ...event });
  app.commands.onAnswered((record) => {
    const event = answeredEvent(record);
    if (event) write(event);
  });
  return { write };
}

/** A robot's command or configuration write that failed or timed out is worth a log line; successes are not. */
export function answeredEvent(record: CommandRecord): RobotEvent | undefined {
  if (TRACK_TARGET.test(record.target)) return undefined;
  const what =
    record.command === 'config' ? `Configuration write (${String(record.args?.group ?? '')})` : `Command ${record.command}`;
  if (record.status === 'failed') {
    return {
      level: 'error',
      type: 'command_failed',
      message: `${what} failed: ${record.error ?? 'failed'}`,
      robotSn: record.target,
    };
  }
  if (record.status === 'timed_out') {
    return { level: 'warning', type: 'command_timed_out', message: `${what} timed out`, robotSn: record.target };
  }
  return undefined;
}
