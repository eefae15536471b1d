// The broker connection's types: what the store (mqtt.ts) takes from mqtt.js, what it is given to
// connect, and what it holds and hands to handlers.
import type { BrokerErrorReason } from './broker-errors.ts';

export type Qos = 0 | 1 | 2;

/** The part of an mqtt.js client the store uses. */
export interface BrokerClient {
  on(event: 'connect' | 'close' | 'offline' | 'reconnect', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array | string) => void): unknown;
  subscribe(
    topic: string,
    options: { qos: Qos },
    callback: (error: Error | null, granted?: { topic: string; qos: number }[]) => void,
  ): unknown;
  unsubscribe(topic: string, callback: (error?: Error) => void): unknown;
  publish(topic: string, message: string, options: { qos: Qos; retain: boolean }, callback: (error?: Error) => void): unknown;
  /** `callback` runs once the client has ended. */
  end(force?: boolean, callback?: () => void): unknown;
  /** Only a client that filters the robot feed (broker-worker-client.ts): pass every robot's next status. */
  resync?(): void;
}

export type BrokerClientOptions = {
  clientId: string;
  username: string;
  password: string;
  protocol: 'ws' | 'wss';
  clean: boolean;
  connectTimeout: number;
  reconnectPeriod: number;
  keepalive: number;
};
export type ConnectFn = (url: string, options: BrokerClientOptions) => BrokerClient;

export type BrokerConnection = {
  host: string;
  port: number;
  path?: string;
  protocol?: 'ws' | 'wss';
  username: string;
  password: string;
  /** The id the broker holds this account to; otherwise `frontend_` and 8 random hex digits. */
  clientId?: string;
};

export type BrokerMessage = { topic: string; message: string; timestamp: string; id: string };

export type BrokerState = {
  client: BrokerClient | null;
  isConnected: boolean;
  isConnecting: boolean;
  /** Why the last connection attempt failed (broker-errors.ts), until the next one succeeds. */
  connectionError: BrokerErrorReason | null;
  serverIP: string | null;
  subscriptions: ReadonlySet<string>;
  messages: readonly BrokerMessage[];
};

/**
 * What a registered handler receives: `json` is the parsed payload, undefined when it is not
 * JSON; `checked` when it already passed the protocol's schema for its topic (robot-feed.ts).
 */
export type IncomingMessage = BrokerMessage & { json: unknown; checked?: boolean };
export type MessageHandler = (message: IncomingMessage) => void;

export type BrokerStatus = 'connected' | 'connecting' | 'error' | 'disconnected';

export function brokerStatus(state: BrokerState): BrokerStatus {
  if (state.isConnected) return 'connected';
  if (state.isConnecting) return 'connecting';
  if (state.connectionError) return 'error';
  return 'disconnected';
}

export type BrokerLogger = Pick<Console, 'warn' | 'error'>;

/** A message another one carries, as if it had come on its own topic; `checked` as in IncomingMessage. */
export type CarriedMessage = { topic: string; text: string; json: unknown; checked: boolean };

/**
 * A topic whose messages carry others (the robot feed, robot-feed.ts): `unpack` reads them from
 * the message's parsed payload (undefined when it is not JSON). The store hands handlers the
 * message itself, then each message it carries.
 */
export type MessageUnpacker = { topic: string; unpack: (json: unknown) => CarriedMessage[] };

export type BrokerStoreOptions = {
  connect: ConnectFn;
  /** Shows a translated warning to the user; called with a locale key such as `mqtt.notConnected`. */
  warn?: (messageKey: string) => void;
  /** Reloads the page when the front-end update topic says so. */
  reload?: () => void;
  logger?: BrokerLogger;
  now?: () => Date;
  /** Topics whose messages carry others; none by default. */
  unpackers?: readonly MessageUnpacker[];
};

export function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}
