import type { Duplex } from 'node:stream';
import { BROKER_LIMITS, RETAINED_TOPICS, sharedTopic, topicMatches } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { FaultGuard } from '../lib/fault-guard.ts';
import { AckGate } from './ack-gate.ts';

/**
 * A handler of the server's subscription. A promise it returns holds the QoS 1 message's
 * acknowledgement to the broker until it settles (ack-gate.ts): an ingest that returns its
 * commit makes the message at-least-once (docs/deploy.md, "Delivery guarantee").
 */
export type MessageHandler = (topic: string, payload: Buffer, retained: boolean) => unknown;
export type PublishOptions = { qos?: 0 | 1 | 2; retain?: boolean };

/**
 * The server's own connection to the broker: an MQTT client of an external broker
 * (createMqttBridge), in process with the embedded one (embedded/in-process-bridge.ts).
 */
export type MqttBridge = {
  readonly connected: boolean;
  /** Objects are sent as JSON, strings and buffers as they are. */
  publish(topic: string, payload: unknown, options?: PublishOptions): Promise<void>;
  /**
   * Subscribes (shared when several servers may run, unless `shared: false` asks every instance
   * for its own copy) and routes matching messages to `handler`. `qos: 0` takes a topic whose
   * every message replaces the last (a robot's status) without the broker tracking each delivery
   * and the server acknowledging it: the next one repairs a lost one. Default 1.
   */
  handle(filter: string, handler: MessageHandler, options?: { shared?: boolean; qos?: 0 | 1 }): void;
  waitUntilConnected(timeoutMs?: number): Promise<void>;
  /** Connected, and every subscription made so far acknowledged by the broker. */
  waitUntilSubscribed(timeoutMs?: number): Promise<void>;
  /** Every module has registered its handlers: a bridge made with `connectWhenReady` connects now. */
  ready(): void;
  close(): Promise<void>;
};

export function createMqttBridge(options: {
  /** The broker's address (named in logs, its password hidden). */
  url: string;
  clientOptions: IClientOptions;
  shared: boolean;
  log: FastifyBaseLogger;
  guard: FaultGuard;
  /**
   * Connect at `ready()`, not at once: a lasting session's queue comes the moment it connects, and
   * must find its handlers (the server starts without the broker anyway).
   */
  connectWhenReady?: boolean;
}): MqttBridge {
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  const ownCopy = new Set<string>();
  const qosOf = new Map<string, 0 | 1>();
  const subscriptionOf = (filter: string) => (options.shared && !ownCopy.has(filter) ? sharedTopic(filter) : filter);
  const clientOptions: IClientOptions = {
    // Quicker than devices retry: after a broker restart, what devices publish before the instances
    // have subscribed again has no subscriber (docs/deploy.md, "Delivery guarantee").
    reconnectPeriod: 200,
    connectTimeout: 5000,
    keepalive: 30,
    clean: true,
    ...options.clientOptions,
    // The bridge subscribes on every connect itself (below). mqtt.js's own bookkeeping would skip
    // those SUBSCRIBEs when its lasting session is present, trusting the broker to have kept them:
    // Mosquitto 2.0.11 does not keep shared subscriptions in its persistence, so after its restart
    // a lasting session comes back without them.
    resubscribe: false,
  };
  const client: MqttClient = mqtt.connect(options.url, { ...clientOptions, manualConnect: true });
  const gate = new AckGate();
  // The stream builder mqtt.connect chose for the URL (a constructor argument, private in the types) wraps each connection.
  const builder = client as unknown as { streamBuilder: (c: MqttClient) => Duplex };
  const dial = builder.streamBuilder;
  builder.streamBuilder = (c) => gate.wrap(dial(c));
  let connecting = !options.connectWhenReady;
  if (connecting) client.connect();

  const subscriptions = subscriptionTally('the broker did not acknowledge the subscriptions');
  const subscribe = (filter: string) => {
    subscriptions.asked();
    client.subscribe(subscriptionOf(filter), { qos: qosOf.get(filter) ?? 1 }, (error, granted) => {
      if (error || granted?.some((g) => g.qos === 128))
        options.log.error({ filter, err: error }, 'broker refused a subscription');
      subscriptions.answered();
    });
  };

  client.on('connect', () => {
    options.log.info(`connected to the MQTT broker at ${redact(options.url)}`);
    for (const filter of new Set(handlers.map((h) => h.filter))) subscribe(filter);
  });
  client.on('error', (error) => options.log.warn({ err: error.message }, 'MQTT connection error'));
  client.on('offline', () => options.log.warn('MQTT broker unreachable, retrying'));
  client.on('message', (topic, payload, packet) => {
    const work = safeRoute(topic, payload, packet.retain);
    if (packet.qos === 1 && packet.messageId !== undefined && work.length > 0) gate.hold(packet.messageId, Promise.all(work));
  });
  const safeRoute = (topic: string, payload: Buffer, retain: boolean) => {
    try {
      return route(topic, payload, retain);
    } catch (error) {
      options.guard.report({ where: 'broker message', topic }, error);
      return [];
    }
  };
  /** Hands a message to its handlers; answers what they are still doing (their promises never reject). */
  const route = (topic: string, payload: Buffer, retain: boolean): Promise<void>[] => {
    const work: Promise<void>[] = [];
    // Devices' payloads have a cap (the embedded broker closes them sooner): an external broker may
    // still deliver a bigger one, which is dropped, and cleared when the broker would keep it.
    if (payload.length > BROKER_LIMITS.devicePacketBytes) {
      options.log.warn({ topic, bytes: payload.length }, 'dropped an oversized broker message');
      if (RETAINED_TOPICS.some((filter) => topicMatches(filter, topic)))
        client.publish(topic, '', { qos: 1, retain: true }, () => {});
      return work;
    }
    // One handler's fault drops this message for it alone: the others, and the next message, go on.
    for (const { filter, handler } of handlers) {
      if (!topicMatches(filter, topic)) continue;
      const pending = options.guard.run({ where: `handling ${filter}`, topic }, () => handler(topic, payload, retain));
      if (pending) work.push(pending);
    }
    return work;
  };

  const waitUntilConnected = (timeoutMs = 10_000): Promise<void> => {
    if (client.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`MQTT broker not reachable at ${redact(options.url)}`)), timeoutMs);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };

  return {
    get connected() {
      return client.connected;
    },
    publish(topic, payload, publishOptions = {}) {
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
      return client
        .publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false })
        .then(() => {});
    },
    handle(filter, handler, handleOptions) {
      const known = handlers.some((h) => h.filter === filter);
      if (handleOptions?.shared === false) ownCopy.add(filter);
      if (handleOptions?.qos === 0) qosOf.set(filter, 0);
      handlers.push({ filter, handler });
      if (!known && client.connected) subscribe(filter);
    },
    waitUntilConnected,
    ready() {
      if (!connecting) client.connect();
      connecting = true;
    },
    async waitUntilSubscribed(timeoutMs = 10_000) {
      await waitUntilConnected(timeoutMs);
      await subscriptions.settled(timeoutMs);
    },
    async close() {
      await client.endAsync();
    },
  };
}

/**
 * The subscriptions a connection has asked for and not yet had answered: `asked()` as one goes
 * out, `answered()` as its answer comes, `settled()` resolves once none is left (or rejects with
 * `timeoutMessage` after `timeoutMs`).
 */
export function subscriptionTally(timeoutMessage: string) {
  let pending = 0;
  const waiting: (() => void)[] = [];
  return {
    asked() {
      pending++;
    },
    answered() {
      if (--pending === 0) for (const resolve of waiting.splice(0)) resolve();
    },
    settled(timeoutMs: number): Promise<void> {
      if (pending === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(timeoutMessage)), timeoutMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
