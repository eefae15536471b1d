import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { formatLogEvent, LOG_EVENT_MESSAGES, type LogEventMessage, parseLogEvent } from '../src/log-events.ts';
import { LOG_MESSAGE_MAX } from '../src/schemas/logs.ts';
import { adversarialMessages } from './support/adversarial-messages.ts';

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

describe('parseLogEvent on crafted messages', () => {
  // No timing threshold on fast code: the old parser (regular expressions with several lazy
  // groups) does not finish these within hours, a parser that only moves forward at once. A
  // synchronous hang cannot be stopped by the test's timeout, so each parse runs under vm's
  // interruptible timeout, far above any sane parse ("does not hang"), and fails the test cleanly.
  it('parses messages of the maximum length built to force backtracking without hanging', () => {
    for (const key of Object.keys(LOG_EVENT_MESSAGES) as LogEventMessage[]) {
      for (const message of adversarialMessages(key)) {
        expect(message.length).toBeLessThanOrEqual(LOG_MESSAGE_MAX);
        const parsed = runInNewContext('parse(message)', { parse: parseLogEvent, message }, { timeout: 5_000 }) as
          | ReturnType<typeof parseLogEvent>
          | undefined;
        if (parsed) expect(formatLogEvent(parsed.key, parsed.values)).toBe(message);
      }
    }
  }, 60_000);
});
