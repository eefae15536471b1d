// What `npm run demo` puts into the console before the simulated fleet starts: two tracks with
// saved maps and a session that owns them, made through the same services the API uses.
import { createSessionBody, createTrackBody, type TrackMap, topics, trackMap } from '@railserve/protocol';
import { planFleet } from '@railserve/robot-sim';
import type { FastifyInstance } from 'fastify';
import { createEnrollmentKey } from '../apps/server/src/modules/devices/key-service.ts';
import { findSessionByCode } from '../apps/server/src/modules/sessions/repository.ts';
import { createSession } from '../apps/server/src/modules/sessions/service.ts';
import { findMapState, markMapPublished, markPublishedMapLive } from '../apps/server/src/modules/tracks/map-repository.ts';
import { findTrackByName, findTrackMap } from '../apps/server/src/modules/tracks/repository.ts';
import { createTrack, saveTrackMap } from '../apps/server/src/modules/tracks/service.ts';

export const DEMO_TRACKS = [
  { name: 'Demo track A', type: 'single_round_trip' },
  { name: 'Demo track B', type: 'multi_circular' },
] as const;
export const DEMO_ROBOTS = 6;
/** Robots and controllers the demo enrols. */
export const DEMO_DEVICES = DEMO_ROBOTS + DEMO_TRACKS.length;
export const DEMO_TABLES = 6;
export const DEMO_SESSION_CODE = 'DEMO1';
const DEMO_SESSION = {
  code: DEMO_SESSION_CODE,
  name: 'Demo restaurant',
  mac: '02:00:00:00:00:01',
  note: 'Created by npm run demo',
};

/** The demo tracks' ids, creating the tracks that are missing (a second demo run reuses them). */
async function ensureTracks(app: FastifyInstance) {
  const ids: number[] = [];
  for (const demo of DEMO_TRACKS) {
    const found = await findTrackByName(app.db, demo.name);
    ids.push(found?.id ?? (await createTrack(app.db, createTrackBody.parse({ ...demo, tableNumberPlay: true }))).id);
  }
  return ids;
}

/**
 * Ensures the demo tracks, their maps and session, and publishes each saved map retained (as
 * reload_map does), so the simulated controllers initialize as soon as they connect. A map
 * someone already saved on a demo track is kept; the fleet drives whatever map is live.
 */
export async function prepareDemo(app: FastifyInstance, devices: number) {
  const trackIds = await ensureTracks(app);
  const plan = planFleet({ robots: DEMO_ROBOTS, trackIds, tablesPerTrack: DEMO_TABLES });
  const maps = new Map<number, TrackMap>();
  for (const track of plan) {
    const saved = (await findTrackMap(app.db, track.trackId))?.map as TrackMap | null;
    const map = saved ?? (await saveTrackMap(app.db, track.trackId, trackMap.parse(track.map)));
    maps.set(track.trackId, map);
    await app.mqtt.publish(topics.trackMap(track.trackId), map, { retain: true });
    // The simulated controllers take the published map at once: record it as the live version.
    const state = await findMapState(app.db, track.trackId);
    if (state) {
      await markMapPublished(app.db, track.trackId, state.version);
      await markPublishedMapLive(app.db, track.trackId, new Date());
    }
  }
  const session =
    (await findSessionByCode(app.db, DEMO_SESSION.code)) ??
    (await createSession(app.db, createSessionBody.parse({ ...DEMO_SESSION, trackIds }))).session;
  // The fleet enrols its robots and controllers with this key, as an installer would with one from the console.
  const { key: enrollmentKey } = await createEnrollmentKey(
    app,
    { sessionId: session.id, uses: devices, expiresInMinutes: 10 },
    'demo',
  );
  return { trackIds, maps, enrollmentKey };
}
