import Fastify, { type FastifyInstance } from 'fastify';
import { app } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { PortInUseError } from './lib/listen.ts';
import { loadSecrets } from './lib/secrets.ts';

export type RunningServer = { server: FastifyInstance; port: number; config: Config };

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
        ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
        : undefined,
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  server.addHook('onClose', () => database.close());
  try {
    await server.register(app, { config, secrets, database });
    await server.ready();
    await server.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE'
        ? new PortInUseError(`Port ${config.port} is already in use: set PORT to a free port (0 picks one)`)
        : error;
    });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    server.log.info(`RailServe console at http://localhost:${port} (database: ${database.kind})`);
    return { server, port, config };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}

/**
 * Starts the server and stops it gracefully on SIGINT and SIGTERM, so PGlite is closed cleanly
 * and batches flush. `beforeStop` runs first (the demo stops its simulated fleet there).
 */
export async function runServer(options: { beforeStop?: () => Promise<void> } = {}): Promise<RunningServer> {
  const running = await startServer();
  const { server } = running;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    await options.beforeStop?.().catch((error) => server.log.error({ err: error }, 'stopping failed'));
    await server.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return running;
}

export function exitOnStartFailure(error: unknown): never {
  const expected = error instanceof ConfigError || error instanceof PortInUseError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
}

// `npm start` and `tsx server.ts` start the console here; scripts/demo.ts sets RAILSERVE_DEMO and calls runServer itself.
if (process.env.RAILSERVE_DEMO !== '1') runServer().catch(exitOnStartFailure);
