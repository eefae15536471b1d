import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import { tracks } from '../../db/schema/tracks.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * The one rule of which device reads which track's data over HTTP (its audio, its table layout):
 * a controller its own track, a robot the track it is on. A user (no device) is not concerned.
 */
export async function checkDeviceAccess(app: FastifyInstance, request: FastifyRequest, trackId: number) {
  const device = request.device;
  if (!device) return;
  if (device.kind === 'track' ? device.trackId === trackId : await robotBelongsToTrack(app.db, device.sn, trackId)) return;
  throw forbidden('This device does not belong to the track');
}

/** A robot belongs to a track when it reports being on the track or the track's controller lists it. */
export async function robotBelongsToTrack(db: Database, sn: string, trackId: number) {
  const [onTrack] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), sql`${tracks.robots} @> ${JSON.stringify([sn])}::jsonb`));
  if (onTrack) return true;
  const [robot] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.sn, sn), eq(robots.trackId, trackId)));
  return Boolean(robot);
}
