import {
  LOG_EVENT_MESSAGES,
  LOG_LEVELS,
  LOG_MESSAGE_MAX,
  LOG_SOURCES,
  type LogLevel,
  type LogSource,
  logPayload,
  parseJson,
  parseLogEvent,
  parseTopic,
  type SystemMessage,
  systemMessage,
  topicFilters,
  topics,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { parseSender } from '../../broker/sender.ts';
import { clearRetained } from '../../lib/clear-retained.ts';
import { deliveryKeyOf } from './delivery-key.ts';
import { precompiled } from './payload-check.ts';

/** A console may send this many system messages per minute; the rest are dropped (and counted). */
export const SYSTEM_MESSAGES_PER_MINUTE = 30;

/** Thousands of device records a second pass through here: zod runs only for one that fails. */
const checkLogPayload = precompiled(logPayload);

/**
 * Broker ingest: `hcpro4/logs/{source}` from devices, and the consoles' own system messages
 * (`hcpro4/system/{type}`, source `frontend`). A retained copy is a replay of an old event, not
 * a new one, so it is skipped; an invalid payload is logged and dropped. A record's time is when
 * the server received it (ordering and retention never trust a device's clock); the device's
 * `ts` is kept beside it. The embedded broker stamps each payload with its sender
 * (broker/sender.ts): a robot's record naming another robot, or a controller's naming
 * another track, is dropped, and a system message records the user who sent it. A robot's line
 * repeating an alarm it reported as an alert is not stored twice (`repeatsAlert`).
 */
export function ingestLogsFromBroker(app: FastifyInstance) {
  // Only the embedded broker writes `sender`; through an external one a client could forge it.
  const trusted = (payload: { sender?: string }) => (app.brokerPorts ? parseSender(payload.sender) : undefined);
  const limiter = perSenderLimiter(SYSTEM_MESSAGES_PER_MINUTE, 60_000);

  app.mqtt.handle(topicFilters.log, (topic, payload, retained) => {
    if (retained) return;
    const source = parseTopic(topic);
    if (source?.kind !== 'log' || !(LOG_SOURCES as readonly string[]).includes(source.source)) {
      app.log.warn({ topic }, 'log record on an unknown source topic dropped');
      return;
    }
    const parsed = checkLogPayload(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic, issues: parsed.error.issues.slice(0, 5) }, 'invalid log record dropped');
      return;
    }
    const { ts, sender: _claimed, ...record } = parsed.data;
    if (source.source === 'robot' && repeatsAlert(record.message)) return;
    const sender = trusted(parsed.data);
    if (sender?.kind === 'robot') {
      if (record.robotSn !== undefined && record.robotSn !== sender.sn) {
        app.log.warn({ topic, sender: sender.sn, robotSn: record.robotSn }, 'log record naming another robot dropped');
        return;
      }
      record.robotSn = sender.sn;
    }
    if (sender?.kind === 'track') {
      if (record.trackId !== undefined && record.trackId !== sender.trackId) {
        app.log.warn({ topic, sender: sender.trackId, trackId: record.trackId }, 'log record naming another track dropped');
        return;
      }
      record.trackId = sender.trackId;
    }
    app.eventLog.write({
      source: source.source as LogSource,
      ...record,
      deviceTs: ts,
      sender: parsed.data.sender,
      deliveryKey: deliveryKeyOf(topic, payload, ts),
    });
    // Acknowledged to the broker once stored: an instance that dies first has it sent again.
    return app.eventLog.committed();
  });

  // Mosquitto's console roles cannot refuse the retain flag (docs/security.md): whatever a console
  // sends there is cleared behind it, so no later subscriber is handed a console's message.
  const clearBehindConsoles = app.config.mqttDynamicSecurity;
  app.mqtt.handle(topicFilters.system, (topic, payload, retained) => {
    if (payload.length === 0) return;
    if (clearBehindConsoles && topic !== topics.systemStatus) clearRetained(app, topic);
    if (retained) return;
    const parsed = systemMessage.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic, issues: parsed.error.issues.slice(0, 5) }, 'invalid system message dropped');
      return;
    }
    // The server's own messages (status and the like) are not events to log.
    if (parsed.data.source !== 'frontend') return;
    const sender = trusted(parsed.data);
    const who = sender?.kind === 'user' ? sender.name : undefined;
    if (!limiter.allow(parsed.data.sender ?? 'unknown')) {
      app.log.warn({ topic, sender: who }, 'system message over the per-user rate limit dropped');
      return;
    }
    const { level, message } = describeSystemData(parsed.data.data);
    app.eventLog.write({
      source: 'system',
      level,
      type: parsed.data.type,
      message,
      deviceTs: parsed.data.timestamp,
      sender: who,
      deliveryKey: deliveryKeyOf(topic, payload, parsed.data.timestamp),
    });
    return app.eventLog.committed();
  });
}

/**
 * A robot's own log line for an alarm it also reported on `hcpro4/alerts/{sn}`: the robots module
 * logs the alert (`alarm_raised` / `alarm_cleared`, with the robot's time), so storing this too
 * would show every alarm twice. Only the device's alarm wording is dropped; any other text is kept.
 */
function repeatsAlert(message: string) {
  if (!DEVICE_ALARM_HEADS.some((head) => message.startsWith(head))) return false;
  const key = parseLogEvent(message)?.key;
  return key === 'device_alarm_raised' || key === 'device_alarm_cleared';
}

/** How the two wordings begin: any other line is told apart without reading it against every template. */
const DEVICE_ALARM_HEADS = [LOG_EVENT_MESSAGES.device_alarm_raised, LOG_EVENT_MESSAGES.device_alarm_cleared].map((template) =>
  template.slice(0, template.indexOf('{')),
);

/** At most `max` messages per sender in any `windowMs` (a sliding count of the last timestamps). */
function perSenderLimiter(max: number, windowMs: number) {
  const seen = new Map<string, number[]>();
  return {
    allow(sender: string, now = Date.now()) {
      const recent = (seen.get(sender) ?? []).filter((t) => t > now - windowMs);
      if (seen.size > 10_000) seen.clear();
      if (recent.length >= max) {
        seen.set(sender, recent);
        return false;
      }
      recent.push(now);
      seen.set(sender, recent);
      return true;
    },
  };
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
