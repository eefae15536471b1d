import { COMMAND_STATUSES, type CommandRecord, type CommandStatus } from '@railserve/protocol';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditRecords } from '../../db/schema/audit.ts';
import { findCommand } from '../commands/repository.ts';
import { auditValue } from './mask.ts';
import type { NewAuditRecord } from './repository.ts';

/** The audit types of requests that send a device a command (commands and configuration writes). */
const COMMAND_TYPES = ['system', 'system_config'];
/** An audited request starts before its command is sent: how far apart the two times may be (with clock skew). */
const REQUEST_LEAD_MS = 5 * 60_000;

type CommandAnswer = { id: string; status: CommandStatus; error?: string | null };

/** The answer of a request that sent a command: the command's tracking record, else undefined. */
export function commandOf(data: unknown): CommandAnswer | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const { id, status, command, sentAt } = data as Record<string, unknown>;
  const tracked = typeof id === 'string' && typeof command === 'string' && typeof sentAt === 'string';
  if (!tracked || !(COMMAND_STATUSES as readonly unknown[]).includes(status)) return undefined;
  return data as CommandAnswer;
}

/**
 * The outcome the device gave: a command it refused (failed, with its error) or never answered
 * (timed out, with the server's "no answer" reason) fails the request's audit record, whatever
 * HTTP status the request got. Undefined while the command waits for its answer or succeeded.
 */
export function deviceOutcome(command: CommandAnswer): { result: 'failed'; errorMessage: string } | undefined {
  if (command.status !== 'failed' && command.status !== 'timed_out') return undefined;
  return { result: 'failed', errorMessage: command.error ?? command.status };
}

/**
 * Completes the audit record of the request that sent `command`, once the command is answered:
 * the record was written when the request answered (the command still `sent`), and now says
 * what the device did. Found by the command's id in the recorded answer, among the command
 * records written from shortly before the command was sent (the (type, time) index).
 */
export async function settleCommandAudit(app: FastifyInstance, command: CommandRecord) {
  if (command.status === 'sent') return;
  const sentAt = Date.parse(command.sentAt);
  const outcome = deviceOutcome(command);
  await app.db
    .update(auditRecords)
    .set({
      responseData: auditValue(command),
      ...(outcome ? { result: outcome.result, errorMessage: outcome.errorMessage, affectedRows: 0 } : {}),
    })
    .where(
      and(
        inArray(auditRecords.type, COMMAND_TYPES),
        gte(auditRecords.time, new Date(sentAt - REQUEST_LEAD_MS)),
        lte(auditRecords.time, new Date(sentAt + REQUEST_LEAD_MS)),
        sql`${auditRecords.responseData}->>'id' = ${command.id}`,
        sql`${auditRecords.responseData}->>'status' = 'sent'`,
      ),
    );
}

/**
 * After a record of a command still waiting was stored: when the answer came meanwhile (before
 * the record existed, so the answer found nothing to complete), completes it now. Either this
 * read sees the answer or the answer's update sees the stored record.
 */
export async function followCommandAudit(app: FastifyInstance, record: NewAuditRecord) {
  const command = commandOf(record.responseData);
  if (command?.status !== 'sent') return;
  const answered = await findCommand(app.db, command.id);
  if (answered && answered.status !== 'sent') await settleCommandAudit(app, answered);
}

/** Every answered command completes its request's audit record (a service in modules/index.ts). */
export function startCommandAudit(app: FastifyInstance) {
  app.commands.onAnswered((command) => {
    settleCommandAudit(app, command).catch((error) =>
      app.log.error({ err: error, command: command.id }, 'audit: could not record a command outcome'),
    );
  });
}
