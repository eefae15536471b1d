import { CONFIG_EXIT_CODE, RESTART_EXIT_CODE } from '@railserve/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { app } from './app.ts';
import { type Config, ConfigError, loadConfig, trustProxyOption } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { httpOptions } from './lib/http-options.ts';
import { PortInUseError } from './lib/listen.ts';
import { loadSecrets } from './lib/secrets.ts';
import { reportServing, restartsFromSupervisor } from './lib/supervision.ts';

export type RunningServer = { server: FastifyInstance; port: number; config: Config; database: DatabaseHandle };

/** Builds the app on the configured database and listens: the one place that does. */
export async function startServer(): Promise<RunningServer> {
  const config = loadConfig();
  const secrets = await loadSecrets(config.dataDir, config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password'],
      // Readable lines for a person at a terminal; JSON lines for log collectors.
      transport: process.stdout.isTTY
        ? {
            target: 'pino-pretty',
            // A request's fields are in its message already (plugins/request-log.ts): one line, not six.
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime' },
          }
        : undefined,
    },
    trustProxy: trustProxyOption(config),
    ...httpOptions,
  });
  server.addHook('onClose', async () => {
    await database.close();
    server.log.info('database closed');
  });
  try {
    await server.register(app, { config, secrets, database });
    await server.ready();
    server.lifecycle.restarts = restartsFromSupervisor();
    await server.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE'
        ? new PortInUseError(`Port ${config.port} is already in use: set PORT to a free port (0 picks one)`)
        : error;
    });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    server.log.info(`RailServe console at http://localhost:${port} (database: ${database.kind})`);
    return { server, port, config, database };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}

/** How long a graceful shutdown may take before the watchdog steps in, and how long it then gives the database. */
const WATCHDOG_MS = 8_000;
const WATCHDOG_CLOSE_MS = 4_000;

/**
 * Starts the server and stops it gracefully on SIGINT and SIGTERM, so PGlite is closed cleanly
 * and batches flush. `beforeStop` runs first (the demo stops its simulated fleet there).
 */
export async function runServer(options: { beforeStop?: () => Promise<void> } = {}): Promise<RunningServer> {
  const running = await startServer();
  const { server, database } = running;
  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    server.log.info(`${signal}: shutting down`);
    // Open sockets are closed at once (forceCloseConnections), which also aborts a streaming
    // export; should anything still hang, the watchdog closes the database before it exits, so
    // PGlite is never left open on any exit path.
    const watchdog = setTimeout(() => {
      server.log.error('shutdown did not finish in time: closing the database and exiting');
      const forced = setTimeout(() => process.exit(1), WATCHDOG_CLOSE_MS);
      forced.unref();
      void database
        .close()
        .catch(() => {})
        .finally(() => process.exit(1));
    }, WATCHDOG_MS);
    watchdog.unref();
    try {
      await options.beforeStop?.().catch((error) => server.log.error({ err: error }, 'stopping failed'));
      await server.close();
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      await database.close().catch(() => {});
      process.exit(1);
    }
    clearTimeout(watchdog);
    process.exit(exitCode);
  };
  // POST /system/restart: the same graceful stop (batches flushed, broker and database closed),
  // then an exit code that tells the supervisor (scripts/start.mjs, systemd) to start it again.
  server.lifecycle.restart = () => void stop('restart requested', RESTART_EXIT_CODE);
  // Under scripts/supervise.mjs: a supervisor that is gone (even killed) takes the server with it.
  if (process.send) process.on('disconnect', () => void stop('supervisor gone'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  reportServing();
  return running;
}

/** A bad setting or a taken port exits with CONFIG_EXIT_CODE and its one line; anything else with 1 and the stack. */
export function exitOnStartFailure(error: unknown): never {
  const expected = error instanceof ConfigError || error instanceof PortInUseError;
  console.error(expected ? (error as Error).message : error);
  process.exit(expected ? CONFIG_EXIT_CODE : 1);
}

// `npm start` and `tsx server.ts` start the console here; scripts/demo.ts sets RAILSERVE_DEMO and calls runServer itself.
if (process.env.RAILSERVE_DEMO !== '1') runServer().catch(exitOnStartFailure);
