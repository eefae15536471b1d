import { timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import {
  type BrokerIdentity,
  canPublish,
  canSubscribe,
  deviceIdentity,
  SERVER_BROKER_USERNAME,
  WEB_BROKER_USERNAME,
} from '../lib/broker-acl.ts';
import { indexedMemoryPersistence } from '../lib/broker-persistence.ts';
import { listen } from '../lib/listen.ts';

const sameSecret = (given: Buffer | undefined, expected: string) => {
  if (!given) return false;
  const b = Buffer.from(expected);
  return given.length === b.length && timingSafeEqual(given, b);
};

/**
 * The embedded MQTT broker (Aedes): TCP for devices, WebSocket for browsers, with the
 * authentication and topic rules of DESIGN section 4. Used when MQTT_URL is unset.
 */
export async function startEmbeddedBroker(app: FastifyInstance) {
  const identities = new WeakMap<Client, BrokerIdentity>();
  // concurrency 0: the message emitter never queues. Its queue drains by recursion, which
  // overflowed the stack with a few thousand robots (mcollina/mqemitter#204, moscajs/aedes#193).
  const broker = await Aedes.createBroker({ heartbeatInterval: 60_000, concurrency: 0, persistence: indexedMemoryPersistence() });

  broker.authenticate = (client, username, password, done) => {
    const identity = identify(app, username ?? '', password);
    identity
      .then((found) => {
        if (!found) return done(Object.assign(new Error('Bad username or password'), { returnCode: 4 }), false);
        identities.set(client, found);
        done(null, true);
      })
      .catch(() => done(Object.assign(new Error('Not authorized'), { returnCode: 5 }), false));
  };
  broker.authorizePublish = (client, packet, done) => {
    // client is null for a last will published after its owner is gone; it was checked at connect.
    if (!client) return done(null);
    const identity = identities.get(client);
    done(identity && canPublish(identity, packet.topic) ? null : new Error(`Not allowed to publish on ${packet.topic}`));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const identity = identities.get(client);
    done(null, identity && canSubscribe(identity, subscription.topic) ? subscription : null);
  };
  broker.on('clientError', (client, error) => app.log.debug({ clientId: client.id, err: error.message }, 'broker client error'));

  const tcp: Server = createTcpServer(broker.handle);
  const http = createHttpServer((_req, res) => res.writeHead(426).end('MQTT over WebSocket only'));
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, req) => broker.handle(createWebSocketStream(socket) as never, req as never));

  const tcpPort = await listen(tcp, app.config.mqttPort, app.config.host, 'MQTT_PORT');
  const wsPort = await listen(http, app.config.mqttWsPort, app.config.host, 'MQTT_WS_PORT').catch(async (error) => {
    tcp.close();
    throw error;
  });
  app.log.info(`Embedded MQTT broker: tcp ${tcpPort} (devices), ws ${wsPort} (browsers)`);

  return {
    ports: { tcp: tcpPort, ws: wsPort },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([new Promise((r) => tcp.close(r)), new Promise((r) => http.close(r))]);
    },
  };
}

async function identify(
  app: FastifyInstance,
  username: string,
  password: Buffer | undefined,
): Promise<BrokerIdentity | undefined> {
  if (username === SERVER_BROKER_USERNAME) {
    return sameSecret(password, app.secrets.serverBrokerPassword) ? { role: 'server' } : undefined;
  }
  if (username === WEB_BROKER_USERNAME) {
    if (!password) return undefined;
    const claims = app.jwt.verify<{ sub: string }>(password.toString('utf8'));
    return { role: 'web', userId: Number(claims.sub) };
  }
  const device = deviceIdentity(username);
  return device && sameSecret(password, app.secrets.deviceKey) ? device : undefined;
}
