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
});
export type VersionInfo = z.infer<typeof versionInfo>;

export const healthInfo = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.boolean(),
  broker: z.boolean(),
  uptimeSeconds: z.number(),
});
export type HealthInfo = z.infer<typeof healthInfo>;
