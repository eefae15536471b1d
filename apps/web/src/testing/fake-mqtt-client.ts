import { EventEmitter } from 'node:events';
import type { BrokerClient, BrokerClientOptions, ConnectFn } from '../lib/broker/broker-store.ts';

type SubscribeCallback = (error: Error | null, granted?: { topic: string; qos: number }[]) => void;

/** An mqtt.js stand-in: emit 'connect', 'error', 'message'... and inspect what the store did. */
export class FakeMqttClient extends EventEmitter implements BrokerClient {
  readonly subscribed: { topic: string; qos: number }[] = [];
  readonly unsubscribed: string[] = [];
  readonly published: { topic: string; message: string; options: { qos: number; retain: boolean } }[] = [];
  ended = false;
  /** Topics whose subscription the broker refuses. */
  readonly refuse = new Set<string>();
  publishError: Error | null = null;
  unsubscribeError: Error | null = null;
  /** When set, the broker's answers to subscriptions wait for `grant()`. */
  holdSubacks = false;
  private readonly held: (() => void)[] = [];

  subscribe(topic: string, options: { qos: 0 | 1 | 2 }, callback: SubscribeCallback) {
    this.subscribed.push({ topic, qos: options.qos });
    const answer = () =>
      this.refuse.has(topic) ? callback(new Error('Subscribe refused')) : callback(null, [{ topic, qos: options.qos }]);
    if (this.holdSubacks) this.held.push(answer);
    else answer();
    return this;
  }

  /** Answers the subscriptions held so far. */
  grant() {
    for (const answer of this.held.splice(0)) answer();
  }

  unsubscribe(topic: string, callback: (error?: Error) => void) {
    this.unsubscribed.push(topic);
    callback(this.unsubscribeError ?? undefined);
    return this;
  }

  publish(topic: string, message: string, options: { qos: 0 | 1 | 2; retain: boolean }, callback: (error?: Error) => void) {
    this.published.push({ topic, message, options });
    callback(this.publishError ?? undefined);
    return this;
  }

  end(_force?: boolean, callback?: () => void) {
    this.ended = true;
    callback?.();
    return this;
  }
}

/** A `connect` to inject into BrokerStore that records its calls and hands out fake clients. */
export function fakeConnect() {
  const clients: FakeMqttClient[] = [];
  const calls: { url: string; options: BrokerClientOptions }[] = [];
  const connect: ConnectFn = (url, options) => {
    calls.push({ url, options });
    const client = new FakeMqttClient();
    clients.push(client);
    return client;
  };
  return { connect, clients, calls, last: () => clients[clients.length - 1] };
}

export const silentLogger = { warn: () => {}, error: () => {} };
