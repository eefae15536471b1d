import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Aedes } from 'aedes';

/** Serves `broker` over TCP on a free loopback port: its mqtt:// URL and how to close both. */
export async function listenPlainBroker(broker: Aedes) {
  const server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    async close() {
      server.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
