import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandRecord, commandTarget, robotCommandBody, trackCommandBody } from '../src/index.ts';

describe('robot commands', () => {
  it('accepts each command with its arguments', () => {
    const bodies = [
      { command: 'reload_map' },
      { command: 'goto', args: { point: 12 } },
      { command: 'lid', args: { open: true } },
      { command: 'reset_alarm', args: {} },
      { command: 'restart' },
      { command: 'update', args: { recordId: 4 } },
      { command: 'remove' },
      { command: 'rename', args: { name: 'Runner' } },
    ];
    for (const body of bodies) expect(robotCommandBody.safeParse(body).success, body.command).toBe(true);
  });

  it('refuses missing, wrong or unknown arguments and unknown commands', () => {
    expect(robotCommandBody.safeParse({ command: 'goto' }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'goto', args: { point: -1 } }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'lid', args: { open: 'yes' } }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'update', args: { recordId: 0 } }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'rename', args: { name: '' } }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'restart', args: { sn: 'A' } }).success).toBe(false);
    expect(robotCommandBody.safeParse({ command: 'register_mode' }).success).toBe(false);
  });
});

describe('track commands', () => {
  it('defaults register and viewer mode to enabled', () => {
    expect(trackCommandBody.parse({ command: 'register_mode' })).toEqual({ command: 'register_mode', args: { enabled: true } });
    expect(trackCommandBody.parse({ command: 'viewer_mode', args: {} })).toEqual({
      command: 'viewer_mode',
      args: { enabled: true },
    });
    expect(trackCommandBody.parse({ command: 'viewer_mode', args: { enabled: false } }).args).toEqual({ enabled: false });
  });

  it('takes an optional sn on one-or-all commands', () => {
    for (const command of ['reload_map', 'reset_alarm', 'restart']) {
      expect(trackCommandBody.safeParse({ command }).success).toBe(true);
      expect(trackCommandBody.safeParse({ command, args: { sn: 'RS-1' } }).success).toBe(true);
      expect(trackCommandBody.safeParse({ command, args: { sn: 'bad sn' } }).success).toBe(false);
    }
    expect(trackCommandBody.safeParse({ command: 'lid', args: { open: false, sn: 'RS-1' } }).success).toBe(true);
    expect(trackCommandBody.safeParse({ command: 'update', args: { recordId: 2 } }).success).toBe(true);
  });

  it('requires both points of send_target', () => {
    expect(trackCommandBody.safeParse({ command: 'send_target', args: { servingPoint: 1, target: 9 } }).success).toBe(true);
    expect(trackCommandBody.safeParse({ command: 'send_target', args: { target: 9 } }).success).toBe(false);
    expect(trackCommandBody.safeParse({ command: 'goto', args: { point: 1 } }).success).toBe(false);
  });
});

describe('command tracking record', () => {
  it('names targets as the devices do on the broker', () => {
    expect(commandTarget.robot('RS-1')).toBe('RS-1');
    expect(commandTarget.track(3)).toBe('track-3');
  });

  it('validates a record and its status', () => {
    const rec = {
      id: 'c1',
      target: 'track-3',
      command: 'send_target',
      args: { servingPoint: 1, target: 9 },
      status: 'timed_out',
      sentAt: '2026-01-01T00:00:00.000Z',
      username: 'admin',
    };
    expect(commandRecord.safeParse(rec).success).toBe(true);
    expect(commandRecord.safeParse({ ...rec, status: 'lost' }).success).toBe(false);
    expect(commandRecord.safeParse({ ...rec, command: 'config', args: { group: 'basic', data: {} } }).success).toBe(true);
    expect(commandRecord.safeParse({ ...rec, command: 'dance' }).success).toBe(false);
    expect(COMMAND_NAMES).toContain('rename');
    expect(COMMAND_NAMES).toContain('viewer_mode');
  });
});
