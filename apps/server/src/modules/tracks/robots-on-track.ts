import type { TrackRobot } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { findKnownRobot } from '../robots/known.ts';
import { toRobot } from '../robots/repository.ts';
import { findTrackMap } from './repository.ts';

/**
 * The robots on a track: the ones its controller reports (status `robots`), in that order, with
 * what the robots module knows of each. A robot the console has not heard from yet is listed
 * with nulls rather than left out: the controller says it is there. Each is shown as the robot
 * dialog shows it (`findKnownRobot`).
 */
export async function robotsOnTrack(app: FastifyInstance, trackId: number): Promise<TrackRobot[]> {
  const track = await findTrackMap(app.db, trackId);
  if (!track) throw notFound('Track');
  const sns = track.robots ?? [];
  const rows = await Promise.all(sns.map((sn) => findKnownRobot(app, sn)));
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
