import { isValidSn, type TrackMap, topics } from '@railserve/protocol';
import mqtt from 'mqtt';
import { type AlarmScenario, demoAlarmScenario } from './alarm-scenario.ts';
import { DeviceCredentials, enrollAll } from './enrollment.ts';
import { generateTrackMap } from './map-gen.ts';
import { createRng } from './rng.ts';
import { SimRobot } from './robot.ts';
import { SimSiteDevice } from './site-device.ts';
import { SimTrackController } from './track-controller.ts';

export type FleetOptions = {
  url: string;
  /** The shared DEVICE_KEY of a fleet not yet on credentials of its own; also what the on-site server and tablet sign in with. */
  deviceKey?: string;
  /** Robots and controllers enrol with this key through `apiUrl` and sign in with their own credentials. */
  enrollmentKey?: string;
  /** Keeps the enrolled devices' passwords between runs (the devices' own storage). */
  credentialsFile?: string;
  /** The console over HTTP; robots fetch their track's audio from it after reload_map. */
  apiUrl?: string;
  robots: number;
  /** Number of tracks; ignored when trackIds is given. */
  tracks?: number;
  /** Existing track ids to put the robots on; default 1..tracks. */
  trackIds?: number[];
  statusIntervalMs?: number;
  stepMs?: number;
  /** Random alarms per robot per hour (they clear themselves after a while). */
  alarmRate?: number;
  /** Realistic alarms (alarm-scenario.ts): `true` for the demo's, or a scenario of one's own. */
  alarmScenario?: boolean | AlarmScenario;
  arriveWaitMs?: number;
  initMs?: number;
  seed?: number;
  snPrefix?: string;
  tablesPerTrack?: number;
  maxRobotsPerTrack?: number;
  reconnectPeriodMs?: number;
  /** The console's HTTP address, where the robots download updates from. */
  httpUrl?: string;
  /** Sessions whose on-site server and ordering tablet report their versions. */
  sites?: { sessionCode: string; serverVersion: string; tabletVersion: string }[];
  /**
   * Publish the generated maps retained on `HCP4/track/{id}/map`. On the console's broker only the
   * server may do that (give its credentials, or let the console publish maps it saved); on an
   * open broker no credentials are needed.
   */
  publishMaps?: boolean | { username: string; password: string };
};

export type FleetPlan = { trackId: number; sns: string[]; map: TrackMap }[];

export type Fleet = {
  plan: FleetPlan;
  robots: SimRobot[];
  controllers: SimTrackController[];
  robot(sn: string): SimRobot | undefined;
  controller(trackId: number): SimTrackController | undefined;
  stop(): Promise<void>;
};

/** Which robot goes on which track, and each track's map: robots dealt round-robin, one spare parking point per track. */
export function planFleet(opts: Pick<FleetOptions, 'robots' | 'tracks' | 'trackIds' | 'snPrefix' | 'tablesPerTrack'>): FleetPlan {
  const trackIds = opts.trackIds ?? Array.from({ length: opts.tracks ?? 1 }, (_, i) => i + 1);
  if (trackIds.length === 0) throw new Error('a fleet needs at least one track');
  const prefix = opts.snPrefix ?? 'SIM';
  const plan = trackIds.map((trackId) => ({ trackId, sns: [] as string[], map: undefined as unknown as TrackMap }));
  for (let i = 0; i < opts.robots; i++) {
    const sn = `${prefix}-${String(i + 1).padStart(4, '0')}`;
    if (!isValidSn(sn)) throw new Error(`robot serial number ${sn} is not 1-64 of A-Z a-z 0-9 _ -`);
    plan[i % plan.length].sns.push(sn);
  }
  for (const track of plan) track.map = generateTrackMap({ parking: track.sns.length + 1, tables: opts.tablesPerTrack ?? 6 });
  return plan;
}

/** Starts the controllers, then the robots (in batches, so a big fleet does not storm the broker). */
export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  const plan = planFleet(opts);
  const rng = createRng(opts.seed ?? Date.now());
  // One burst schedule for the whole fleet, so a track's robots lose the network together.
  const scenario = opts.alarmScenario === true ? demoAlarmScenario(rng.int(2 ** 31)) : opts.alarmScenario || undefined;
  const saved = await DeviceCredentials.load(opts.credentialsFile);
  if (opts.enrollmentKey) {
    if (!opts.apiUrl) throw new Error('enrolling needs the console over HTTP (apiUrl / --api-url)');
    const devices = plan.flatMap((track) => [
      { kind: 'controller' as const, trackId: track.trackId },
      ...track.sns.map((sn) => ({ kind: 'robot' as const, sn })),
    ]);
    await enrollAll({ apiUrl: opts.apiUrl, enrollmentKey: opts.enrollmentKey }, devices, saved);
  }
  const passwordOf = (username: string) => {
    const password = saved.passwords.get(username) ?? opts.deviceKey;
    if (!password) throw new Error(`${username} has no credential: give an enrollment key or the shared device key`);
    return password;
  };
  const keep = (username: string) => (password: string) => void saved.set(username, password);
  if (opts.publishMaps) await publishMaps(opts.url, plan, opts.publishMaps === true ? undefined : opts.publishMaps);
  const controllers = plan.map(
    (track) =>
      new SimTrackController({
        url: opts.url,
        deviceKey: passwordOf(`track-${track.trackId}`),
        onCredential: keep(`track-${track.trackId}`),
        trackId: track.trackId,
        robots: track.sns,
        maxRobots: opts.maxRobotsPerTrack,
        initMs: opts.initMs,
        reconnectPeriodMs: opts.reconnectPeriodMs,
      }),
  );
  let index = 0;
  const robots = plan.flatMap((track) =>
    track.sns.map((sn, homeIndex) => {
      const i = index++;
      return new SimRobot({
        url: opts.url,
        deviceKey: passwordOf(sn),
        onCredential: keep(sn),
        apiUrl: opts.apiUrl,
        sn,
        trackId: track.trackId,
        homeIndex,
        battery: 50 + rng.int(51),
        network: { staticIp: `10.0.${Math.floor(i / 250)}.${(i % 250) + 2}`, gateway: '10.0.0.1', subnetMask: '255.255.0.0' },
        statusIntervalMs: opts.statusIntervalMs,
        stepMs: opts.stepMs,
        alarmRate: opts.alarmRate,
        alarmScenario: scenario,
        arriveWaitMs: opts.arriveWaitMs,
        initMs: opts.initMs,
        seed: opts.seed,
        reconnectPeriodMs: opts.reconnectPeriodMs,
        httpUrl: opts.httpUrl,
      });
    }),
  );
  // The on-site server and tablet sign in with the shared key only: without one they stay away.
  const deviceKey = opts.deviceKey;
  const sites = deviceKey
    ? (opts.sites ?? []).flatMap((site) => [
        new SimSiteDevice({
          url: opts.url,
          deviceKey,
          kind: 'site_server',
          sessionCode: site.sessionCode,
          version: site.serverVersion,
        }),
        new SimSiteDevice({
          url: opts.url,
          deviceKey,
          kind: 'tablet',
          sessionCode: site.sessionCode,
          version: site.tabletVersion,
        }),
      ])
    : [];
  const fleet: Fleet = {
    plan,
    robots,
    controllers,
    robot: (sn) => robots.find((r) => r.sn === sn),
    controller: (trackId) => controllers.find((c) => c.trackId === trackId),
    async stop() {
      await inBatches(robots, (r) => r.stop());
      await Promise.all(controllers.map((c) => c.stop()));
      await Promise.all(sites.map((s) => s.stop()));
    },
  };
  try {
    await Promise.all(controllers.map((c) => c.start()));
    await inBatches(robots, (r) => r.start());
    await Promise.all(sites.map((s) => s.start()));
  } catch (error) {
    await fleet.stop();
    throw error;
  }
  return fleet;
}

/** Publishes each planned map retained, as the console does when a map is saved and reloaded. */
export async function publishMaps(url: string, plan: FleetPlan, auth?: { username: string; password: string }) {
  const client = await mqtt.connectAsync(url, { ...auth, clientId: `sim_maps_${process.pid}`, reconnectPeriod: 0 });
  try {
    for (const track of plan) {
      await client.publishAsync(topics.trackMap(track.trackId), JSON.stringify(track.map), { qos: 1, retain: true });
    }
  } finally {
    await client.endAsync();
  }
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>, size = 100) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}
