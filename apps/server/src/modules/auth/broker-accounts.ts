import { randomBytes } from 'node:crypto';
import { BROKER_LIMITS, type BrokerAccount, brokerClientId, PERMISSIONS, type Permission } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { WEB_BROKER_USERNAME } from '../../broker/acl.ts';
import type { DynsecClient } from '../../broker/dynamic-security.ts';
import { AppError } from '../../lib/errors.ts';
import { consoleRoleAcls, consoleRoleName } from './console-role.ts';

/** The signed-in session a console asks broker credentials for (POST /me/broker-account). */
export type ConsoleSession = { userId: number; permission: Permission; tokenVersion: number; expiresAt: number; token: string };

export type BrokerAccounts = {
  issue(session: ConsoleSession): Promise<BrokerAccount>;
  /** Removes the accounts that expired (`now` in epoch seconds) or whose user's tokens ended; answers how many. */
  sweep(now?: number): Promise<number>;
  close(): void;
};

/** The embedded broker checks session tokens itself (DESIGN section 4: user `web`, the token). */
export const tokenBrokerAccounts: BrokerAccounts = {
  issue: async (session) => ({ username: WEB_BROKER_USERNAME, password: session.token }),
  sweep: async () => 0,
  close() {},
};

const SWEEP_EVERY_MS = 60_000;
const PREFIX = 'console-';
const USERNAME = /^console-(\d+)-(\d+)-(\d+)-([0-9a-f]{8})$/;

/**
 * `console-{userId}-{tokenVersion}-{expiry}-{hex}`: every instance can tell whose an account is,
 * whether its user's tokens still stand and when it expires, without a table of its own.
 */
export const consoleUsername = (s: Pick<ConsoleSession, 'userId' | 'tokenVersion' | 'expiresAt'>, hex: string) =>
  `${PREFIX}${s.userId}-${s.tokenVersion}-${s.expiresAt}-${hex}`;

export function parseConsoleUsername(username: string) {
  const match = USERNAME.exec(username);
  return match
    ? { userId: Number(match[1]), tokenVersion: Number(match[2]), expiresAt: Number(match[3]), hex: match[4] }
    : undefined;
}

const unavailable = (error: unknown) =>
  new AppError(503, 'broker_unavailable', `The broker could not make a console account: ${(error as Error).message}`);

/**
 * Short-lived broker accounts for consoles on Mosquitto with the dynamic security plugin
 * (docs/deploy.md): one per request, held to its own client id, with the role of the user's level.
 * They go when the user's tokens end (sign-out, new password or level, deactivation, deletion: the
 * plugin disconnects the account's connections at once), when the token expires, and when a user
 * holds more than BROKER_LIMITS.connectionsPerIdentity. The sweep also compares each account with
 * the database's token version, so a revocation the broker missed (it was away, another process
 * such as admin:reset made it) still ends the account within a sweep.
 */
export function createDynsecBrokerAccounts(options: {
  dynsec: DynsecClient;
  log: FastifyBaseLogger;
  onRevoked: (listener: (userId: number) => void) => () => void;
  /** The user's current token version; undefined when the user is gone or inactive. */
  tokenVersionOf: (userId: number) => Promise<number | undefined>;
}): BrokerAccounts & { ready: Promise<void> } {
  const { dynsec, log } = options;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  // The roles are made once; a failure (the broker away, the plugin missing) is tried again later.
  let roles: Promise<void> | undefined;
  const ensureRoles = () =>
    (roles ??= dynsec
      .must(
        PERMISSIONS.map((p) => ({ command: 'createRole', rolename: consoleRoleName(p), acls: consoleRoleAcls(p) })),
        ['Role already exists'],
      )
      .then(
        () => undefined,
        (error) => {
          roles = undefined;
          throw error;
        },
      ));
  const ready = ensureRoles();
  ready.catch((error) => log.error({ err: error }, 'could not set up the console roles on the broker'));

  const consoleAccounts = async () => {
    const [answer] = await dynsec.must([{ command: 'listClients', verbose: false, count: -1 }]);
    const clients = (answer.data as { clients?: unknown } | undefined)?.clients;
    const names = Array.isArray(clients) ? clients.filter((c): c is string => typeof c === 'string') : [];
    return names.flatMap((username) => {
      const parsed = parseConsoleUsername(username);
      return parsed ? [{ username, ...parsed }] : [];
    });
  };
  const remove = async (usernames: string[]) => {
    if (usernames.length === 0) return 0;
    await dynsec.must(
      usernames.map((username) => ({ command: 'deleteClient', username })),
      ['Client not found'],
    );
    return usernames.length;
  };
  const removeUser = async (userId: number) =>
    remove((await consoleAccounts()).filter((a) => a.userId === userId).map((a) => a.username));

  const sweep = async (now = nowSeconds()) => {
    const accounts = await consoleAccounts();
    const versions = new Map<number, number | undefined>();
    for (const userId of new Set(accounts.map((a) => a.userId))) versions.set(userId, await options.tokenVersionOf(userId));
    return remove(accounts.filter((a) => a.expiresAt <= now || versions.get(a.userId) !== a.tokenVersion).map((a) => a.username));
  };

  const stopRevocations = options.onRevoked((userId) => {
    removeUser(userId).catch((error) => log.error({ err: error, userId }, 'could not remove a console broker account'));
  });
  const sweeper = setInterval(() => {
    sweep().catch((error) => log.warn({ err: error }, 'could not remove expired console broker accounts'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  return {
    ready,
    sweep,
    async issue(session) {
      try {
        await ensureRoles();
        // A user's oldest accounts make room, as the embedded broker limits connections per user.
        const own = (await consoleAccounts()).filter((a) => a.userId === session.userId);
        const excess = own.length - (BROKER_LIMITS.connectionsPerIdentity - 1);
        if (excess > 0)
          await remove(
            own
              .sort((a, b) => a.expiresAt - b.expiresAt)
              .slice(0, excess)
              .map((a) => a.username),
          );
        const hex = randomBytes(4).toString('hex');
        const account = {
          username: consoleUsername(session, hex),
          password: randomBytes(24).toString('base64url'),
          clientId: brokerClientId.web(hex),
        };
        await dynsec.must([
          {
            command: 'createClient',
            username: account.username,
            password: account.password,
            clientid: account.clientId,
            roles: [{ rolename: consoleRoleName(session.permission) }],
          },
        ]);
        return account;
      } catch (error) {
        // The broker away or without the plugin: the console retries, nothing it sent was wrong.
        log.warn({ err: error }, 'could not make a console broker account');
        throw unavailable(error);
      }
    },
    close() {
      clearInterval(sweeper);
      stopRevocations();
      dynsec.close();
    },
  };
}
