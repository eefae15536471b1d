import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { API_PREFIX, API_ROOT } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { SERVER_BROKER_USERNAME } from './lib/broker-acl.ts';
import type { Secrets } from './lib/secrets.ts';
import { apiRoutes, services } from './modules/index.ts';
import { systemInfoRoutes } from './modules/system/routes.ts';
import { ensureAdministrator } from './modules/users/service.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { startEmbeddedBroker } from './plugins/broker.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { createMqttBridge } from './plugins/mqtt-bridge.ts';
import { webPlugin } from './plugins/web.ts';
import { APP_VERSION } from './version.ts';
import './types.ts';

export type AppOptions = { config: Config; secrets: Secrets; database: DatabaseHandle };

/** The whole server as a plugin: tests build it on a fresh database and call `inject`. */
export const app = fp(async (instance: FastifyInstance, options: AppOptions) => {
  const { config, secrets, database } = options;
  instance.decorate('config', config);
  instance.decorate('secrets', secrets);
  instance.decorate('db', database.db);
  instance.decorate('dbKind', database.kind);
  instance.decorate('startedAt', new Date());
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(swagger, {
    openapi: { info: { title: 'RailServe API', version: APP_VERSION }, servers: [] },
    transform: jsonSchemaTransform,
  });
  await instance.register(errorsPlugin);
  await instance.register(helmet, {
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // mqtt.js runs its keepalive timer in a blob worker, which background tabs do not throttle.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await instance.register(rateLimit, { global: false });
  await instance.register(authPlugin);
  await instance.register(auditPlugin);

  const broker = config.mqttUrl ? undefined : await startEmbeddedBroker(instance);
  if (broker) instance.decorate('brokerPorts', broker.ports);
  const bridge = createMqttBridge(
    broker
      ? {
          url: `mqtt://127.0.0.1:${broker.ports.tcp}`,
          clientOptions: {
            username: SERVER_BROKER_USERNAME,
            password: secrets.serverBrokerPassword,
            clientId: `railserve-server-${process.pid}`,
          },
          shared: false,
          log: instance.log,
        }
      : {
          url: config.mqttUrl!,
          clientOptions: { clientId: `railserve-server-${process.pid}-${Date.now().toString(36)}` },
          shared: true,
          log: instance.log,
        },
  );
  instance.decorate('mqtt', bridge);
  instance.addHook('onClose', async () => {
    await bridge.close();
    await broker?.close();
  });

  await instance.register(systemInfoRoutes, { prefix: API_ROOT });
  instance.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => instance.swagger());
  await instance.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  await instance.register(webPlugin);

  const admin = await ensureAdministrator(database.db, config.adminPassword);
  if (admin?.generated) {
    instance.log.warn(
      `First start: administrator "admin" created with password: ${admin.password} (shown once; change it after signing in)`,
    );
  }
  for (const start of services) await start(instance);
});
