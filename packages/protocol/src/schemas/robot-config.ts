import { z } from 'zod';
import type { RobotConfigGroup } from '../enums.ts';
import { WIFI_PASSWORD_MAX, WIFI_SSID_MAX } from '../limits.ts';
import { RANGES, type RangedField } from './robot-config-ranges.ts';

/**
 * Error message keys of the robot configuration schemas; the web app translates them
 * (`robots.config.errors.<key>`) and shows RANGES[field] next to `out_of_range`.
 */
export const CONFIG_ERRORS = [
  'required',
  'not_a_number',
  'not_integer',
  'out_of_range',
  'not_boolean',
  'above_max_speed',
  'ssid_required',
  'ssid_too_long',
  'wifi_password_required',
  'wifi_password_too_long',
  'invalid_ip',
  'invalid_subnet_mask',
  'gateway_not_in_subnet',
] as const;
export type ConfigError = (typeof CONFIG_ERRORS)[number];

const ranged = (field: RangedField) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'not_a_number') })
    .int({ error: 'not_integer' })
    .min(RANGES[field].min, { error: 'out_of_range' })
    .max(RANGES[field].max, { error: 'out_of_range' });

const onOff = z.boolean({ error: (iss) => (iss.input === undefined ? 'required' : 'not_boolean') });

const ipv4 = z.ipv4({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_ip') });

/** 32-bit value of a dotted IPv4 address (already validated). */
export const ipv4ToInt = (ip: string) => ip.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);

export const isIpv4 = (ip: string) => z.ipv4().safeParse(ip).success;

/** A subnet mask is contiguous ones then zeros, and not 0.0.0.0. */
export const isSubnetMask = (mask: string) => {
  if (!isIpv4(mask)) return false;
  const n = ipv4ToInt(mask);
  const inverted = ~n >>> 0;
  return n !== 0 && (inverted & (inverted + 1)) === 0;
};

export const basicConfig = z.object({
  brightness: ranged('brightness'),
  volume: ranged('volume'),
  repeatCount: ranged('repeatCount'),
  repeatTimesN: ranged('repeatTimesN'),
  repeatTimesA: ranged('repeatTimesA'),
  repeatTimesB: ranged('repeatTimesB'),
  repeatTimesZ: ranged('repeatTimesZ'),
  buttonTime: ranged('buttonTime'),
  distanceMode: onOff,
  homeMode: onOff,
});
export type BasicConfig = z.infer<typeof basicConfig>;

export const advancedConfig = z.object({
  accHome: ranged('accHome'),
  tof: ranged('tof'),
  subRobot: ranged('subRobot'),
  lidOpenLimit: ranged('lidOpenLimit'),
  lidCloseLimit: ranged('lidCloseLimit'),
  subLidOpenLimit: ranged('subLidOpenLimit'),
  subLidCloseLimit: ranged('subLidCloseLimit'),
  calibrationMode: ranged('calibrationMode'),
  imuMode: onOff,
  disableAutoExit: onOff,
});
export type AdvancedConfig = z.infer<typeof advancedConfig>;

const SPEED_LEVELS = ['speedLevel0', 'speedLevel1', 'speedLevel2', 'speedLevel3'] as const;

/** A speed level above maxSpeed would be silently clipped by the firmware: refuse it instead. */
export const motionConfig = z
  .object({
    motorScale: ranged('motorScale'),
    returnBoost: ranged('returnBoost'),
    maxSpeed: ranged('maxSpeed'),
    speedLevel0: ranged('speedLevel0'),
    speedLevel1: ranged('speedLevel1'),
    speedLevel2: ranged('speedLevel2'),
    speedLevel3: ranged('speedLevel3'),
    rotateSpeed: ranged('rotateSpeed'),
    motionCycles: ranged('motionCycles'),
  })
  .superRefine((m, ctx) => {
    for (const level of SPEED_LEVELS) {
      if (m[level] > m.maxSpeed) ctx.addIssue({ code: 'custom', path: [level], message: 'above_max_speed' });
    }
  });
export type MotionConfig = z.infer<typeof motionConfig>;

const wifiPassword = z
  .string({ error: 'required' })
  .min(1, { error: 'wifi_password_required' })
  .max(WIFI_PASSWORD_MAX, { error: 'wifi_password_too_long' });

const networkFields = z.object({
  wifiSsid: z.string({ error: 'required' }).min(1, { error: 'ssid_required' }).max(WIFI_SSID_MAX, { error: 'ssid_too_long' }),
  wifiPassword,
  serverIp: ipv4,
  staticIp: ipv4,
  gateway: ipv4,
  subnetMask: z.string({ error: 'required' }).refine(isSubnetMask, { error: 'invalid_subnet_mask' }),
});

const gatewayInSubnet = (n: { staticIp: string; gateway: string; subnetMask: string }, ctx: z.RefinementCtx) => {
  // zod runs this even when a field failed: only compare what is valid.
  if (!isSubnetMask(n.subnetMask) || !isIpv4(n.staticIp) || !isIpv4(n.gateway)) return;
  const mask = ipv4ToInt(n.subnetMask);
  if ((ipv4ToInt(n.staticIp) & mask) !== (ipv4ToInt(n.gateway) & mask)) {
    ctx.addIssue({ code: 'custom', path: ['gateway'], message: 'gateway_not_in_subnet' });
  }
};

/** Both WiFi fields must be non-empty (spec section 5); the gateway must be reachable from the static IP. */
export const networkConfig = networkFields.superRefine(gatewayInSubnet);
export type NetworkConfig = z.infer<typeof networkConfig>;

/** One schema per group, for `PUT /robots/{sn}/config/{group}` and `HCP4/{sn}/config/{group}`. */
export const robotConfigGroups = {
  basic: basicConfig,
  advanced: advancedConfig,
  motion: motionConfig,
  network: networkConfig,
} as const satisfies Record<RobotConfigGroup, z.ZodType>;

/**
 * Fields the console writes but never reads back (DESIGN section 5, issue 9): the server answers
 * whether each is set, and a blank or missing value in a write keeps the robot's current one.
 */
export const WRITE_ONLY_CONFIG_FIELDS: Record<RobotConfigGroup, readonly string[]> = {
  basic: [],
  advanced: [],
  motion: [],
  network: ['wifiPassword'],
};

/** The network group as `PUT /robots/{sn}/config/network` takes it: a blank WiFi password keeps the current one. */
export const networkConfigWrite = networkFields
  .extend({ wifiPassword: z.union([z.literal(''), wifiPassword]).optional() })
  .superRefine(gatewayInSubnet);

/** The groups as the API and the settings form take them (write-only fields may be blank). */
export const robotConfigWriteGroups = { ...robotConfigGroups, network: networkConfigWrite } as const;

/** The whole configuration: the retained `HCP4/{sn}/config/report` payload. */
export const robotConfig = z.object(robotConfigGroups);
export type RobotConfig = z.infer<typeof robotConfig>;

/** What a freshly installed robot reports before anyone has configured it. */
export const DEFAULT_ROBOT_CONFIG: RobotConfig = {
  basic: {
    brightness: 128,
    volume: 60,
    repeatCount: 2,
    repeatTimesN: 1,
    repeatTimesA: 1,
    repeatTimesB: 1,
    repeatTimesZ: 1,
    buttonTime: 30,
    distanceMode: false,
    homeMode: true,
  },
  advanced: {
    accHome: 500,
    tof: 300,
    subRobot: 0,
    lidOpenLimit: 95,
    lidCloseLimit: 0,
    subLidOpenLimit: 95,
    subLidCloseLimit: 0,
    calibrationMode: 0,
    imuMode: true,
    disableAutoExit: false,
  },
  motion: {
    motorScale: 100,
    returnBoost: 20,
    maxSpeed: 800,
    speedLevel0: 200,
    speedLevel1: 400,
    speedLevel2: 600,
    speedLevel3: 800,
    rotateSpeed: 90,
    motionCycles: 50,
  },
  network: {
    wifiSsid: 'railserve',
    wifiPassword: 'railserve-robot',
    serverIp: '192.168.1.10',
    staticIp: '192.168.1.100',
    gateway: '192.168.1.1',
    subnetMask: '255.255.255.0',
  },
};
