import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli-args.ts';

describe('simulator command line', () => {
  it('parses flags into fleet options', () => {
    const r = parseCli(
      [
        '--robots',
        '12',
        '--tracks',
        '2',
        '--url',
        'mqtt://10.0.0.5:1883',
        '--device-key',
        'KEY',
        '--seed',
        '7',
        '--alarm-rate',
        '0.5',
        '--realistic-alarms',
      ],
      {},
    );
    expect(r).toEqual({
      help: false,
      options: expect.objectContaining({
        robots: 12,
        tracks: 2,
        url: 'mqtt://10.0.0.5:1883',
        deviceKey: 'KEY',
        seed: 7,
        alarmRate: 0.5,
        alarmScenario: true,
        publishMaps: false,
      }),
    });
  });

  it('takes the device key from the environment and track ids as a list', () => {
    const r = parseCli(['--track-ids', '4,7', '--publish-maps', '--map-username', 'railserve-server', '--map-password', 'p'], {
      RAILSERVE_DEVICE_KEY: 'ENVKEY',
    });
    expect(r).toMatchObject({
      options: {
        deviceKey: 'ENVKEY',
        trackIds: [4, 7],
        publishMaps: { username: 'railserve-server', password: 'p' },
        robots: 12,
      },
    });
    // Realistic alarms only when asked for.
    expect('options' in r && 'alarmScenario' in r.options).toBe(false);
  });

  it('takes an enrollment key instead of the shared key', () => {
    const parsed = parseCli(
      ['--enrollment-key', 'rsek_x', '--api-url', 'http://127.0.0.1:8080', '--credentials-file', 'c.json'],
      {},
    );
    expect(parsed).toMatchObject({
      help: false,
      options: { enrollmentKey: 'rsek_x', apiUrl: 'http://127.0.0.1:8080', credentialsFile: 'c.json' },
    });
    expect((parsed as { options: object }).options).not.toHaveProperty('deviceKey');
  });

  it('answers bad input with one clear error', () => {
    const error = (argv: string[]) => (parseCli(argv, { RAILSERVE_DEVICE_KEY: 'k' }) as { error: string }).error;
    expect(error(['--robots', '0'])).toBe('--robots must be a whole number from 1 to 10000, got "0"');
    expect(error(['--robots', 'many'])).toMatch(/--robots must be a whole number/);
    expect(error(['--tracks', '2.5'])).toMatch(/--tracks must be a whole number/);
    expect(error(['--track-ids', '1,x'])).toMatch(/--track-ids/);
    expect(error(['--url', 'http://x'])).toMatch(/--url must look like mqtt:/);
    expect(error(['--alarm-rate', '-1'])).toMatch(/--alarm-rate/);
    expect(error(['--sn-prefix', 'a b'])).toMatch(/--sn-prefix/);
    expect(error(['--frobnicate'])).toMatch(/frobnicate/);
    expect((parseCli([], {}) as { error: string }).error).toMatch(
      /--enrollment-key \(with --api-url\) or --device-key is required/,
    );
    expect((parseCli(['--enrollment-key', 'K'], {}) as { error: string }).error).toMatch(/needs --api-url/);
    expect(parseCli(['--help'], {})).toEqual({ help: true });
  });
});
