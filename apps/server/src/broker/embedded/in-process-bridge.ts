import { BROKER_LIMITS, RETAINED_TOPICS, topicMatches } from '@railserve/protocol';
import type { Aedes, AedesPublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { FaultGuard } from '../../lib/fault-guard.ts';
import { type BrokerIdentity, canPublish } from '../acl.ts';
import { type MessageHandler, type MqttBridge, subscriptionTally } from '../bridge.ts';
import type { RetainedIndex } from './retained-index.ts';

type Deliver = (packet: AedesPublishPacket, done: () => void) => void;

const SERVER: BrokerIdentity = { role: 'server' };

/**
 * The server's connection to the embedded broker, inside the broker's process: its handlers are
 * listeners on the broker's message emitter and its publishes enter the broker as a client's
 * would after the publish check, with no MQTT packet written or parsed on either side. The
 * broker's other clients see nothing of it: it is no client, holds no session and counts
 * against no identity.
 *
 * What the server sees is what an MQTT client of the broker would: a live message with its retain
 * flag cleared (MQTT 3.1.1 section 3.3.1.3), the retained messages a new subscription matches
 * (replayed to its handlers as `retained`), payloads as the broker's publish check left them (a
 * log record's or system message's `sender` stamped in, broker/sender.ts), no `$` topic on a
 * filter that starts with a wildcard. `qos` and `shared` do not apply: nothing is acknowledged in
 * one process, and one process is one instance.
 */
export function createInProcessBridge(options: {
  broker: Aedes;
  retained: RetainedIndex;
  log: FastifyBaseLogger;
  guard: FaultGuard;
}): MqttBridge {
  const { broker, retained, log, guard } = options;
  const handlers = new Map<string, MessageHandler[]>();
  const listeners = new Map<string, Deliver>();
  let open = true;
  const subscriptions = subscriptionTally('the broker did not take the subscriptions');

  /** Hands a message to the handlers of one filter; one handler's fault drops it for that handler alone. */
  const route = (filter: string, topic: string, payload: Buffer, retain: boolean) => {
    // Devices' payloads have a cap (the broker closes a device's connection sooner): a bigger one,
    // the server's own or a console's, is dropped, and cleared when the broker would keep it.
    if (payload.length > BROKER_LIMITS.devicePacketBytes) {
      log.warn({ topic, bytes: payload.length }, 'dropped an oversized broker message');
      if (RETAINED_TOPICS.some((retainedFilter) => topicMatches(retainedFilter, topic)))
        publish(topic, '', { qos: 1, retain: true }).catch(() => {});
      return;
    }
    for (const handler of handlers.get(filter) ?? [])
      guard.run({ where: `handling ${filter}`, topic }, () => handler(topic, payload, retain));
  };
  const safeRoute = (filter: string, topic: string, payload: Buffer, retain: boolean) => {
    try {
      route(filter, topic, payload, retain);
    } catch (error) {
      guard.report({ where: 'broker message', topic }, error);
    }
  };

  const subscribe = (filter: string) => {
    // [MQTT-4.7.2-1]: a filter starting with a wildcard does not match the broker's `$` topics.
    const skipsDollar = filter.startsWith('+') || filter.startsWith('#');
    // The broker waits for nothing here: a handler's promise is its own (no acknowledgement to hold).
    const deliver: Deliver = (packet, done) => {
      if (open && !(skipsDollar && packet.topic.startsWith('$')))
        safeRoute(filter, packet.topic, asBuffer(packet.payload), false);
      done();
    };
    listeners.set(filter, deliver);
    subscriptions.asked();
    broker.subscribe(filter, deliver, () => {
      // As the broker does for a client's new subscription: the retained messages it matches follow it.
      if (open) for (const packet of [...retained.match(filter)]) safeRoute(filter, packet.topic, asBuffer(packet.payload), true);
      subscriptions.answered();
    });
  };

  const publish: MqttBridge['publish'] = (topic, payload, publishOptions = {}) => {
    const retain = publishOptions.retain ?? false;
    const body = asBuffer(typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
    // What the broker refuses from any client (wildcards, `$` topics) and from the server's (its packet cap).
    const refusal = !open
      ? 'the embedded broker connection is closed'
      : !topic || !canPublish(SERVER, topic, retain)
        ? `not allowed to publish on ${topic}`
        : body.length > BROKER_LIMITS.serverPacketBytes
          ? `a message of ${body.length} bytes is over the server's packet cap`
          : undefined;
    if (refusal) return Promise.reject(new Error(refusal));
    return new Promise((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload: body, qos: publishOptions.qos ?? 1, retain, dup: false }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  };

  const waitUntilConnected = async () => {
    if (!open) throw new Error('the embedded broker connection is closed');
  };

  return {
    get connected() {
      return open && !broker.closed;
    },
    publish,
    handle(filter, handler) {
      const own = handlers.get(filter);
      if (own) return void own.push(handler);
      handlers.set(filter, [handler]);
      if (open) subscribe(filter);
    },
    waitUntilConnected,
    async waitUntilSubscribed(timeoutMs = 10_000) {
      await waitUntilConnected();
      await subscriptions.settled(timeoutMs);
    },
    ready() {},
    async close() {
      if (!open) return;
      open = false;
      await Promise.all(
        [...listeners].map(
          ([filter, deliver]) => new Promise<void>((resolve) => broker.unsubscribe(filter, deliver, () => resolve())),
        ),
      );
      listeners.clear();
    },
  };
}

/** Payloads are buffers on the wire; a string (the broker's own, or an empty one) is made one. */
const asBuffer = (payload: Buffer | Uint8Array | string): Buffer =>
  Buffer.isBuffer(payload)
    ? payload
    : typeof payload === 'string'
      ? Buffer.from(payload)
      : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
