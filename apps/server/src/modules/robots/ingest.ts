import {
  alertPayload,
  checkRobotStatus,
  formatLogEvent,
  parseJson,
  parseTopic,
  robotStatusPayload,
  topicFilters,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { clearRetained } from '../../lib/clear-retained.ts';
import { containsNul, stripNul } from '../../lib/nul.ts';
import { deliveryKeyOf } from '../logs/delivery-key.ts';
import type { RobotEvents } from './events.ts';
import type { RobotFleet } from './fleet.ts';

const NUL_ESCAPE = Buffer.from('\\u0000');

/** A robot that keeps sending bad payloads gets one event-log line per this period, not one per message. */
const DROP_LOG_EVERY_MS = 60_000;

/**
 * Broker ingest of the robots module: statuses, alerts and configuration reports. Each payload is
 * validated with the protocol schemas; one that is not JSON, fails its schema or names another
 * robot than its topic is logged and dropped. An empty payload is a cleared retained message.
 */
export function startRobotIngest(app: FastifyInstance, fleet: RobotFleet, events: RobotEvents) {
  const lastDropLogged = new Map<string, number>();

  const drop = (sn: string, topic: string, reason: string) => {
    fleet.stats.dropped++;
    app.log.warn({ topic, reason }, 'dropped a robot payload');
    const now = Date.now();
    if ((lastDropLogged.get(sn) ?? 0) + DROP_LOG_EVERY_MS > now) return;
    lastDropLogged.set(sn, now);
    events.write({
      level: 'warning',
      type: 'payload_dropped',
      message: formatLogEvent('payload_dropped', { topic, reason }),
      robotSn: sn,
    });
  };

  /**
   * The payload, or undefined (after logging) when it is unusable. `fast` (checkRobotStatus)
   * answers the common case without the schema; what it leaves, the schema judges and explains.
   */
  const read = <T extends { sn: string }>(
    sn: string,
    topic: string,
    payload: Buffer,
    schema: z.ZodType<T>,
    fast?: (json: unknown) => T | undefined,
  ) => {
    let json = parseJson(payload);
    if (json === null) return void drop(sn, topic, 'not JSON');
    // JSON text writes a NUL only as the escape \u0000: without one, no value holds one.
    if (payload.includes(NUL_ESCAPE) && containsNul(json)) {
      // PostgreSQL stores no U+0000: stripped, so the rest of the state is not lost with it.
      app.log.warn({ topic }, 'NUL characters stripped from a robot payload');
      json = stripNul(json);
    }
    let data = fast?.(json);
    if (!data) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return void drop(sn, topic, `invalid ${issue.path.join('.') || 'payload'}: ${issue.message}`);
      }
      data = parsed.data;
    }
    if (data.sn !== sn) return void drop(sn, topic, `names robot ${data.sn}`);
    return data;
  };

  // A retained message may be old: it counts as heard when it was sent, so a stale "online" goes offline at the next sweep.
  const heardAt = (ts: string, retained: boolean) => {
    const now = new Date();
    const sent = new Date(ts);
    return retained && sent < now ? sent : now;
  };

  // Each status is the robot's whole state and the next comes within seconds (a silent robot goes
  // offline at the sweep): taken at QoS 0, the thousands a second cost no acknowledgements.
  app.mqtt.handle(
    topicFilters.robotStatus,
    (topic, payload, retained) => {
      const target = parseTopic(topic);
      if (target?.kind !== 'robotStatus' || payload.length === 0) return;
      const status = read(target.sn, topic, payload, robotStatusPayload, checkRobotStatus);
      if (!status) return clearRetained(app, topic);
      fleet.status(status, heardAt(status.ts, retained));
      app.analytics.status(status);
    },
    { qos: 0 },
  );

  // An alert is acknowledged to the broker once its log record is committed (docs/deploy.md, "Delivery guarantee").
  app.mqtt.handle(topicFilters.alert, (topic, payload, retained) => {
    const target = parseTopic(topic);
    if (target?.kind !== 'alert' || payload.length === 0) return;
    const alert = read(target.sn, topic, payload, alertPayload);
    if (!alert) return;
    fleet.alert(alert, heardAt(alert.ts, retained), deliveryKeyOf(topic, payload, alert.ts));
    return app.eventLog.committed();
  });

  return { drop };
}
