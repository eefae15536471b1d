import type { Action, AuditType, SupervisorRestarts, TokenClaims } from '@railserve/protocol';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Secrets } from './lib/secrets.ts';
import type { CommandTracker } from './modules/commands/service.ts';

/** One API route with what it requires, as the auth plugin saw it being added. */
export type ApiRoute = { method: string; url: string; public: boolean; action?: Action; devices?: boolean };

/** The signed-in user as the request sees it. */
export type SessionUser = {
  id: number;
  username: string;
  nickname: string | null;
  permission: number;
  tokenVersion?: number;
  mustChangePassword?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    secrets: Secrets;
    db: Database;
    dbKind: 'pglite' | 'postgres';
    /** Awaited by a background batch before its statement (db/client.ts): on the embedded database, requests go first. */
    dbBackgroundTurn: () => Promise<void>;
    /** The server's own broker connection, embedded or external alike (broker/bridge.ts). */
    mqtt: import('./broker/bridge.ts').MqttBridge;
    /** Sends and tracks commands and configuration writes to robots and track controllers. */
    commands: CommandTracker;
    /** Ports the embedded broker listens on; undefined with an external broker. */
    brokerPorts?: { tcp: number; ws: number };
    /** The devices' retained messages the embedded broker keeps, and those it refused (broker/embedded/retained-budget.ts); undefined with an external broker. */
    retainedUsage?: () => { messages: number; bytes: number; owners: number; refused: number };
    startedAt: Date;
    /**
     * What the process does on `POST /system/restart`, and how often the `npm start` supervisor
     * started it again (/api/health); both unset when nothing supervises it (tests).
     */
    lifecycle: { restart?: () => void; restarts?: SupervisorRestarts };
    /** Batched writer of log records (modules/logs): `app.eventLog.write({source, level, type, message, …})`. */
    eventLog: import('./modules/logs/writer.ts').EventLog;
    /** The broker accounts consoles sign in with (modules/auth/broker-accounts.ts). */
    brokerAccounts: import('./modules/auth/broker-accounts.ts').BrokerAccounts;
    /** Enrolled devices' own broker accounts: Mosquitto dynamic security clients, or nothing to keep (modules/devices/broker-clients.ts). */
    deviceBrokerClients: import('./modules/devices/broker-clients.ts').DeviceBrokerClients;
    /** Ends a user's live broker sessions when their tokens are revoked (lib/user-revocations.ts). */
    userRevocations: import('./lib/user-revocations.ts').UserRevocations;
    /** Checks devices' own credentials and the shared key; ends revoked devices' sessions (modules/devices/credential-check.ts). */
    deviceCredentials: import('./modules/devices/credential-check.ts').DeviceCredentialService;
    /** Signs update files with the key of secrets.json (lib/update-signing.ts). */
    updateSigner: import('./lib/update-signing.ts').UpdateSigner;
    /** Catches a fault of one broker hook, handler or writer so it never ends the process (lib/fault-guard.ts). */
    faultGuard: import('./lib/fault-guard.ts').FaultGuard;
    /** Every /api route and its permission, for the route-walking permission test. */
    apiCatalog: ApiRoute[];
  }
  interface FastifyContextConfig {
    /** Open to everyone, no token needed. Every /api route declares `public` or `action`. */
    public?: boolean;
    /** The permission-matrix action this route performs (packages/protocol permissions.ts). */
    action?: Action;
    /** Refines what the audit hook derives from method and path; `skip` leaves the route out. */
    audit?: { type?: AuditType; target?: string; skip?: boolean };
    /** Devices may call it too, with their broker credentials as HTTP Basic (see plugins/auth.ts). */
    devices?: boolean;
    /** Wrong attempts are limited (429 with this code and Retry-After); the OpenAPI document says so. */
    attemptLimit?: import('@railserve/protocol').ErrorCode;
    /** Open to a user who must still change a generated password (/me, /me/password, /logout). */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The robot or track controller calling a `devices` route with its credentials; unset for users. */
    device?: import('./lib/device-credentials.ts').DeviceIdentity;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<TokenClaims, 'exp' | 'iat' | 'aud'>;
    user: SessionUser;
  }
}
