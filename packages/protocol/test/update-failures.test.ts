import { describe, expect, it } from 'vitest';
import { formatCommandError, formatUpdateFailure, isBusyAnswer, parseAuditTarget, parseUpdateFailure } from '../src/index.ts';

describe('update failure reasons', () => {
  it('reads the server’s own reasons back as codes with their values', () => {
    expect(parseUpdateFailure(formatUpdateFailure('timed_out'))).toEqual({ code: 'timed_out', values: {} });
    expect(parseUpdateFailure(formatUpdateFailure('offline', { sn: 'SIM-0001' }))).toEqual({
      code: 'offline',
      values: { sn: 'SIM-0001' },
    });
    expect(parseUpdateFailure(formatUpdateFailure('busy_deadline'))).toEqual({ code: 'busy_deadline', values: {} });
    const refused = formatUpdateFailure('device_refused', { error: formatCommandError('robot_busy') });
    expect(parseUpdateFailure(refused)).toEqual({ code: 'device_refused', values: { error: 'robot is busy' } });
  });

  it('reads the texts devices report, and leaves a device’s own text alone', () => {
    expect(parseUpdateFailure('checksum mismatch: expected abababababab…, got 000000000000…')?.code).toBe('checksum');
    expect(parseUpdateFailure('download refused: HTTP 403 Wrong code')).toEqual({
      code: 'download_refused',
      values: { status: '403' },
    });
    expect(parseUpdateFailure('download failed: fetch failed')?.code).toBe('download_failed');
    expect(parseUpdateFailure('flash chip on fire')).toBeUndefined();
    expect(parseUpdateFailure(null)).toBeUndefined();
  });

  it('takes busy, starting up and installing as "not now", anything else as a refusal', () => {
    expect(isBusyAnswer(formatCommandError('robot_busy'))).toBe(true);
    expect(isBusyAnswer(formatCommandError('robot_initializing'))).toBe(true);
    expect(isBusyAnswer(formatCommandError('robot_upgrading'))).toBe(true);
    expect(isBusyAnswer(formatCommandError('robot_in_alarm'))).toBe(false);
    expect(isBusyAnswer('busy-ish free text')).toBe(false);
    expect(isBusyAnswer(null)).toBe(false);
  });
});

describe('audit targets of updates, audio and the system', () => {
  it('names each path, the more specific first', () => {
    expect(parseAuditTarget('updates/4/download')).toEqual({ key: 'update_download', values: { id: '4' } });
    expect(parseAuditTarget('updates/files/3')).toEqual({ key: 'update_file', values: { id: '3' } });
    expect(parseAuditTarget('updates/rollouts/2/resume')).toEqual({ key: 'rollout_resume', values: { id: '2' } });
    expect(parseAuditTarget('updates/7')).toEqual({ key: 'update_record', values: { id: '7' } });
    expect(parseAuditTarget('tracks/1/audio/1')).toEqual({ key: 'track_audio_file', values: { id: '1', audio: '1' } });
    expect(parseAuditTarget('tracks/1/audio/batch')).toEqual({ key: 'track_audio_batch', values: { id: '1' } });
    expect(parseAuditTarget('tracks/1/map/background')).toEqual({ key: 'track_map_background', values: { id: '1' } });
    expect(parseAuditTarget('tracks/1/map')).toEqual({ key: 'track_map', values: { id: '1' } });
    expect(parseAuditTarget('system/restart')?.key).toBe('system_restart');
  });
});
