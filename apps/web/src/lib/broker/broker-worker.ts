// The broker connection's own thread: mqtt.js and its WebSocket run here, off the page's main
// thread (docs/web-console.md, "Broker connection"). Started by broker-worker-client.ts.
import mqtt from 'mqtt';
import type { BrokerClient } from './broker-types.ts';
import { hostBrokerClient } from './broker-worker-host.ts';
import type { FromWorker, Port, ToWorker } from './broker-worker-messages.ts';

hostBrokerClient(
  self as unknown as Port<FromWorker, ToWorker>,
  (url, options) => mqtt.connect(url, options) as unknown as BrokerClient,
  () => self.close(),
);
