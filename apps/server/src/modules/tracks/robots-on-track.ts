import type { TrackRobot } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findRobot, toRobot } from '../robots/repository.ts';
import { findTrackMap } from './repository.ts';

/**
 * The robots on a track: the ones its controller reports (status `robots`), in that order, with
 * what the robots module knows of each. A robot the console has not heard from yet is listed
 * with nulls rather than left out: the controller says it is there.
 */
export async function robotsOnTrack(db: Database, trackId: number): Promise<TrackRobot[]> {
  const track = await findTrackMap(db, trackId);
  if (!track) throw notFound('Track');
  const sns = track.robots ?? [];
  const rows = await Promise.all(sns.map((sn) => findRobot(db, sn)));
  return sns.map((sn, i) => {
    const row = rows[i];
    if (!row) return { sn, name: null, state: null, connection: null, battery: null, point: null, alarms: [] };
    const robot = toRobot(row);
    return {
      sn,
      name: robot.name,
      state: robot.state,
      connection: robot.connection,
      battery: robot.battery,
      point: robot.point ?? null,
      alarms: robot.alarms,
    };
  });
}
