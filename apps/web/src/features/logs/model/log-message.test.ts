import { formatLogEvent, LOCALES, LOG_EVENT_MESSAGES, type LogEventMessage } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { logMessageText } from './log-message.ts';

const zh = i18n.getFixedT('zh-TW');
const en = i18n.getFixedT('en');

describe('log messages', () => {
  it('translates the server’s event messages with their codes named', () => {
    expect(logMessageText(zh, formatLogEvent('alarm_raised', { alarm: 'imu_stuck' }))).toBe('發生警報：IMU 卡住');
    expect(logMessageText(en, formatLogEvent('robot_offline_silent', { seconds: 90 }))).toBe(
      'Robot went offline (no status for 90 s)',
    );
    expect(logMessageText(zh, formatLogEvent('command_failed', { command: 'lid', error: 'robot is moving' }))).toBe(
      '指令「上蓋」失敗：robot is moving',
    );
    const status = formatLogEvent('track_status_changed', {
      status: 4,
      statusLabel: 'error',
      error: 1,
      errorLabel: 'too_many_robots',
      mode: 'register',
      robots: 1,
    });
    expect(logMessageText(en, status)).toBe(
      `Track status 4 (${en('tracks.status.error')}), error: ${en('tracks.error.too_many_robots')}, mode: Register mode, 1 robot`,
    );
  });

  it('translates what devices report, with states, commands and failure reasons named', () => {
    expect(logMessageText(zh, formatLogEvent('device_state_changed', { from: 'idle', to: 'goto' }))).toBe(
      '狀態：待命 → 前往目標',
    );
    expect(
      logMessageText(
        zh,
        formatLogEvent('device_command_refused', { command: 'send_target', error: 'no idle robot on this track' }),
      ),
    ).toBe('指令「發送目標點」遭拒：此軌道沒有待命的機器人');
    expect(logMessageText(en, formatLogEvent('device_config_applied', { group: 'basic' }))).toBe('Basic settings applied');
    expect(logMessageText(zh, formatLogEvent('device_track_error', { code: 1 }))).toBe(
      `軌道錯誤：${zh('tracks.error.too_many_robots')}`,
    );
    expect(logMessageText(zh, formatLogEvent('command_failed', { command: 'restart', error: 'No answer within 10000 ms' }))).toBe(
      '指令「重新啟動」失敗：10000 毫秒內沒有回應',
    );
  });

  it('has a translation of every event message in every locale', () => {
    for (const lng of LOCALES) {
      for (const key of Object.keys(LOG_EVENT_MESSAGES) as LogEventMessage[]) {
        const plural = i18n.exists(`logs.events.${key}_other`, { lng, fallbackLng: [] });
        expect(plural || i18n.exists(`logs.events.${key}`, { lng, fallbackLng: [] }), `${lng} ${key}`).toBe(true);
      }
    }
  });

  it('shows any other text as it was written', () => {
    expect(logMessageText(zh, 'Motor temperature 71 °C')).toBe('Motor temperature 71 °C');
    // An unknown alarm code keeps its code rather than a missing-key path.
    expect(logMessageText(en, 'Alarm raised: new_alarm')).toBe('Alarm raised: new_alarm');
  });
});
