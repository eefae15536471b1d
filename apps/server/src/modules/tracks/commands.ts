import {
  type CommandRecord,
  checkSendTarget,
  commandTarget,
  type TrackCommandBody,
  type TrackMap,
  topics,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireBroker } from '../../lib/require-broker.ts';
import { trackUpdateArgs } from '../updates/records/update-command.ts';
import { markMapPublished } from './map-repository.ts';
import { findTrackMap } from './repository.ts';

const mapNotSaved = () => badRequest('map_not_saved', 'The track has no saved map; upload one first');

/**
 * Checks a track command against the track as stored, then sends and tracks it (DESIGN
 * section 4): `send_target` must name a serving point and a table point of the saved map;
 * a command for one robot must name a robot the controller reports on the track;
 * `reload_map` first publishes the saved map retained on HCP4/track/{id}/map.
 */
export async function sendTrackCommand(
  app: FastifyInstance,
  trackId: number,
  body: TrackCommandBody,
  username: string,
  wait: boolean,
): Promise<CommandRecord> {
  const track = await findTrackMap(app.db, trackId);
  if (!track) throw notFound('Track');
  const map = track.map as TrackMap | null;

  const sn = body.args && 'sn' in body.args ? body.args.sn : undefined;
  if (sn !== undefined && !(track.robots ?? []).includes(sn)) {
    throw badRequest('robot_not_on_track', `Robot ${sn} is not on this track`);
  }
  if (body.command === 'send_target') {
    if (!map) throw mapNotSaved();
    const problem = checkSendTarget(map, body.args);
    if (problem === 'not_a_serving_point') {
      throw badRequest(problem, `Point ${body.args.servingPoint} is not a serving point of the saved map`);
    }
    if (problem === 'not_a_table_point')
      throw badRequest(problem, `Point ${body.args.target} is not a table point of the saved map`);
  }
  requireBroker(app);
  if (body.command === 'reload_map') {
    if (!map) throw mapNotSaved();
    await markMapPublished(app.db, trackId, track.mapVersion);
    await app.mqtt.publish(topics.trackMap(trackId), map, { retain: true });
  }

  let args = body.args as Record<string, unknown> | undefined;
  let published = args;
  if (body.command === 'update') {
    // The controller gets the download details; the tracking record keeps no verification code.
    published = await trackUpdateArgs(app, track.robots ?? [], body.args);
    args = { recordId: body.args.recordId, sn: published.sn, version: published.version };
  }
  return app.commands.send(
    {
      target: commandTarget.track(trackId),
      command: body.command,
      args,
      username,
      topic: topics.trackCommand(trackId),
      payload: { command: body.command, ...(published ? { args: published } : {}) },
    },
    { wait },
  );
}
