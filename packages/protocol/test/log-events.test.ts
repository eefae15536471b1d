import { describe, expect, it } from 'vitest';
import { formatLogEvent, LOG_EVENT_MESSAGES, type LogEventMessage, parseLogEvent } from '../src/log-events.ts';

describe('log event messages', () => {
  it('formats a message and reads its values back', () => {
    const message = formatLogEvent('command_failed', { command: 'lid', error: 'lid blocked: robot is moving' });
    expect(message).toBe('Command lid failed: lid blocked: robot is moving');
    expect(parseLogEvent(message)).toEqual({
      key: 'command_failed',
      values: { command: 'lid', error: 'lid blocked: robot is moving' },
    });
  });

  it('tells apart templates that share their start', () => {
    expect(parseLogEvent('Robot went offline (connection lost)')?.key).toBe('robot_offline_connection');
    expect(parseLogEvent('Robot went offline (no status for 90 s)')).toEqual({
      key: 'robot_offline_silent',
      values: { seconds: '90' },
    });
    expect(parseLogEvent('Configuration write (network) timed out')).toEqual({
      key: 'config_timed_out',
      values: { group: 'network' },
    });
  });

  it('reads back every template with values in it', () => {
    for (const key of Object.keys(LOG_EVENT_MESSAGES) as LogEventMessage[]) {
      const values = Object.fromEntries(
        [...LOG_EVENT_MESSAGES[key].matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `v-${name}`]),
      );
      expect(parseLogEvent(formatLogEvent(key, values)), key).toEqual({ key, values });
    }
  });

  it('leaves any other text alone', () => {
    expect(parseLogEvent('Motor temperature 71 °C')).toBeUndefined();
    expect(parseLogEvent('Robot registered twice')).toBeUndefined();
    expect(parseLogEvent('')).toBeUndefined();
  });
});
