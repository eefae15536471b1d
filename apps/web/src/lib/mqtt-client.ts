import type { BrokerClient, ConnectFn } from './mqtt.ts';

/**
 * mqtt.js, loaded only when a signed-in screen opens the broker connection, so the login route
 * does not carry it. `loadBrokerClient` must resolve before the store connects.
 */
let connectImpl: ConnectFn | undefined;

export async function loadBrokerClient(): Promise<void> {
  if (connectImpl) return;
  const { default: mqtt } = await import('mqtt');
  connectImpl = (url, options) => mqtt.connect(url, options) as unknown as BrokerClient;
}

export const connectBrokerClient: ConnectFn = (url, options) => {
  if (!connectImpl) throw new Error('The MQTT client is not loaded yet');
  return connectImpl(url, options);
};
