import { topics } from '@railserve/protocol';
import type { BrokerClient, ConnectFn } from './broker-types.ts';
import type { ClientEvent, FromWorker, Port, ToWorker } from './broker-worker-messages.ts';
import { createRobotFeedFilter } from './robot-feed-filter.ts';

const EVENTS: ClientEvent[] = ['connect', 'close', 'offline', 'reconnect'];

/**
 * The worker's side (broker-worker.ts): runs the one mqtt.js client the page asked for and tells
 * the page what it does. The client's stream machinery, its timers and the WebSocket's traffic
 * stay in the worker; the page gets one message per MQTT message, its payload already text, the
 * robot feed's without the statuses that show nothing new (robot-feed-filter.ts). `close` ends
 * the worker once the client has ended.
 */
export function hostBrokerClient(port: Port<FromWorker, ToWorker>, connect: ConnectFn, close: () => void): void {
  const decoder = new TextDecoder();
  const feed = createRobotFeedFilter();
  let client: BrokerClient | undefined;
  const text = (payload: Uint8Array | string) => (typeof payload === 'string' ? payload : decoder.decode(payload));
  const answer = (id: number) => (error?: Error | null, granted?: { topic: string; qos: number }[]) =>
    port.postMessage({
      type: 'answer',
      id,
      ...(error ? { error: error.message } : {}),
      ...(granted ? { granted: granted.map(({ topic, qos }) => ({ topic, qos })) } : {}),
    });

  port.onmessage = ({ data }) => {
    if (data.type === 'connect') {
      if (client) return;
      client = connect(data.url, data.options);
      for (const name of EVENTS) client.on(name, () => port.postMessage({ type: 'event', name }));
      // The page reads the fleet again after each connect: every robot's next status goes through.
      client.on('connect', feed.reset);
      client.on('error', (error) => {
        const code = (error as Error & { code?: unknown }).code;
        port.postMessage({
          type: 'error',
          message: error.message,
          ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
        });
      });
      client.on('message', (topic, payload) =>
        port.postMessage({
          type: 'message',
          topic,
          payload: topic === topics.consoleRobots ? feed.take(text(payload)) : text(payload),
        }),
      );
      return;
    }
    if (data.type === 'resync') return feed.reset();
    if (data.type === 'end') {
      if (client) client.end(data.force, close);
      else close();
      return;
    }
    if (!client) {
      port.postMessage({ type: 'answer', id: data.id, error: 'not connected' });
      return;
    }
    if (data.type === 'subscribe') client.subscribe(data.topic, { qos: data.qos }, answer(data.id));
    else if (data.type === 'unsubscribe') client.unsubscribe(data.topic, answer(data.id));
    else client.publish(data.topic, data.message, { qos: data.qos, retain: data.retain }, answer(data.id));
  };
}
