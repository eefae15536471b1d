import type { AuditResult } from '@railserve/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stripNulText } from '../../lib/nul.ts';
import { describe, entityName } from './classify.ts';
import { commandOf, deviceOutcome } from './command-outcome.ts';
import type { AuditContext } from './context.ts';
import { auditValue } from './mask.ts';
import type { NewAuditRecord } from './repository.ts';

type Envelope = { success?: boolean; data?: unknown; message?: string; code?: string; details?: unknown };

/** Keys by which an answer tells how many rows a bulk write touched. */
const COUNT_KEYS = ['removed', 'deleted', 'updated', 'created', 'imported', 'affected', 'count'] as const;
const WRITES_WITH_NEW_VALUES = new Set(['POST', 'PUT', 'PATCH']);
const NOT_ENTITY_WRITES = new Set(['login', 'logout', 'export']);

/** Turns what the hook gathered about a finished request into one audit row. */
export function buildAuditRecord(request: FastifyRequest, reply: FastifyReply, context: AuditContext): NewAuditRecord {
  const answer = parseEnvelope(context.payload);
  const failed = reply.statusCode >= 400 || context.errorMessage !== undefined || answer?.success === false;
  const data = failed ? undefined : answer?.data;
  const body = isPlainData(request.body) ? (request.body as Record<string, unknown>) : undefined;
  const username =
    context.type === 'login' && typeof body?.username === 'string' ? body.username : (request.user?.username ?? null);
  const entityWrite = !NOT_ENTITY_WRITES.has(context.type);
  const written = context.newValues ?? data;
  const newValues = !failed && entityWrite && WRITES_WITH_NEW_VALUES.has(request.method) ? written : undefined;
  const isCommand = context.type === 'system' && request.method === 'POST';
  const name = context.type === 'login' || isCommand ? undefined : entityName(written, context.oldValues, body);
  const command = isCommand && typeof body?.command === 'string' ? body.command.slice(0, 64) : undefined;
  const [oldChanged, newChanged] = changedFields(context.oldValues, newValues);
  // A command the device refused or never answered failed, though the request itself went well.
  const sentCommand = failed ? undefined : commandOf(data);
  const outcome = sentCommand && deviceOutcome(sentCommand);

  return {
    time: new Date(Date.now() - reply.elapsedTime),
    type: context.type,
    username: username?.slice(0, 64) ?? null,
    target: context.target.slice(0, 255),
    description: describe(context.type, request.method, context.target, name, command),
    ip: request.ip?.slice(0, 64) ?? null,
    userAgent: stripNulText(request.headers['user-agent'])?.slice(0, 512) ?? null,
    result: outcome?.result ?? resultOf(failed, reply.statusCode, data),
    requestData: auditValue(requestData(request)),
    responseData: auditValue(failed && answer ? { code: answer.code, message: answer.message, details: answer.details } : data),
    errorMessage: failed
      ? (context.errorMessage ?? answer?.message ?? `HTTP ${reply.statusCode}`)
      : (outcome?.errorMessage ?? null),
    durationMs: Math.round(reply.elapsedTime),
    affectedRows: failed || outcome ? 0 : affectedRows(context, data, entityWrite),
    oldValues: auditValue(oldChanged),
    newValues: auditValue(newChanged),
  };
}

/** Bookkeeping fields that change with every write and say nothing about what the user changed. */
const BOOKKEEPING = new Set(['updatedAt', 'lastUpdate']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * An update keeps only the fields that changed, on both sides, so the record reads like the
 * change it was (a rename: the name; a setting: volume 60 → 40). A create or delete keeps its
 * one side whole; values that are not objects are kept as they are.
 */
export function changedFields(oldValues: unknown, newValues: unknown): [unknown, unknown] {
  if (!isRecord(oldValues) || !isRecord(newValues)) return [oldValues, newValues];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(oldValues), ...Object.keys(newValues)])) {
    if (BOOKKEEPING.has(key) || JSON.stringify(oldValues[key]) === JSON.stringify(newValues[key])) continue;
    if (key in oldValues) before[key] = oldValues[key];
    if (key in newValues) after[key] = newValues[key];
  }
  return [before, after];
}

function parseEnvelope(payload: string | undefined): Envelope | undefined {
  if (!payload) return undefined;
  try {
    const parsed = JSON.parse(payload);
    return parsed && typeof parsed === 'object' ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

const isPlainData = (value: unknown) => value !== null && typeof value === 'object' && !Buffer.isBuffer(value);

function requestData(request: FastifyRequest) {
  const out: Record<string, unknown> = {};
  const { params, query, body } = request as { params?: object; query?: object; body?: unknown };
  if (params && Object.keys(params).length) out.params = params;
  if (query && Object.keys(query).length) out.query = query;
  if (isPlainData(body)) out.body = body;
  return Object.keys(out).length ? out : null;
}

/** Partial: HTTP 207, or an answer that reports both done and failed items. */
function resultOf(failed: boolean, status: number, data: unknown): AuditResult {
  if (failed) return 'failed';
  if (status === 207) return 'partial';
  const failures = data && typeof data === 'object' ? (data as Record<string, unknown>).failed : undefined;
  if ((Array.isArray(failures) && failures.length > 0) || (typeof failures === 'number' && failures > 0)) return 'partial';
  return 'success';
}

function affectedRows(context: AuditContext, data: unknown, entityWrite: boolean) {
  if (context.affectedRows !== undefined) return context.affectedRows;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const key of COUNT_KEYS) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
    }
  }
  if (Array.isArray(data) && entityWrite) return data.length;
  return entityWrite ? 1 : 0;
}
