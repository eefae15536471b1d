import { z } from 'zod';
import { user } from './users.ts';

export const loginBody = z.object({
  username: z.string().trim().min(1, { error: 'required' }).max(64),
  password: z.string().min(1, { error: 'required' }).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginData = z.object({ token: z.string(), user });
export type LoginData = z.infer<typeof loginData>;

/** Claims of the session token. The audience keeps it from being mistaken for any other JWT. */
export const TOKEN_AUDIENCE = 'railserve-console';
export const tokenClaims = z.object({
  sub: z.string(),
  username: z.string(),
  permission: z.number().int(),
  /**
   * The user's token version when signed: logout, a password or level change and deactivation raise
   * it. Optional to read (the web app does not need it); the server refuses a token without the current one.
   */
  ver: z.number().int().optional(),
  exp: z.number(),
  iat: z.number().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** What the web app needs to reach the broker and show versions. */
export const clientConfig = z.object({
  mqtt: z.object({ wsPort: z.number().int(), wsPath: z.string(), username: z.string() }),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

export const versionInfo = z.object({
  name: z.string(),
  version: z.string(),
  node: z.string(),
  database: z.enum(['pglite', 'postgres']),
  broker: z.enum(['embedded', 'external']),
  startedAt: z.string(),
  /**
   * The Ed25519 public key (raw 32 bytes, base64) that update files are signed with: a device
   * checks an update's `signature` with it before installing (docs/protocol.md, "Update files").
   */
  updateSigningKey: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfo>;

/** One write queue's counts. */
const writeQueue = z.object({ pending: z.number().int(), dropped: z.number().int(), refused: z.number().int() });

export const supervisorRestarts = z.object({ total: z.number().int().min(0), crashes: z.number().int().min(0) });
export type SupervisorRestarts = z.infer<typeof supervisorRestarts>;

export const healthInfo = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.boolean(),
  broker: z.boolean(),
  uptimeSeconds: z.number(),
  /** The server's write queues: waiting now, and since the start dropped (queue full) or refused (by the database). */
  queues: z.object({ logs: writeQueue, audit: writeQueue, robots: writeQueue }).optional(),
  /** Faults of broker hooks, handlers and writers caught since the start: each cost one connection or one message. */
  faults: z.number().int().optional(),
  /** The devices' retained messages the embedded broker keeps, and those it did not keep (over its bounds) since the start. */
  retained: z
    .object({ messages: z.number().int(), bytes: z.number().int(), owners: z.number().int(), refused: z.number().int() })
    .optional(),
  /**
   * Under the `npm start` supervisor: how often it started the server again since it booted, and
   * how many of those followed a crash (the rest were asked for). Absent without that supervisor.
   */
  restarts: supervisorRestarts.optional(),
});
export type HealthInfo = z.infer<typeof healthInfo>;

/**
 * What a signed-in console connects to the broker with (POST /me/broker-account): on the embedded
 * broker user `web` and the session token; on Mosquitto with dynamic security a short-lived account
 * of its own, with the client id the broker holds it to (docs/deploy.md).
 */
export const brokerAccount = z.object({
  username: z.string(),
  password: z.string(),
  /** `frontend_` and 8 hex digits; absent when the console picks its own. */
  clientId: z.string().optional(),
});
export type BrokerAccount = z.infer<typeof brokerAccount>;
