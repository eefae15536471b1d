import { API_PREFIX } from '@railserve/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { classifyRequest } from '../modules/audit/classify.ts';
import { followCommandAudit } from '../modules/audit/command-outcome.ts';
import type { AuditContext } from '../modules/audit/context.ts';
import { loaderFor } from '../modules/audit/loaders.ts';
import { buildAuditRecord } from '../modules/audit/record.ts';
import type { NewAuditRecord } from '../modules/audit/repository.ts';
import { type AuditWriter, createAuditWriter } from '../modules/audit/writer.ts';

export type { AuditContext };

export type AuditService = {
  /** Off only for the benchmark's "without the hook" runs; production never turns it off. */
  enabled: boolean;
  /** Writes a record that no request caused (e.g. the daily cleanup). */
  record(record: NewAuditRecord): void;
  /** Waits until every queued record is in the database. */
  flush(): Promise<void>;
  writer: AuditWriter;
};

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
  interface FastifyRequest {
    /** Present on requests the audit hook records; routes may set `affectedRows` on it. */
    auditContext: AuditContext | null;
  }
}

const OLD_VALUE_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);
const prefix = `${API_PREFIX}/`;

/**
 * The audit trail (DESIGN section 3): one hook over the whole /api subtree records every
 * state-changing call, every login and logout and every export, derived from the method and
 * the route; a route may refine it with `config.audit` ({ type, target, skip }). Old values come
 * from the loader registry (modules/audit/loaders.ts) before the handler runs; new values from
 * the answer. The record is in the database before the answer leaves (onSend waits for it; the
 * writer groups concurrent records into one insert), so a crash never leaves an acknowledged
 * write without its record; a streamed answer (an export) is recorded when it has been sent.
 * Writing a record never fails a request.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  const writer = createAuditWriter(app.db, app.log, { guard: app.faultGuard });
  app.decorate('audit', {
    enabled: true,
    record: (record: NewAuditRecord) => writer.enqueue(record),
    flush: () => writer.flush(),
    writer,
  } satisfies AuditService);
  app.decorateRequest('auditContext', null);

  const contextOf = (request: FastifyRequest): AuditContext | null => {
    if (request.auditContext) return request.auditContext.skip ? null : request.auditContext;
    const route = request.routeOptions.url;
    if (!app.audit.enabled || !route?.startsWith(prefix)) return null;
    const override = request.routeOptions.config.audit;
    if (override?.skip) return null;
    const path = safeDecode(request.url.split('?')[0].slice(prefix.length));
    const derived = classifyRequest(request.method, path, route.slice(prefix.length));
    if (!derived && !override?.type) return null;
    request.auditContext = {
      type: override?.type ?? derived!.type,
      target: override?.target ?? derived?.target ?? path,
    };
    return request.auditContext;
  };

  app.addHook('preHandler', async (request) => {
    if (!OLD_VALUE_METHODS.has(request.method)) return;
    const context = contextOf(request);
    const found = context && loaderFor(request.routeOptions.url!.slice(prefix.length));
    if (!context || !found) return;
    const id = (request.params as Record<string, string> | undefined)?.[found.idParam];
    if (id === undefined) return;
    try {
      context.oldValues = await found.loader(app, String(id), request);
    } catch (error) {
      request.log.warn({ err: error }, 'audit: could not read the old values');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const context = contextOf(request);
    if (!context) return payload;
    if (typeof payload === 'string' && isJson(reply)) context.payload = payload;
    if (isStream(payload)) return payload;
    try {
      context.recorded = true;
      const record = buildAuditRecord(request, reply, context);
      await writer.write(record);
      await followCommandAudit(app, record);
    } catch (error) {
      request.log.error({ err: error }, 'audit: could not build the record');
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    try {
      const context = contextOf(request);
      if (context && !context.recorded) writer.enqueue(buildAuditRecord(request, reply, context));
    } catch (error) {
      request.log.error({ err: error }, 'audit: could not build the record');
    }
  });

  app.addHook('onClose', () => writer.close());
});

const isStream = (payload: unknown) =>
  payload !== null && typeof payload === 'object' && typeof (payload as { pipe?: unknown }).pipe === 'function';

function isJson(reply: FastifyReply) {
  return String(reply.getHeader('content-type') ?? '').includes('json');
}

function safeDecode(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
