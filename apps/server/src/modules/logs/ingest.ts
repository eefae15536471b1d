import {
  LOG_LEVELS,
  LOG_MESSAGE_MAX,
  LOG_SOURCES,
  type LogLevel,
  type LogSource,
  logPayload,
  parseJson,
  parseTopic,
  type SystemMessage,
  systemMessage,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * Broker ingest: `hcpro4/logs/{source}` from devices, and the consoles' own system messages
 * (`hcpro4/system/{type}`, source `frontend`). A retained copy is a replay of an old event, not
 * a new one, so it is skipped; an invalid payload is logged and dropped.
 */
export function ingestLogsFromBroker(app: FastifyInstance) {
  app.mqtt.handle('hcpro4/logs/+', (topic, payload, retained) => {
    if (retained) return;
    const source = parseTopic(topic);
    if (source?.kind !== 'log' || !(LOG_SOURCES as readonly string[]).includes(source.source)) {
      app.log.warn({ topic }, 'log record on an unknown source topic dropped');
      return;
    }
    const parsed = logPayload.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic, issues: parsed.error.issues.slice(0, 5) }, 'invalid log record dropped');
      return;
    }
    app.eventLog.write({ source: source.source as LogSource, ...parsed.data });
  });

  app.mqtt.handle('hcpro4/system/+', (topic, payload, retained) => {
    if (retained) return;
    const parsed = systemMessage.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic, issues: parsed.error.issues.slice(0, 5) }, 'invalid system message dropped');
      return;
    }
    // The server's own messages (status and the like) are not events to log.
    if (parsed.data.source !== 'frontend') return;
    const { level, message } = describeSystemData(parsed.data.data);
    app.eventLog.write({ source: 'system', level, type: parsed.data.type, message, ts: parsed.data.timestamp });
  });
}

/** A console's `data` may be a text, `{level?, message?}`, or anything else (kept as JSON). */
export function describeSystemData(data: SystemMessage['data']): { level: LogLevel; message: string } {
  const record = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const level = (LOG_LEVELS as readonly unknown[]).includes(record?.level) ? (record!.level as LogLevel) : 'info';
  let message: string;
  if (typeof data === 'string') message = data;
  else if (typeof record?.message === 'string') message = record.message;
  else message = data === undefined ? '' : (JSON.stringify(data) ?? '');
  return { level, message: message.slice(0, LOG_MESSAGE_MAX) };
}
