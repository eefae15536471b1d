import {
  type CommandRecord,
  checkSendTarget,
  commandTarget,
  type TrackCommandBody,
  type TrackMap,
  topics,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { requireBroker } from '../../lib/require-broker.ts';
import { connectionKey } from '../devices/device-names.ts';
import { trackUpdateArgs } from '../updates/records/update-command.ts';
import { markMapPublished } from './map-repository.ts';
import { findTrackMap } from './repository.ts';

const mapNotSaved = () => badRequest('map_not_saved', 'The track has no saved map; upload one first');

/**
 * A command for a track whose controller holds no connection to the embedded broker would only
 * wait for the timeout: it is refused at once. With an external broker the server cannot tell,
 * and the command goes out as before.
 */
function requireControllerConnected(app: FastifyInstance, trackId: number) {
  const connected = app.deviceCredentials.connected;
  if (connected && !connected(connectionKey({ kind: 'controller', trackId })))
    throw conflict('track_controller_offline', 'The track controller is not connected; commands reach it once it connects');
}

/**
 * Checks a track command against the track as stored, then sends and tracks it (DESIGN
 * section 4): `send_target` must name a serving point and a table point of the saved map;
 * a command for one robot must name a robot the controller reports on the track;
 * `reload_map` first publishes the saved map retained on HCP4/track/{id}/map. A track whose
 * controller is not connected is answered at once (409 `track_controller_offline`).
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
  requireControllerConnected(app, trackId);
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
