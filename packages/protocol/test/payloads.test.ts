import { describe, expect, it } from 'vitest';
import {
  ackPayload,
  alertPayload,
  commandPayload,
  configWritePayload,
  logPayload,
  parseJson,
  robotStatusPayload,
  systemMessage,
  trackStatusPayload,
} from '../src/index.ts';

const ts = '2026-01-01T12:00:00.000Z';

describe('broker payloads', () => {
  it('accept a full robot status and the last will', () => {
    const status = {
      sn: 'RS-1',
      connection: 'online',
      state: 'goto',
      battery: 55,
      trackId: 1,
      trackName: 'Main',
      point: 4,
      target: 9,
      alarms: ['low_battery'],
      firmware: '1.2.3',
      ip: '192.168.1.20',
      name: 'Runner',
      ts,
    };
    expect(robotStatusPayload.safeParse(status).success).toBe(true);
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', connection: 'offline', ts }).success).toBe(true);
  });

  it('refuse a bad robot status', () => {
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', battery: 101, ts }).success).toBe(false);
    // A code of newer firmware is kept (the alarm center shows it as unknown); one that is no code at all is not.
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', alarms: ['lidar_dirty'], ts }).success).toBe(true);
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', alarms: ['Not a code'], ts }).success).toBe(false);
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', alarms: ['x'.repeat(65)], ts }).success).toBe(false);
    expect(robotStatusPayload.safeParse({ sn: 'RS 1', ts }).success).toBe(false);
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', ts: 'yesterday' }).success).toBe(false);
    expect(robotStatusPayload.safeParse({ sn: 'RS-1', state: 'dancing', ts }).success).toBe(false);
  });

  it('validate track status codes and modes', () => {
    const ok = { trackId: 1, status: 3, error: 0, mode: 'normal', robots: ['RS-1'], ts };
    expect(trackStatusPayload.safeParse(ok).success).toBe(true);
    expect(trackStatusPayload.safeParse({ ...ok, status: 5 }).success).toBe(false);
    expect(trackStatusPayload.safeParse({ ...ok, error: 3 }).success).toBe(false);
    expect(trackStatusPayload.safeParse({ ...ok, mode: 'party' }).success).toBe(false);
  });

  it('validate alerts, logs, commands, config writes, acks and system messages', () => {
    expect(alertPayload.safeParse({ sn: 'RS-1', code: 'imu_stuck', active: true, ts }).success).toBe(true);
    expect(alertPayload.safeParse({ sn: 'RS-1', code: 'fire', active: true, ts }).success).toBe(true);
    expect(alertPayload.safeParse({ sn: 'RS-1', code: 'Fire!', active: true, ts }).success).toBe(false);
    expect(logPayload.safeParse({ ts, level: 'info', type: 'state', message: 'idle', robotSn: 'RS-1' }).success).toBe(true);
    expect(logPayload.safeParse({ ts, level: 'loud', type: 'state', message: 'idle' }).success).toBe(false);
    expect(commandPayload.safeParse({ id: 'c1', command: 'goto', args: { point: 3 }, ts }).success).toBe(true);
    expect(commandPayload.safeParse({ id: '', command: 'goto', ts }).success).toBe(false);
    expect(configWritePayload.safeParse({ id: 'c2', data: { volume: 3 }, ts }).success).toBe(true);
    expect(ackPayload.safeParse({ id: 'c1', ok: false, error: 'lid cannot open while moving', ts }).success).toBe(true);
    expect(ackPayload.safeParse({ id: 'c1', ts }).success).toBe(false);
    expect(systemMessage.safeParse({ timestamp: ts, source: 'frontend', type: 'hello', data: {} }).success).toBe(true);
    expect(systemMessage.safeParse({ timestamp: ts, source: 'robot', type: 'hello', data: {} }).success).toBe(false);
  });

  it('parse JSON from buffers and strings, null when it is not JSON', () => {
    expect(parseJson(Buffer.from('{"a":1}'))).toEqual({ a: 1 });
    expect(parseJson(new TextEncoder().encode('[1]'))).toEqual([1]);
    expect(parseJson('1')).toBe(1);
    expect(parseJson('not json')).toBeNull();
    expect(parseJson(Buffer.alloc(0))).toBeNull();
  });
});
