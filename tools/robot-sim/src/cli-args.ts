import { parseArgs } from 'node:util';
import type { FleetOptions } from './fleet.ts';

export const USAGE = `Usage: npm run sim -- [options]

Starts simulated serving robots and track controllers on an MQTT broker.

  --robots N              robots to start (1-10000, default 12)
  --tracks M              tracks, numbered 1..M (1-1000, default 2)
  --track-ids 4,7         existing track ids to use instead of 1..M
  --url URL               broker (default mqtt://127.0.0.1:1883)
  --api-url URL           the console over HTTP (e.g. http://127.0.0.1:8080): robots fetch their audio after reload_map
  --enrollment-key KEY    enrol the robots and controllers with this key (console: sessions, enrollment
                          keys) through --api-url, then sign in with their own credentials
                          (or env RAILSERVE_ENROLLMENT_KEY)
  --credentials-file F    keep the enrolled devices' passwords in F between runs (mode 0600)
  --device-key KEY        the console's shared DEVICE_KEY, where it still allows one (or env RAILSERVE_DEVICE_KEY)
  --status-interval-ms N  status heartbeat (50-60000, default 1000)
  --step-ms N             time to drive from one point to the next (10-60000, default 1000)
  --alarm-rate R          random alarms per robot per hour (0-3600, default 0)
  --realistic-alarms      low battery, a worn floor marker, motor faults a reset clears and network
                          bursts, as in npm run demo (alarm-scenario.ts)
  --seed N                seed for repeatable behaviour
  --sn-prefix P           serial number prefix (default SIM: SIM-0001, SIM-0002, ...)
  --tables N              table points per generated track map (1-200, default 6)
  --max-robots N          each track's robot limit (default 20)
  --publish-maps          publish the generated maps (needs a broker user allowed to)
  --map-username U, --map-password P   that user
  --help                  this text`;

const STRING_FLAGS = [
  'robots',
  'tracks',
  'track-ids',
  'url',
  'api-url',
  'device-key',
  'enrollment-key',
  'credentials-file',
  'status-interval-ms',
  'step-ms',
  'alarm-rate',
  'seed',
  'sn-prefix',
  'tables',
  'max-robots',
  'map-username',
  'map-password',
] as const;
const OPTIONS: Record<string, { type: 'string' | 'boolean' }> = {
  ...Object.fromEntries(STRING_FLAGS.map((name) => [name, { type: 'string' as const }])),
  'publish-maps': { type: 'boolean' },
  'realistic-alarms': { type: 'boolean' },
  help: { type: 'boolean' },
};

export type CliResult = { help: true } | { help: false; options: FleetOptions } | { error: string };

const int = (name: string, raw: string | undefined, min: number, max: number, fallback?: number) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
};

/** Turns argv and the environment into fleet options, or one clear error line. */
export function parseCli(argv: string[], env: Record<string, string | undefined>): CliResult {
  try {
    const { values: v } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }) as { values: Record<string, string | boolean | undefined> };
    const s = (name: string) => v[name] as string | undefined;
    if (v.help) return { help: true };
    const deviceKey = s('device-key') ?? env.RAILSERVE_DEVICE_KEY;
    const enrollmentKey = s('enrollment-key') ?? env.RAILSERVE_ENROLLMENT_KEY;
    if (!deviceKey && !enrollmentKey)
      throw new Error(
        '--enrollment-key (with --api-url) or --device-key is required: an administrator makes enrollment keys in the console',
      );
    const url = s('url') ?? 'mqtt://127.0.0.1:1883';
    if (!/^(mqtts?|wss?|tcp):\/\/[^\s]+$/.test(url)) throw new Error(`--url must look like mqtt://host:1883, got "${url}"`);
    const apiUrl = s('api-url');
    if (apiUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(apiUrl))
      throw new Error(`--api-url must look like http://host:8080, got "${apiUrl}"`);
    if (enrollmentKey && !apiUrl) throw new Error('--enrollment-key needs --api-url: devices enrol over HTTP');
    const trackIds = s('track-ids')
      ?.split(',')
      .map((id) => int('track-ids', id, 1, 999_999_999) as number);
    const prefix = s('sn-prefix');
    if (prefix !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(prefix))
      throw new Error('--sn-prefix must be 1-32 of A-Z a-z 0-9 _ -');
    const rate = s('alarm-rate') === undefined ? undefined : Number(s('alarm-rate'));
    if (rate !== undefined && !(rate >= 0 && rate <= 3600))
      throw new Error(`--alarm-rate must be a number from 0 to 3600, got "${s('alarm-rate')}"`);
    const mapUser = s('map-username');
    return {
      help: false,
      options: {
        url,
        ...(deviceKey ? { deviceKey } : {}),
        ...(enrollmentKey ? { enrollmentKey } : {}),
        ...(s('credentials-file') ? { credentialsFile: s('credentials-file') } : {}),
        apiUrl,
        robots: int('robots', s('robots'), 1, 10_000, 12) as number,
        tracks: int('tracks', s('tracks'), 1, 1000, 2),
        trackIds,
        statusIntervalMs: int('status-interval-ms', s('status-interval-ms'), 50, 60_000),
        stepMs: int('step-ms', s('step-ms'), 10, 60_000),
        alarmRate: rate,
        ...(v['realistic-alarms'] ? { alarmScenario: true } : {}),
        seed: int('seed', s('seed'), 0, 2 ** 32 - 1),
        snPrefix: prefix,
        tablesPerTrack: int('tables', s('tables'), 1, 200),
        maxRobotsPerTrack: int('max-robots', s('max-robots'), 1, 10_000),
        publishMaps: v['publish-maps'] ? (mapUser ? { username: mapUser, password: s('map-password') ?? '' } : true) : false,
      },
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
