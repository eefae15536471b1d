import type { AlarmSettings } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { codeRows, withDowntime, withOverride } from './code-rows.ts';

const base: AlarmSettings = { severityOverrides: {}, downtimeCodes: ['imu_stuck'], escalateAfterS: 300, renotifyAfterS: 1800 };

describe('alarm settings rows', () => {
  it('lists every kind; only robot codes may count as downtime', () => {
    const rows = codeRows(base);
    expect(rows.find((r) => r.kind === 'imu_stuck')).toMatchObject({ defaultSeverity: 'critical', downtime: true });
    expect(rows.find((r) => r.kind === 'low_battery')?.downtime).toBe(false);
    expect(rows.find((r) => r.kind === 'robot_offline')?.downtime).toBeNull();
    expect(rows.find((r) => r.kind === 'unknown')?.downtime).toBeNull();
  });

  it('keeps an override only when it differs from the catalogue', () => {
    const raised = withOverride(base, 'low_battery', 'major');
    expect(raised.severityOverrides).toEqual({ low_battery: 'major' });
    expect(withOverride(raised, 'low_battery', 'warning').severityOverrides).toEqual({});
    expect(withOverride(raised, 'low_battery', undefined).severityOverrides).toEqual({});
  });

  it('adds and removes downtime codes in the catalogue order', () => {
    const more = withDowntime(withDowntime(base, 'low_battery', true), 'imu_comm', true);
    expect(more.downtimeCodes).toEqual(['imu_comm', 'low_battery', 'imu_stuck']);
    expect(withDowntime(more, 'imu_stuck', false).downtimeCodes).toEqual(['imu_comm', 'low_battery']);
  });
});
