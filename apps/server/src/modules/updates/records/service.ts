import type { CreateUpdateRecordBody, ListUpdateRecordsQuery, UpdateRecord, UpdateUpdateRecordBody } from '@railserve/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { fileKey } from '../files/repository.ts';
import { requireFile } from '../files/service.ts';
import type { CodeGuard } from './code-guard.ts';
import { deviceMayDownload, deviceName, noteDeviceDownload } from './device-download.ts';
import * as repo from './repository.ts';
import { codeMatches, generateVerificationCode } from './verification-code.ts';

export const listUpdateRecords = (app: FastifyInstance, query: ListUpdateRecordsQuery) => repo.listRecords(app.db, query);

export async function getUpdateRecord(app: FastifyInstance, id: number): Promise<UpdateRecord> {
  const found = await requireRecord(app, id);
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
  const row = await repo.updateRecord(app.db, id, { ...body, version, failureReason, ...clearedProof(current.record, body) });
  if (!row) throw notFound(`Update record ${id}`);
  return repo.toUpdateRecord(row, file);
}

/**
 * What an edit takes away from the device's proof: another device, file or status is no longer
 * verified by the device; another device or file, or waiting again, needs a new download.
 * An operator may set any status, but only a device's own reports make a record verified.
 */
function clearedProof(current: { deviceSerial: string; fileId: number; status: string }, body: UpdateUpdateRecordBody) {
  const moved =
    (body.deviceSerial ?? current.deviceSerial) !== current.deviceSerial || (body.fileId ?? current.fileId) !== current.fileId;
  const statusChanged = body.status !== undefined && body.status !== current.status;
  return {
    ...(moved || statusChanged ? { verifiedAt: null } : {}),
    ...(moved || body.status === 'waiting_download' ? { downloadedBy: null, downloadedAt: null } : {}),
  };
}

export async function removeUpdateRecord(app: FastifyInstance, id: number) {
  if ((await repo.deleteRecord(app.db, id)) === 0) throw notFound(`Update record ${id}`);
}

/**
 * `GET /updates/{id}/download?code=…`: the record's file, only with its verification code
 * (400 without one, 403 with a wrong one, 429 while too many wrong ones wait; nothing is
 * streamed before the code matches). A device may fetch only a record meant for it, checked
 * before the code so that it cannot guess other devices' codes; a user's refusal (429) comes
 * before anything is read.
 */
export async function downloadUpdate(
  app: FastifyInstance,
  guard: CodeGuard,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  code: string | undefined,
) {
  if (!code?.trim()) throw badRequest('no_verification_code', 'No verification code');
  const { device } = request;
  let found = device ? await requireRecord(app, id) : undefined;
  if (device && found && !(await deviceMayDownload(app, device, found.record.deviceSerial))) {
    throw forbidden('This update is for another device');
  }
  const ownDevice = Boolean(device && found && deviceName(device) === found.record.deviceSerial);
  guard.check(request, id, ownDevice);
  found ??= await requireRecord(app, id);
  if (!codeMatches(code, found.record.verificationCode)) {
    guard.failed(request, id, ownDevice);
    throw forbidden('Wrong verification code', 'wrong_verification_code');
  }
  guard.succeeded(request, id, ownDevice);
  await noteDeviceDownload(app, device, id, found.record.deviceSerial);
  return app.files.send(request, reply, fileKey(found.file.id), {
    contentType: 'application/octet-stream',
    downloadName: found.file.filename,
  });
}

async function requireRecord(app: FastifyInstance, id: number) {
  const found = await repo.findRecord(app.db, id);
  if (!found) throw notFound(`Update record ${id}`);
  return found;
}
