import type { CreateUpdateRecordBody, ListUpdateRecordsQuery, UpdateRecord, UpdateUpdateRecordBody } from '@railserve/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceIdentity } from '../../lib/device-credentials.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { findTrackMap } from '../tracks/repository.ts';
import { requireFile } from './file-service.ts';
import * as repo from './repository.ts';
import { codeMatches, generateVerificationCode } from './verification-code.ts';

export const listUpdateRecords = (app: FastifyInstance, query: ListUpdateRecordsQuery) => repo.listRecords(app.db, query);

export async function getUpdateRecord(app: FastifyInstance, id: number): Promise<UpdateRecord> {
  const found = await repo.findRecord(app.db, id);
  if (!found) throw notFound(`Update record ${id}`);
  return repo.toUpdateRecord(found.record, found.file);
}

/** The record's version is the file's: a record cannot promise a version its file does not hold. */
function requireSameVersion(version: string, file: { version: string; filename: string }) {
  if (version !== file.version) {
    throw badRequest('update_version_mismatch', `Version ${version} does not match ${file.filename} (${file.version})`);
  }
}

export async function createUpdateRecord(app: FastifyInstance, body: CreateUpdateRecordBody): Promise<UpdateRecord> {
  const file = await requireFile(app, body.fileId);
  requireSameVersion(body.version, file);
  const row = await repo.insertRecord(app.db, {
    ...body,
    status: 'waiting_download',
    verificationCode: generateVerificationCode(),
  });
  return repo.toUpdateRecord(row, file);
}

export async function editUpdateRecord(app: FastifyInstance, id: number, body: UpdateUpdateRecordBody): Promise<UpdateRecord> {
  const current = await repo.findRecord(app.db, id);
  if (!current) throw notFound(`Update record ${id}`);
  const file = body.fileId ? await requireFile(app, body.fileId) : current.file;
  requireSameVersion(body.version ?? (body.fileId ? file.version : current.record.version), file);
  const version = body.version ?? file.version;
  // A failure reason belongs to the failed status only; setting another status clears it.
  const failureReason = body.status && body.status !== 'failed' ? null : current.record.failureReason;
  const row = await repo.updateRecord(app.db, id, { ...body, version, failureReason });
  if (!row) throw notFound(`Update record ${id}`);
  return repo.toUpdateRecord(row, file);
}

export async function removeUpdateRecord(app: FastifyInstance, id: number) {
  if ((await repo.deleteRecord(app.db, id)) === 0) throw notFound(`Update record ${id}`);
}

/** A device may download only what is meant for it: a robot its own records, a controller its track's robots'. */
async function deviceMayDownload(app: FastifyInstance, device: DeviceIdentity, serial: string) {
  if (device.kind === 'robot') return device.sn === serial;
  if (serial === `track-${device.trackId}`) return true;
  const track = await findTrackMap(app.db, device.trackId);
  return (track?.robots ?? []).includes(serial);
}

/**
 * `GET /updates/{id}/download?code=…`: the record's file, only with its verification code
 * (400 without one, 403 with a wrong one; nothing is streamed before the code matches).
 */
export async function downloadUpdate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  code: string | undefined,
) {
  if (!code?.trim()) throw badRequest('no_verification_code', 'No verification code');
  const found = await repo.findRecord(app.db, id);
  if (!found) throw notFound(`Update record ${id}`);
  if (!codeMatches(code, found.record.verificationCode)) {
    throw new AppError(403, 'wrong_verification_code', 'Wrong verification code');
  }
  if (request.device && !(await deviceMayDownload(app, request.device, found.record.deviceSerial))) {
    throw new AppError(403, 'forbidden', 'This update is for another device');
  }
  return app.files.send(request, reply, repo.fileKey(found.file.id), {
    contentType: 'application/octet-stream',
    downloadName: found.file.filename,
  });
}
