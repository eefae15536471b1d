import type { TrackRobot } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { LiveRobot } from '../robots/live-state.ts';
import { findRobot, toRobot, withLive } from '../robots/repository.ts';
import { findTrackMap } from './repository.ts';

/**
 * The robots on a track: the ones its controller reports (status `robots`), in that order, with
 * what the robots module knows of each. A robot the console has not heard from yet is listed
 * with nulls rather than left out: the controller says it is there. Each is shown as the robot
 * dialog shows it: its row with what this instance heard since (`live`, the robots module's fleet).
 */
export async function robotsOnTrack(
  db: Database,
  trackId: number,
  live: (sn: string) => LiveRobot | undefined,
): Promise<TrackRobot[]> {
  const track = await findTrackMap(db, trackId);
  if (!track) throw notFound('Track');
  const sns = track.robots ?? [];
  const rows = await Promise.all(sns.map((sn) => findRobot(db, sn)));
  return sns.map((sn, i) => {
    const row = rows[i];
    if (!row) return { sn, name: null, state: null, connection: null, battery: null, point: null, alarms: [] };
    const robot = toRobot(withLive(row, live(sn)));
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
