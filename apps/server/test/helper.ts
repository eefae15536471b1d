import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { app } from '../src/app.ts';
import { type Config, loadConfig, trustProxyOption } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { httpOptions } from '../src/lib/http-options.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { generateUpdateSigningKey, type Secrets } from '../src/lib/secrets.ts';
import { findUserByUsername, insertUser } from '../src/modules/users/repository.ts';
import { freshPostgres } from './support/postgres.ts';

/**
 * Where the server tests keep their data: embedded PGlite in memory by default; a fresh
 * database on the PostgreSQL server at TEST_DATABASE_URL when it is set (CI sets both runs).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export type TestApp = FastifyInstance & {
  /** Tests run with a shared DEVICE_KEY set (the shared-key path); enrollment tests enrol their own devices. */
  secrets: Secrets & { deviceKey: string };
  database: DatabaseHandle;
  /** Signs in and answers the bearer header. */
  login(username: string, password: string): Promise<{ authorization: string }>;
  /** Creates a user at a level (password FIXTURE_PASSWORD) and answers its bearer header. */
  as(permission: 0 | 1 | 2 | 3, username?: string): Promise<{ authorization: string; id: number }>;
};

export const ADMIN_PASSWORD = 'admin-secret';
/** The password of users made by `as()`, hashed once per test process at today's scrypt parameters. */
export const FIXTURE_PASSWORD = 'password1';
/** scrypt costs about half a second of CPU: each password used by every app is hashed once per test process. */
const hashes = new Map<string, Promise<string>>();
const hashedOnce = (password: string) => {
  const hash = hashes.get(password) ?? hashPassword(password);
  hashes.set(password, hash);
  return hash;
};

export type TestAppOptions = {
  logStream?: { write(line: string): void };
  /** false: no shared DEVICE_KEY (a fresh install, where devices must enrol). */
  sharedKey?: false;
  /** The app creates the administrator itself from ADMIN_PASSWORD, as a first start does (a scrypt hash). */
  firstStart?: true;
};

/** Builds the app on a fresh database; nothing listens on HTTP. The embedded broker binds free ports. */
export async function buildTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-test-'));
  const start = inject('databaseStart');
  const postgres = TEST_DATABASE_URL ? await freshPostgres(TEST_DATABASE_URL, undefined, start?.postgresTemplate) : undefined;
  const database = await openDatabase({ databaseUrl: postgres?.url, startFrom: postgres ? undefined : start?.pgliteFile });
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    dataDir,
    mqttPort: 0,
    mqttWsPort: 0,
    adminPassword: ADMIN_PASSWORD,
    loginAttemptsPerMinute: 1000,
    logLevel: 'silent',
    ...overrides,
  };
  const secrets: Secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    ...(options.sharedKey === false ? {} : { deviceKey: randomBytes(16).toString('hex') }),
    serverBrokerPassword: randomBytes(16).toString('hex'),
    updateSigningKey: generateUpdateSigningKey(),
    credentialKey: randomBytes(32).toString('hex'),
  };
  const server = Fastify({
    logger: options.logStream ? { level: 'trace', stream: options.logStream } : false,
    trustProxy: trustProxyOption(config),
    ...httpOptions,
  });
  server.addHook('onClose', async () => {
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  // The administrator the first start creates from ADMIN_PASSWORD (users/service.ts), its hash made once.
  if (config.adminPassword === ADMIN_PASSWORD && !options.firstStart) {
    await insertUser(database.db, {
      username: 'admin',
      nickname: 'Administrator',
      passwordHash: await hashedOnce(ADMIN_PASSWORD),
      permission: 0,
      status: 'active',
    });
  }
  await server.register(app, { config, secrets, database });
  await server.ready();

  const testApp = server as unknown as TestApp;
  testApp.database = database;
  testApp.login = async (username, password) => {
    const response = await server.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    return { authorization: `Bearer ${response.json().data.token}` };
  };
  let serial = 0;
  testApp.as = async (permission, username) => {
    const name = username ?? `level${permission}_${++serial}`;
    const row = await insertUser(database.db, {
      username: name,
      passwordHash: await hashedOnce(FIXTURE_PASSWORD),
      permission,
      status: 'active',
    });
    return { authorization: await signedIn(server, row), id: row.id };
  };
  return testApp;
}

/** The bearer header a sign-in as `row` would answer, without paying scrypt to check its password. */
async function signedIn(
  server: FastifyInstance,
  row: { id: number; username: string; permission: number; tokenVersion: number },
) {
  const token = await server.jwt.sign({
    sub: String(row.id),
    username: row.username,
    permission: row.permission,
    ver: row.tokenVersion,
  });
  return `Bearer ${token}`;
}

/**
 * The app a test file shares, built before its tests and closed after them, with the signed-in
 * administrator's bearer header:
 *
 *     const { app, admin } = useTestApp();
 *
 * Both stand for what `beforeAll` builds: use them inside tests, hooks and the helpers they call,
 * not at the top level of the file. The file's own `beforeAll` hooks run after this one, and its
 * `afterAll` hooks before the app closes.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): { app: TestApp; admin: { authorization: string } } {
  let built: TestApp | undefined;
  const admin = { authorization: '' };
  beforeAll(async () => {
    built = await buildTestApp(overrides, options);
    const row = await findUserByUsername(built.database.db, 'admin');
    if (!row) throw new Error('useTestApp: the app has no administrator (ADMIN_PASSWORD unset)');
    admin.authorization = await signedIn(built, row);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('useTestApp: the app exists inside tests and hooks only');
    return built;
  };
  // Forwards to the app once built; its methods keep the app as `this`.
  const app = new Proxy({} as TestApp, {
    get(_, key) {
      const value = Reflect.get(current(), key);
      return typeof value === 'function' ? value.bind(built) : value;
    },
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
  });
  return { app, admin };
}
