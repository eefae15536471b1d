import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDynsecBrokerAccounts, tokenBrokerAccounts } from '../modules/auth/broker-accounts.ts';
import { createDynsecDeviceClients, embeddedDeviceClients } from '../modules/devices/broker-clients.ts';
import { findActiveSessionUser } from '../modules/users/repository.ts';
import { createMqttBridge } from './bridge.ts';
import { createDynsecClient } from './dynamic-security.ts';
import { startEmbeddedBroker } from './embedded/broker.ts';

/**
 * The broker, one plugin: the embedded one (Aedes) when MQTT_URL is unset, else the external one
 * at MQTT_URL. Decorates `mqtt` (the server's own connection, in process with the embedded broker
 * (embedded/in-process-bridge.ts), an MQTT client of the external one; ready before any module subscribes),
 * `brokerAccounts` (what consoles sign in to the broker with), `deviceBrokerClients` (enrolled
 * devices' accounts on Mosquitto), and with the embedded broker
 * `brokerPorts` and `retainedUsage`. Registered after the plugins and before the routes, so it
 * closes after the modules' writers have flushed: the accounts, then the connection, then the broker.
 */
export const brokerPlugin = fp(async (app: FastifyInstance) => {
  const { config, secrets } = app;
  const broker = config.mqttUrl ? undefined : await startEmbeddedBroker(app);
  if (broker) {
    app.decorate('brokerPorts', broker.ports);
    app.decorate('retainedUsage', broker.retainedUsage);
  }
  // The embedded broker's is in process; the external one's is an MQTT client.
  const bridge =
    broker?.bridge ??
    createMqttBridge({
      url: config.mqttUrl!,
      // With INSTANCE_NAME, a lasting session per instance: what it had not acknowledged when it
      // died is sent to it again when it is back (docs/deploy.md, "Delivery guarantee"). The
      // name is keyed with the installation's secret, so no other client can guess it and take
      // the session over. Without, a session per start, random for the same reason, which a
      // broker restart cannot leave deaf.
      clientOptions: config.instanceName
        ? { clientId: lastingClientId(config.instanceName, secrets.jwtSecret), clean: false }
        : { clientId: `railserve-server-${randomBytes(8).toString('hex')}` },
      connectWhenReady: true,
      shared: true,
      log: app.log,
      guard: app.faultGuard,
    });
  app.decorate('mqtt', bridge);
  app.addHook('onReady', async () => bridge.ready());
  const dynsec = config.mqttDynamicSecurity ? createDynsecClient(bridge) : undefined;
  const brokerAccounts = dynsec
    ? createDynsecBrokerAccounts({
        dynsec,
        log: app.log,
        onRevoked: app.userRevocations.onRevoked,
        tokenVersionOf: async (userId) => (await findActiveSessionUser(app.db, userId))?.tokenVersion,
      })
    : tokenBrokerAccounts;
  app.decorate('brokerAccounts', brokerAccounts);
  // Enrolled devices' own accounts: on Mosquitto, clients of the plugin; the embedded broker asks the server.
  const deviceClients = dynsec ? createDynsecDeviceClients({ dynsec, mqtt: bridge, log: app.log }) : embeddedDeviceClients;
  app.decorate('deviceBrokerClients', deviceClients);
  app.addHook('onClose', async () => {
    deviceClients.close();
    brokerAccounts.close();
    await bridge.close();
    await broker?.close();
  });
});

/** `railserve-server-` and 16 hex digits: the same for an instance's every start, unguessable without the secret. */
export function lastingClientId(instanceName: string, secret: string) {
  return `railserve-server-${createHmac('sha256', secret).update(instanceName).digest('hex').slice(0, 16)}`;
}
