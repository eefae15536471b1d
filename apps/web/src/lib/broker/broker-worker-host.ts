import { topics } from '@railserve/protocol';
import type { BrokerClient, ConnectFn } from './broker-types.ts';
import { createMessageGather, feedGapMs } from './broker-worker-gather.ts';
import type { ClientEvent, FromWorker, Port, ToWorker } from './broker-worker-messages.ts';
import { createRobotFeedFilter } from './robot-feed-filter.ts';
import { robotFeedText } from './robot-feed-payload.ts';
import { createStepQueue } from './step-queue.ts';

const EVENTS: ClientEvent[] = ['connect', 'close', 'offline', 'reconnect'];

/**
 * The worker's side (broker-worker.ts): runs the one mqtt.js client the page asked for and tells
 * the page what it does. The client's stream machinery, its timers and the WebSocket's traffic
 * stay in the worker; the page gets the MQTT messages with their payloads already text, the robot
 * feed inflated (robot-feed-payload.ts) and without the statuses that show nothing new
 * (robot-feed-filter.ts), and for a large fleet gathered into fewer posts (broker-worker-gather.ts).
 * Everything reaches the page in the order the client saw it (step-queue.ts): while a feed message
 * inflates, what came after it waits. `close` ends the worker once the client has ended.
 */
export function hostBrokerClient(port: Port<FromWorker, ToWorker>, connect: ConnectFn, close: () => void): void {
  const decoder = new TextDecoder();
  const feed = createRobotFeedFilter();
  const gathered = createMessageGather(
    (messages) => port.postMessage({ type: 'messages', messages }),
    () => feedGapMs(feed.robots()),
  );
  /** Anything but a message: what was gathered goes first. */
  const send = (message: FromWorker) => {
    gathered.flush();
    port.postMessage(message);
  };
  let client: BrokerClient | undefined;
  const text = (payload: Uint8Array | string) => (typeof payload === 'string' ? payload : decoder.decode(payload));
  const inOrder = createStepQueue((error) => console.warn('the broker worker could not pass a message on', error));
  const feedMessage = async (topic: string, payload: Uint8Array | string) => {
    try {
      const part = feed.take(await robotFeedText(payload));
      if (typeof part === 'string') gathered.message({ topic, payload: part });
      else gathered.feed(part);
    } catch (error) {
      // Only the servers may send on the feed: bytes that do not inflate are no message.
      console.warn('a robot feed message that could not be read was left out', error);
    }
  };
  const answer = (id: number) => (error?: Error | null, granted?: { topic: string; qos: number }[]) =>
    send({
      type: 'answer',
      id,
      ...(error ? { error: error.message } : {}),
      ...(granted ? { granted: granted.map(({ topic, qos }) => ({ topic, qos })) } : {}),
    });

  port.onmessage = ({ data }) => {
    if (data.type === 'connect') {
      if (client) return;
      client = connect(data.url, data.options);
      for (const name of EVENTS) client.on(name, () => inOrder(() => send({ type: 'event', name })));
      // The page reads the fleet again after each connect: every robot's next status goes through.
      client.on('connect', () => inOrder(feed.reset));
      client.on('error', (error) => {
        const code = (error as Error & { code?: unknown }).code;
        inOrder(() =>
          send({
            type: 'error',
            message: error.message,
            ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
          }),
        );
      });
      client.on('message', (topic, payload) =>
        inOrder(() =>
          topic === topics.consoleRobots ? feedMessage(topic, payload) : gathered.message({ topic, payload: text(payload) }),
        ),
      );
      return;
    }
    if (data.type === 'resync') return inOrder(feed.reset);
    if (data.type === 'end') {
      gathered.flush();
      if (client) client.end(data.force, close);
      else close();
      return;
    }
    if (!client) {
      send({ type: 'answer', id: data.id, error: 'not connected' });
      return;
    }
    if (data.type === 'subscribe') client.subscribe(data.topic, { qos: data.qos }, answer(data.id));
    else if (data.type === 'unsubscribe') client.unsubscribe(data.topic, answer(data.id));
    else client.publish(data.topic, data.message, { qos: data.qos, retain: data.retain }, answer(data.id));
  };
}
