import { API_PREFIX, topics, type UpdateCommandArgs } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { fileSignature } from '../files/service.ts';
import * as repo from './repository.ts';

/**
 * The published arguments of an `update` command for a robot: the API body names only the
 * record; the device gets where to download the file (a path on this server, never an absolute
 * URL), its SHA-256, size, the record's verification code and the file's Ed25519 signature,
 * which the device checks with the key of `GET /api/version` before installing. The record must
 * be for this robot and waiting for download.
 */
export async function updateCommandArgs(app: FastifyInstance, recordId: number, sn: string): Promise<UpdateCommandArgs> {
  const found = await repo.findRecord(app.db, recordId);
  if (!found) throw notFound(`Update record ${recordId}`);
  const { record, file } = found;
  if (record.deviceType !== 'robot' || record.deviceSerial !== sn) {
    throw badRequest('bad_request', `Update record ${recordId} is for ${record.deviceSerial}, not robot ${sn}`);
  }
  if (record.status !== 'waiting_download') {
    throw conflict('update_record_not_waiting', `Update record ${recordId} is ${record.status}, not waiting for download`);
  }
  return {
    recordId,
    version: record.version,
    url: `${API_PREFIX}/updates/${recordId}/download`,
    sha256: file.sha256,
    size: file.size,
    code: record.verificationCode,
    signature: await fileSignature(app, file),
  };
}

/** Sends a robot its `update` command; the tracked command keeps the record and version, never the code. */
export async function sendRobotUpdate(app: FastifyInstance, sn: string, recordId: number, username: string, wait = false) {
  const args = await updateCommandArgs(app, recordId, sn);
  return app.commands.send(
    {
      target: sn,
      command: 'update',
      args: { recordId, version: args.version },
      username,
      topic: topics.robotCommand(sn),
      payload: { command: 'update', args },
    },
    { wait },
  );
}

/** A track's `update {recordId, sn?}`: the record's robot must be on the track; the controller passes the arguments on. */
export async function trackUpdateArgs(app: FastifyInstance, trackRobots: string[], body: { recordId: number; sn?: string }) {
  const found = await repo.findRecord(app.db, body.recordId);
  if (!found) throw notFound(`Update record ${body.recordId}`);
  const sn = body.sn ?? found.record.deviceSerial;
  if (!trackRobots.includes(sn)) throw badRequest('robot_not_on_track', `Robot ${sn} is not on this track`);
  return { ...(await updateCommandArgs(app, body.recordId, sn)), sn };
}
