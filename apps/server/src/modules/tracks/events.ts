import {
  type CommandRecord,
  formatLogEvent,
  TRACK_ERROR_CODES,
  TRACK_STATUS_CODES,
  type TrackStatusPayload,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { LogEntry } from '../logs/writer.ts';
import { markPublishedMapLive } from './map-repository.ts';
import { trackNameOf } from './repository.ts';

/** `track-{id}` (protocol commandTarget.track) back to the id; undefined for a robot's sn. */
const trackIdOf = (target: string) => {
  const match = /^track-(\d+)$/.exec(target);
  return match ? Number(match[1]) : undefined;
};

/** An English line for the event log; the console shows the codes translated. */
export function statusChangedEntry(status: TrackStatusPayload): LogEntry {
  const label = TRACK_STATUS_CODES[status.status as keyof typeof TRACK_STATUS_CODES];
  const error = TRACK_ERROR_CODES[status.error as keyof typeof TRACK_ERROR_CODES];
  return {
    source: 'track',
    level: status.status === 4 ? 'error' : 'info',
    type: 'track_status_changed',
    message: formatLogEvent('track_status_changed', {
      status: status.status,
      statusLabel: label,
      error: status.error,
      errorLabel: error,
      mode: status.mode,
      robots: status.robots.length,
    }),
    trackId: status.trackId,
    ts: status.ts,
  };
}

/** A track command that failed or timed out is worth a log line; successes are not. */
export function answeredEntry(record: CommandRecord): LogEntry | undefined {
  const trackId = trackIdOf(record.target);
  if (trackId === undefined) return undefined;
  if (record.status === 'failed') {
    return {
      source: 'track',
      level: 'error',
      type: 'command_failed',
      message: formatLogEvent('command_failed', { command: record.command, error: record.error ?? 'failed' }),
      trackId,
    };
  }
  if (record.status === 'timed_out') {
    return {
      source: 'track',
      level: 'warning',
      type: 'command_timed_out',
      message: formatLogEvent('command_timed_out', { command: record.command }),
      trackId,
    };
  }
  return undefined;
}

/**
 * Track events for the event log (logs module): status changes and failed or timed-out
 * commands, with `source: track`. The tracks module also tells the log how to name tracks.
 */
export function startTrackEvents(app: FastifyInstance) {
  app.eventLog.setNameSource('track', trackNameOf);
  app.commands.onAnswered((record) => {
    const entry = answeredEntry(record);
    if (entry) app.eventLog.write(entry);
    const trackId = trackIdOf(record.target);
    if (trackId !== undefined && record.command === 'reload_map' && record.status === 'acknowledged') {
      markPublishedMapLive(app.db, trackId, new Date(record.answeredAt ?? Date.now())).catch((error) =>
        app.log.warn({ err: error, trackId }, 'recording the live map version failed'),
      );
    }
  });
  return { statusChanged: (status: TrackStatusPayload) => app.eventLog.write(statusChangedEntry(status)) };
}
