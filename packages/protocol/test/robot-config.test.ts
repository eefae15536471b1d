import { describe, expect, it } from 'vitest';
import {
  advancedConfig,
  basicConfig,
  DEFAULT_ROBOT_CONFIG,
  isSubnetMask,
  motionConfig,
  networkConfig,
  RANGES,
  rangeText,
  robotConfig,
  robotConfigGroups,
} from '../src/index.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('robot configuration', () => {
  it('accepts the defaults a fresh robot reports', () => {
    expect(robotConfig.parse(DEFAULT_ROBOT_CONFIG)).toEqual(DEFAULT_ROBOT_CONFIG);
  });

  it('keeps every numeric default inside its range', () => {
    const groups = Object.values(DEFAULT_ROBOT_CONFIG) as Record<string, unknown>[];
    for (const [field, range] of Object.entries(RANGES)) {
      const value = groups.find((g) => field in g)?.[field] as number;
      expect(value, field).toBeGreaterThanOrEqual(range.min);
      expect(value, field).toBeLessThanOrEqual(range.max);
    }
  });

  it('has a range for every numeric field and a schema per group', () => {
    expect(Object.keys(robotConfigGroups)).toEqual(['basic', 'advanced', 'motion', 'network']);
    const numeric = Object.values(DEFAULT_ROBOT_CONFIG).flatMap((g) =>
      Object.entries(g)
        .filter(([, v]) => typeof v === 'number')
        .map(([k]) => k),
    );
    expect(numeric.sort()).toEqual(Object.keys(RANGES).sort());
    expect(rangeText('brightness')).toBe('0-255');
    expect(rangeText('volume')).toBe('0-100');
  });

  it('reports ranges, integers, types and missing fields with translatable keys', () => {
    const r = basicConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.basic, brightness: 256, volume: -1, repeatCount: 1.5 });
    expect(messages(r)).toEqual({ brightness: 'out_of_range', volume: 'out_of_range', repeatCount: 'not_integer' });
    const { homeMode: _, ...missing } = DEFAULT_ROBOT_CONFIG.basic;
    expect(messages(basicConfig.safeParse({ ...missing, buttonTime: '5' }))).toEqual({
      homeMode: 'required',
      buttonTime: 'not_a_number',
    });
    expect(messages(advancedConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.advanced, imuMode: 1 }))).toEqual({
      imuMode: 'not_boolean',
    });
  });

  it('accepts the range ends and refuses just outside', () => {
    expect(basicConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.basic, brightness: 0, volume: 100 }).success).toBe(true);
    expect(basicConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.basic, brightness: 255 }).success).toBe(true);
    expect(basicConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.basic, volume: 101 }).success).toBe(false);
  });

  it('refuses a speed level above the max speed', () => {
    const r = motionConfig.safeParse({ ...DEFAULT_ROBOT_CONFIG.motion, maxSpeed: 500, speedLevel2: 600 });
    expect(messages(r)).toEqual({ speedLevel2: 'above_max_speed', speedLevel3: 'above_max_speed' });
  });
});

describe('network configuration', () => {
  const net = DEFAULT_ROBOT_CONFIG.network;

  it('limits SSID to 32 and password to 64 characters, both non-empty', () => {
    expect(networkConfig.safeParse({ ...net, wifiSsid: 'x'.repeat(32), wifiPassword: 'p'.repeat(64) }).success).toBe(true);
    expect(messages(networkConfig.safeParse({ ...net, wifiSsid: 'x'.repeat(33), wifiPassword: 'p'.repeat(65) }))).toEqual({
      wifiSsid: 'ssid_too_long',
      wifiPassword: 'wifi_password_too_long',
    });
    expect(messages(networkConfig.safeParse({ ...net, wifiSsid: '', wifiPassword: '' }))).toEqual({
      wifiSsid: 'ssid_required',
      wifiPassword: 'wifi_password_required',
    });
  });

  it('validates IPv4 addresses and subnet masks', () => {
    expect(messages(networkConfig.safeParse({ ...net, serverIp: '256.1.1.1', staticIp: 'robot', gateway: '' }))).toEqual({
      serverIp: 'invalid_ip',
      staticIp: 'invalid_ip',
      gateway: 'invalid_ip',
    });
    expect(messages(networkConfig.safeParse({ ...net, subnetMask: '255.0.255.0' }))).toEqual({
      subnetMask: 'invalid_subnet_mask',
    });
    expect(['255.255.255.0', '255.255.0.0', '255.255.255.252', '128.0.0.0'].every(isSubnetMask)).toBe(true);
    expect(['0.0.0.0', '255.0.255.0', '255.255.255.1', '1.2.3', 'mask'].some(isSubnetMask)).toBe(false);
  });

  it('requires the gateway inside the static IP subnet', () => {
    expect(messages(networkConfig.safeParse({ ...net, gateway: '10.0.0.1' }))).toEqual({ gateway: 'gateway_not_in_subnet' });
    expect(networkConfig.safeParse({ ...net, subnetMask: '255.0.0.0', staticIp: '10.1.2.3', gateway: '10.0.0.1' }).success).toBe(
      true,
    );
  });
});
