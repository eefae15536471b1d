import { describe, expect, it } from 'vitest';
import {
  canonicalMac,
  createSessionBody,
  createTrackBody,
  macAddress,
  sessionCode,
  suggestedSessionCode,
  trackConfig,
} from '../src/index.ts';

describe('session rules', () => {
  it('takes letters and digits only as the code', () => {
    expect(sessionCode.safeParse('S2026001').success).toBe(true);
    for (const bad of ['S-1', 'S 1', 'S_1', '', 'x'.repeat(33)]) expect(sessionCode.safeParse(bad).success, bad).toBe(false);
  });

  it('suggests S + year + a 3-digit serial', () => {
    expect(suggestedSessionCode(2026, 1)).toBe('S2026001');
    expect(suggestedSessionCode(2026, 1234)).toBe('S20261234');
  });

  it('takes a MAC with colons or hyphens and stores it upper case with colons', () => {
    expect(macAddress.parse('a4-5e-60-c2-1f-0b')).toBe('A4:5E:60:C2:1F:0B');
    expect(macAddress.parse(' A4:5e:60:C2:1F:0B ')).toBe('A4:5E:60:C2:1F:0B');
    expect(canonicalMac('aa-bb-cc-dd-ee-ff')).toBe('AA:BB:CC:DD:EE:FF');
    for (const bad of ['A4:5E-60:C2:1F:0B', 'A45E60C21F0B', 'A4:5E:60:C2:1F', 'G4:5E:60:C2:1F:0B']) {
      expect(macAddress.safeParse(bad).error?.issues[0].message, bad).toBe('mac_format');
    }
  });

  it('defaults to no tracks and drops repeated track ids', () => {
    const base = { code: 'S1', name: 'Hall', mac: '02:00:00:00:00:01' };
    expect(createSessionBody.parse(base).trackIds).toEqual([]);
    expect(createSessionBody.parse({ ...base, trackIds: [3, 1, 3] }).trackIds).toEqual([3, 1]);
  });
});

describe('track rules', () => {
  it('takes a JSON object of at most 16 KB as config', () => {
    expect(trackConfig.safeParse({ a: 1 }).success).toBe(true);
    for (const bad of [[1], 'x', 1, null]) expect(trackConfig.safeParse(bad).error?.issues[0].message).toBe('config_not_object');
    expect(trackConfig.safeParse({ blob: 'x'.repeat(20_000) }).error?.issues[0].message).toBe('config_too_large');
  });

  it('fills the defaults of a new track', () => {
    expect(createTrackBody.parse({ name: 'A', type: 'single_circular' })).toEqual({
      name: 'A',
      type: 'single_circular',
      config: {},
      tableNumberPlay: false,
      displayMode: 'grid',
    });
  });
});
