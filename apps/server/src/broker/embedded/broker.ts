import type { Duplex } from 'node:stream';
import { BROKER_LIMITS, CREDENTIAL_COMMAND, parseJson } from '@railserve/protocol';
import { Aedes, type AuthenticateError, type Client, type PublishPacket, type Subscription } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { type BrokerIdentity, canPublish, canSubscribe, clientIdAllowed, commandedRobot } from '../acl.ts';
import { stampSender } from '../sender.ts';
import { createInProcessBridge } from './in-process-bridge.ts';
import { listenForClients } from './listeners.ts';
import { indexedMemoryPersistence } from './persistence.ts';
import { RetainedIndex } from './retained-index.ts';
import { BrokerSessions } from './sessions.ts';
import { identify } from './sign-in.ts';

type AuthenticateDone = (error: AuthenticateError | null, success: boolean | null) => void;

/**
 * The embedded MQTT broker (Aedes), on TCP for devices and WebSocket for browsers (listeners.ts),
 * with the authentication and topic rules of DESIGN section 4, and the server's own connection to
 * it in process (in-process-bridge.ts). Used when MQTT_URL is unset.
 */
export async function startEmbeddedBroker(app: FastifyInstance) {
  const sessions = new BrokerSessions((reason) => app.log.warn({ reason }, 'broker refused a connection'));
  const retained = new RetainedIndex();
  // concurrency 0: the message emitter never queues. Its queue drains by recursion, which
  // overflowed the stack with a few thousand robots (mcollina/mqemitter#204, moscajs/aedes#193).
  const broker = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    concurrency: 0,
    persistence: indexedMemoryPersistence({ retained, onRefused: retainedRefusals(app, retained) }),
    connectTimeout: BROKER_LIMITS.unauthenticatedTimeoutMs,
  });
  const refuse = (done: AuthenticateDone, returnCode: 2 | 4 | 5, message: string) =>
    done(Object.assign(new Error(message), { returnCode }), false);
  // Aedes keeps its connected clients by id; its types do not show it.
  const holderOf = (id: string) => (broker as unknown as { clients: Record<string, Client | undefined> }).clients[id];

  const guard = app.faultGuard;
  broker.authenticate = guard.hook(
    'broker sign-in',
    (client: Client, username: string | undefined, password: Buffer | undefined, done: AuthenticateDone) => {
      identify(app, username ?? '', password)
        .then((found) => {
          if (!found) return refuse(done, 4, 'Bad username or password');
          if (!clientIdAllowed(found, client.id)) {
            app.log.warn({ clientId: client.id, username }, 'broker refused a client id that is not its own');
            return refuse(done, 2, 'Client id not allowed for this identity');
          }
          const refusal = sessions.refusal(client, found, holderOf(client.id));
          if (refusal) {
            app.log.warn({ clientId: client.id, reason: refusal }, 'broker refused a connection');
            return refuse(done, 2, refusal);
          }
          sessions.admit(client, found);
          done(null, true);
        })
        .catch(() => refuse(done, 5, 'Not authorized'));
    },
    {
      context: (client) => ({ clientId: client?.id, client }),
      refuse: () => [Object.assign(new Error('Server unavailable'), { returnCode: 3 as const }), false],
    },
  );
  broker.authorizePublish = guard.hook(
    'broker publish check',
    (client: Client | null, packet: PublishPacket, done: (error?: Error | null) => void) => {
      // client is null only for a will of a connection this broker no longer knows.
      if (!client) return done(null);
      const identity = sessions.identity(client);
      if (!identity || !mayPublish(app, identity, packet.topic, packet.retain) || carriesCredential(identity, packet)) {
        return done(new Error(`Not allowed to publish on ${packet.topic}`));
      }
      packet.payload = stampSender(identity, packet.topic, packet.payload as Buffer);
      done(null);
    },
    {
      context: (client, packet) => ({ clientId: client?.id, topic: packet?.topic, client }),
      refuse: (error) => [asError(error)],
    },
  );
  broker.authorizeSubscribe = guard.hook(
    'broker subscription check',
    (client: Client, subscription: Subscription, done: (error: Error | null, subscription?: Subscription | null) => void) => {
      const identity = sessions.identity(client);
      done(null, identity && canSubscribe(identity, subscription.topic) ? subscription : null);
    },
    {
      context: (client, subscription) => ({ clientId: client?.id, topic: subscription?.topic, client }),
      refuse: (error) => [asError(error), null],
    },
  );
  broker.on(
    'clientError',
    guard.listener('broker client error', (client: Client, error: Error) =>
      app.log.debug({ clientId: client.id, err: error.message }, 'broker client error'),
    ),
  );
  // Aedes emits 'error' when its persistence fails (its types do not show it); unheard, an 'error' event ends the process.
  (broker as unknown as NodeJS.EventEmitter).on(
    'error',
    guard.listener('broker error', (error: Error) => app.log.error({ err: error }, 'broker error')),
  );
  const stopRevocations = app.userRevocations.onRevoked((userId) => sessions.revokeUser(userId));
  const stopDeviceRevocations = app.deviceCredentials.onRevoked((key) => sessions.revokeKey(key));
  app.deviceCredentials.connected = (key) => sessions.holds(key);

  const handle = (connection: Duplex, req?: unknown) =>
    guard.run({ where: 'broker connection' }, () => {
      try {
        const gate = sessions.accept(connection);
        if (gate) broker.handle(gate as never, req as never);
      } catch (error) {
        connection.destroy();
        throw error;
      }
    });
  const listeners = await listenForClients(app, handle);
  app.log.info(`Embedded MQTT broker: tcp ${listeners.ports.tcp} (devices), ws ${listeners.ports.ws} (browsers)`);

  return {
    ports: listeners.ports,
    /** The server's own connection: its handlers and publishes, in process. */
    bridge: createInProcessBridge({ broker, retained, log: app.log, guard }),
    /** The devices' retained messages kept now, and those not kept since the start. */
    retainedUsage: () => retained.budget.usage(),
    async close() {
      stopRevocations();
      stopDeviceRevocations();
      app.deviceCredentials.connected = undefined;
      sessions.close();
      listeners.terminateBrowsers();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await listeners.close();
    },
  };
}

/** A retained message refused for the store's bounds is logged at the first of a burst, then at most once a minute with the count. */
const RETAINED_REFUSALS_LOG_EVERY_MS = 60_000;

function retainedRefusals(app: FastifyInstance, retained: RetainedIndex) {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (topic: string) => {
    unlogged++;
    if (Date.now() - loggedAt < RETAINED_REFUSALS_LOG_EVERY_MS) return;
    loggedAt = Date.now();
    app.log.warn(
      { topic, refused: unlogged, usage: retained.budget.usage(), limits: retained.budget.limits },
      'retained store full: device messages delivered but not kept',
    );
    unlogged = 0;
  };
}

/**
 * A controller drives its robots over their command topics, but a credential comes from the
 * server alone (`set_credential`, docs/protocol.md "Device enrollment"): refused from anyone else.
 */
function carriesCredential(identity: BrokerIdentity, packet: PublishPacket) {
  if (identity.role === 'server' || commandedRobot(packet.topic) === undefined) return false;
  const payload = parseJson(packet.payload as Buffer);
  return payload !== null && typeof payload === 'object' && (payload as { command?: unknown }).command === CREDENTIAL_COMMAND;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The topic rules, the retain rule, and a controller commanding only robots of its own track. */
function mayPublish(app: FastifyInstance, identity: BrokerIdentity, topic: string, retain: boolean) {
  if (!canPublish(identity, topic, retain)) return false;
  if (identity.role !== 'controller') return true;
  const sn = commandedRobot(topic);
  return sn === undefined || (app.hasDecorator('robots') && app.robots.trackOf(sn) === identity.trackId);
}
