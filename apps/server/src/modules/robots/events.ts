import { type CommandRecord, formatLogEvent, type LogEventType, type LogLevel } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { robotNameOf } from './repository.ts';

export type RobotEvent = {
  level: LogLevel;
  type: LogEventType | 'payload_dropped';
  message: string;
  robotSn: string;
  trackId?: number | null;
  /** The time the robot gave (alerts): kept beside the record's own time, when the server heard it. */
  deviceTs?: Date;
  /** The broker message it came from (an alert), so a copy delivered again is stored once. */
  deliveryKey?: string;
};

export type RobotEvents = { write(event: RobotEvent): void };

type Where = { sn: string; trackId?: number | null };

/** The robot events the live state produces, worded once. */
export const robotEvent = {
  registered: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'info',
    type: 'robot_registered',
    message: formatLogEvent('robot_registered'),
    robotSn: sn,
    trackId,
  }),
  online: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'info',
    type: 'robot_online',
    message: formatLogEvent('robot_online'),
    robotSn: sn,
    trackId,
  }),
  lostConnection: ({ sn, trackId }: Where): RobotEvent => ({
    level: 'warning',
    type: 'robot_offline',
    message: formatLogEvent('robot_offline_connection'),
    robotSn: sn,
    trackId,
  }),
  silent: ({ sn, trackId }: Where, afterMs: number): RobotEvent => ({
    level: 'warning',
    type: 'robot_offline',
    message: formatLogEvent('robot_offline_silent', { seconds: Math.round(afterMs / 1000) }),
    robotSn: sn,
    trackId,
  }),
  alarm: ({ sn, trackId }: Where, code: string, active: boolean, ts: Date): RobotEvent => ({
    level: active ? 'error' : 'info',
    type: active ? 'alarm_raised' : 'alarm_cleared',
    message: formatLogEvent(active ? 'alarm_raised' : 'alarm_cleared', { alarm: code }),
    robotSn: sn,
    trackId,
    deviceTs: ts,
  }),
};

/** Track controllers are command targets too (`track-{id}`, protocol commandTarget); their events are not ours. */
const TRACK_TARGET = /^track-\d+$/;

/**
 * Robot events (registered, online, offline, alarms, failed commands) go to the event log with
 * `source: robot`; the robots module also tells the log how to name robots (by SN).
 */
export function robotEvents(app: FastifyInstance): RobotEvents {
  app.eventLog.setNameSource('robot', robotNameOf);
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
  const config = record.command === 'config';
  const values = { command: record.command, group: String(record.args?.group ?? ''), error: record.error ?? 'failed' };
  if (record.status === 'failed') {
    return {
      level: 'error',
      type: 'command_failed',
      message: formatLogEvent(config ? 'config_failed' : 'command_failed', values),
      robotSn: record.target,
    };
  }
  if (record.status === 'timed_out') {
    const message = formatLogEvent(config ? 'config_timed_out' : 'command_timed_out', values);
    return { level: 'warning', type: 'command_timed_out', message, robotSn: record.target };
  }
  return undefined;
}
