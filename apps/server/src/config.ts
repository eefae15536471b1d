import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65535);
const secret = z.string().min(16, { error: 'must be at least 16 characters' });

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, { error: 'must start with mqtt://, mqtts://, ws:// or wss://' })
    .optional(),
  MQTT_PORT: port.default(1883),
  MQTT_WS_PORT: port.default(9001),
  ADMIN_PASSWORD: z.string().min(6, { error: 'must be at least 6 characters' }).optional(),
  DEVICE_KEY: secret.optional(),
  JWT_SECRET: secret.optional(),
  TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(12 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COMMAND_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  ROBOT_OFFLINE_AFTER_S: z.coerce.number().int().min(2).max(3600).default(15),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  WEB_DIST: z.string().optional(),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  mqttPort: number;
  mqttWsPort: number;
  adminPassword?: string;
  deviceKey?: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  logLevel: string;
  commandTimeoutMs: number;
  robotOfflineAfterMs: number;
  logRetentionDays: number;
  webDist?: string;
  loginAttemptsPerMinute: number;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops the start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttWsPort: e.MQTT_WS_PORT,
    adminPassword: e.ADMIN_PASSWORD,
    deviceKey: e.DEVICE_KEY,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    commandTimeoutMs: e.COMMAND_TIMEOUT_MS,
    robotOfflineAfterMs: e.ROBOT_OFFLINE_AFTER_S * 1000,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    webDist: e.WEB_DIST,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
  };
}
