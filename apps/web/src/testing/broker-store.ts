import { BrokerStore } from '../lib/broker/broker-store.ts';
import type { BrokerStoreOptions } from '../lib/broker/broker-types.ts';
import { fakeConnect, silentLogger } from './fake-mqtt-client.ts';

/** Where the store tests connect: a page served from 192.168.1.20 (spec section 4). */
export const testBrokerConnection = { host: '192.168.1.20', port: 9001, path: '/', username: 'web', password: 'token-abc' };

/** A broker store on fake mqtt.js clients (fake-mqtt-client.ts), not connected yet. */
export function brokerStoreOnFake(options: Partial<BrokerStoreOptions> = {}) {
  const fake = fakeConnect();
  const store = new BrokerStore({ connect: fake.connect, logger: silentLogger, ...options });
  return { store, fake };
}

/** A broker store whose fake client has connected. */
export function connectedBrokerStore(options: Partial<BrokerStoreOptions> = {}) {
  const context = brokerStoreOnFake(options);
  context.store.connect(testBrokerConnection);
  context.fake.last().emit('connect');
  return context;
}
