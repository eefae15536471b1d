import { describe, expect, it } from 'vitest';
import { robotMarkerLabel } from './robot-marker.ts';

describe('a robot marker’s label', () => {
  it('is a short console name as it is', () => {
    expect(robotMarkerLabel({ sn: 'SIM-0007', name: 'A1' })).toBe('A1');
    expect(robotMarkerLabel({ sn: 'SIM-0007', name: '小白' })).toBe('小白');
  });

  it('is the number a long name or the SN ends with, without leading zeros', () => {
    expect(robotMarkerLabel({ sn: 'SIM-0007', name: '送餐機器人 12 號' })).toBe('12');
    expect(robotMarkerLabel({ sn: 'SIM-0007', name: '' })).toBe('7');
    expect(robotMarkerLabel({ sn: 'RS2024000123', name: undefined as unknown as string })).toBe('123');
  });

  it('is the first characters when nothing ends in a number', () => {
    expect(robotMarkerLabel({ sn: 'ALPHA-BRAVO', name: '' })).toBe('ALPH');
    expect(robotMarkerLabel({ sn: 'SIM-0001', name: '靠窗的送餐車' })).toBe('1');
  });
});
