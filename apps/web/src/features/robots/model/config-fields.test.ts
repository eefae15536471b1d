import { RANGES, ROBOT_CONFIG_GROUPS, robotConfigGroups } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { CONFIG_FIELDS } from './config-fields.ts';
import { configErrorText, groupErrors } from './config-rules.ts';

describe('settings form fields', () => {
  it.each(ROBOT_CONFIG_GROUPS)('lists exactly the fields of the %s schema', (group) => {
    const names = CONFIG_FIELDS[group].map((f) => f.name);
    expect(names.sort()).toEqual(Object.keys(robotConfigGroups[group].shape).sort());
    for (const field of CONFIG_FIELDS[group]) expect(field.kind === 'number').toBe(field.name in RANGES);
  });

  it('says the valid range of a value out of range, in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(configErrorText(i18n.t, 'volume', 'out_of_range')).toBe('Out of range (valid range: 0-100)');
    await i18n.changeLanguage('zh-TW');
    expect(configErrorText(i18n.t, 'brightness', 'out_of_range')).toBe('超出範圍（有效範圍：0-255）');
  });

  it('checks a whole group, including rules across fields', async () => {
    await i18n.changeLanguage('en');
    const motion = {
      motorScale: 100,
      returnBoost: 20,
      maxSpeed: 500,
      speedLevel0: 100,
      speedLevel1: 200,
      speedLevel2: 600,
      speedLevel3: 400,
      rotateSpeed: 90,
      motionCycles: 50,
    };
    expect(groupErrors(i18n.t, 'motion', motion).errors).toEqual([
      { name: 'speedLevel2', errors: ['Must not be above the max speed'] },
    ]);
    const network = {
      wifiSsid: '',
      wifiPassword: 'x',
      serverIp: '10.0.0.1',
      staticIp: '10.0.0.5',
      gateway: '10.0.1.1',
      subnetMask: '255.255.255.0',
    };
    expect(groupErrors(i18n.t, 'network', network).errors.map((e) => e.name)).toEqual(['wifiSsid', 'gateway']);
    expect(groupErrors(i18n.t, 'network', { ...network, wifiSsid: 'cafe' }).errors).toEqual([
      { name: 'gateway', errors: ["The gateway is not in the static IP's subnet"] },
    ]);
  });
});
