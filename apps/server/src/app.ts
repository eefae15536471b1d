import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX, API_ROOT } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { brokerPlugin } from './broker/index.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { reportAdministrator } from './lib/admin-notice.ts';
import { FaultGuard } from './lib/fault-guard.ts';
import type { Secrets } from './lib/secrets.ts';
import { createUpdateSigner } from './lib/update-signing.ts';
import { createUserRevocations } from './lib/user-revocations.ts';
import { createDeviceCredentials } from './modules/devices/credential-check.ts';
import { apiRoutes, services } from './modules/index.ts';
import { systemInfoRoutes } from './modules/system/routes.ts';
import { ensureAdministrator } from './modules/users/service.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { apiDocsRoutes, openApiPlugin } from './plugins/openapi.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';
import './types.ts';

export type AppOptions = { config: Config; secrets: Secrets; database: DatabaseHandle };

/** The whole server as a plugin: tests build it on a fresh database and call `inject`. */
export const app = fp(async (instance: FastifyInstance, options: AppOptions) => {
  const { config, secrets, database } = options;
  instance.decorate('config', config);
  instance.decorate('secrets', secrets);
  instance.decorate('updateSigner', createUpdateSigner(secrets.updateSigningKey));
  instance.decorate('db', database.db);
  instance.decorate('dbKind', database.kind);
  instance.decorate('dbBackgroundTurn', database.backgroundTurn);
  instance.decorate('startedAt', new Date());
  instance.decorate('userRevocations', createUserRevocations());
  instance.decorate('faultGuard', new FaultGuard(instance.log));
  instance.decorate('deviceCredentials', createDeviceCredentials({ db: database.db, secrets, log: instance.log }));
  // Registered before the broker and the modules: it closes after them, with the last sign-ins.
  instance.addHook('onClose', () => instance.deviceCredentials.close());
  // server.ts sets `restart` when it runs the process (POST /system/restart).
  instance.decorate('lifecycle', {});
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(requestLogPlugin);
  await instance.register(openApiPlugin);
  await instance.register(errorsPlugin);
  // API answers and exports compressed on the fly (a fast brotli level); the web app's files are
  // compressed once at build time and sent as they are.
  await instance.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
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
        // The console's broker connection runs in a worker of its own (apps/web/src/lib/broker/broker-worker.ts).
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await instance.register(inputGuardPlugin);
  await instance.register(rateLimit, { global: false });
  await instance.register(authPlugin);
  await instance.register(auditPlugin);
  await instance.register(storagePlugin);
  // Before the routes and modules, which use `app.mqtt`; it then closes after their writers have flushed.
  await instance.register(brokerPlugin);

  await instance.register(systemInfoRoutes, { prefix: API_ROOT });
  await instance.register(apiDocsRoutes);
  await instance.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  await instance.register(webPlugin);

  const administrator = await ensureAdministrator(database.db, config.adminPassword);
  reportAdministrator(administrator, config.adminPassword !== undefined, instance.log);
  for (const start of services) await start(instance);
});
