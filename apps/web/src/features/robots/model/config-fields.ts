import { RANGES, type RangedField, type RobotConfigGroup } from '@railserve/protocol';

export type ConfigFieldKind = 'number' | 'switch' | 'text' | 'password' | 'ip';
export type ConfigField = { name: string; kind: ConfigFieldKind };

const numbers = (...names: RangedField[]): ConfigField[] => names.map((name) => ({ name, kind: 'number' }));
const switches = (...names: string[]): ConfigField[] => names.map((name) => ({ name, kind: 'switch' }));

/** The form of each settings tab, in the order of DESIGN section 5; a unit test keeps it equal to the protocol schemas. */
export const CONFIG_FIELDS: Record<RobotConfigGroup, ConfigField[]> = {
  basic: [
    ...numbers(
      'brightness',
      'volume',
      'repeatCount',
      'repeatTimesN',
      'repeatTimesA',
      'repeatTimesB',
      'repeatTimesZ',
      'buttonTime',
    ),
    ...switches('distanceMode', 'homeMode'),
  ],
  advanced: [
    ...numbers(
      'accHome',
      'tof',
      'subRobot',
      'lidOpenLimit',
      'lidCloseLimit',
      'subLidOpenLimit',
      'subLidCloseLimit',
      'calibrationMode',
    ),
    ...switches('imuMode', 'disableAutoExit'),
  ],
  motion: numbers(
    'motorScale',
    'returnBoost',
    'maxSpeed',
    'speedLevel0',
    'speedLevel1',
    'speedLevel2',
    'speedLevel3',
    'rotateSpeed',
    'motionCycles',
  ),
  network: [
    { name: 'wifiSsid', kind: 'text' },
    { name: 'wifiPassword', kind: 'password' },
    { name: 'serverIp', kind: 'ip' },
    { name: 'staticIp', kind: 'ip' },
    { name: 'gateway', kind: 'ip' },
    { name: 'subnetMask', kind: 'ip' },
  ],
};

export const rangeOf = (name: string) => (name in RANGES ? RANGES[name as RangedField] : undefined);
