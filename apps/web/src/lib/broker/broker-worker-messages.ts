// What the page and the broker worker (broker-worker.ts) say to each other: the page drives an
// mqtt.js client that lives in the worker (broker-worker-client.ts), the worker answers with the
// client's events (broker-worker-host.ts). Everything here survives structured cloning.
import type { BrokerClientOptions, Qos } from './broker-types.ts';

export type ToWorker =
  | { type: 'connect'; url: string; options: BrokerClientOptions }
  | { type: 'subscribe'; id: number; topic: string; qos: Qos }
  | { type: 'unsubscribe'; id: number; topic: string }
  | { type: 'publish'; id: number; topic: string; message: string; qos: Qos; retain: boolean }
  | { type: 'end'; force: boolean }
  /** The page read robots from the server again: the robot feed's next statuses all go through. */
  | { type: 'resync' };

/** An MQTT message as the page gets it: its payload as text. */
export type PageMessage = { topic: string; payload: string };

export type ClientEvent = 'connect' | 'close' | 'offline' | 'reconnect';

export type FromWorker =
  | { type: 'event'; name: ClientEvent }
  | { type: 'error'; message: string; code?: number | string }
  /** MQTT messages in the order they came, gathered for a large fleet (broker-worker-gather.ts). */
  | { type: 'messages'; messages: PageMessage[] }
  | { type: 'answer'; id: number; error?: string; granted?: { topic: string; qos: number }[] };

/** One end of the page–worker channel: a Worker on the page's side, the worker's global scope on its own. */
export type Port<Out, In> = {
  postMessage(message: Out): void;
  onmessage: ((event: { data: In }) => void) | null;
};
