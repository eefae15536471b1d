import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65535);
const secret = z.string().min(16, { error: 'must be at least 16 characters' });

/** An address or a CIDR block: `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
const isAddressOrBlock = (entry: string) => {
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
};

/** TRUST_PROXY: comma-separated addresses or CIDR blocks of the reverse proxies in front of the console. */
const trustProxy = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .refine((entries) => entries.every(isAddressOrBlock), {
    error: 'must be a comma-separated list of IP addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8)',
  });

/** A quota in MiB: a whole number from 1 MiB to 1 TiB. */
const mebibytes = z.coerce
  .number({ error: 'must be a whole number of MiB (1-1048576)' })
  .int({ error: 'must be a whole number of MiB (1-1048576)' })
  .min(1, { error: 'must be a whole number of MiB (1-1048576)' })
  .max(1_048_576, { error: 'must be a whole number of MiB (1-1048576)' });

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
  MQTT_DYNAMIC_SECURITY: z.stringbool({ error: 'must be true or false' }).default(false),
  MQTT_PORT: port.default(1883),
  MQTT_WS_PORT: port.default(9001),
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'must be 1-64 letters, digits, dots, colons, dashes or underscores' })
    .optional(),
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
  ROLLOUT_RETRY_S: z.coerce.number().int().min(1).max(3600).default(30),
  ROLLOUT_BUSY_DEADLINE_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(1800),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  WEB_DIST: z.string().optional(),
  DEVICE_CREDENTIAL_GRACE_S: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(600),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  ALARM_WEBHOOK_ALLOW_LOOPBACK: z.stringbool({ error: 'must be true or false' }).default(false),
  TRUST_PROXY: trustProxy.optional(),
  AUDIO_QUOTA_PER_TRACK_MB: mebibytes.default(200),
  UPLOAD_QUOTA_TOTAL_MB: mebibytes.default(10_240),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  /** The external Mosquitto's dynamic security plugin gives each console its own broker account. */
  mqttDynamicSecurity: boolean;
  mqttPort: number;
  mqttWsPort: number;
  /**
   * INSTANCE_NAME: this instance's lasting name on an external broker. Set, its session there
   * outlives a restart, so what it had not acknowledged comes back to it; unset, each start has a
   * session of its own (docs/deploy.md, "Delivery guarantee").
   */
  instanceName?: string;
  adminPassword?: string;
  deviceKey?: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  logLevel: string;
  commandTimeoutMs: number;
  robotOfflineAfterMs: number;
  /** A rollout asks a robot that answered "busy" again after this long (ROLLOUT_RETRY_S). */
  rolloutRetryMs: number;
  /** A rollout's robot busy this long after its first "busy" fails (ROLLOUT_BUSY_DEADLINE_S). */
  rolloutBusyDeadlineMs: number;
  logRetentionDays: number;
  webDist?: string;
  loginAttemptsPerMinute: number;
  /** Alarm webhooks may call the server's own machine (127.0.0.0/8, ::1, localhost): off unless ALARM_WEBHOOK_ALLOW_LOOPBACK. */
  alarmWebhookAllowLoopback: boolean;
  /** How long a rotated device's old password still works (DEVICE_CREDENTIAL_GRACE_S). */
  deviceCredentialGraceMs: number;
  /** Reverse proxies whose X-Forwarded-For is believed; empty: the socket's address is the client's. */
  trustProxy: string[];
  /** Bytes of audio one track may keep (AUDIO_QUOTA_PER_TRACK_MB). */
  audioQuotaPerTrackBytes: number;
  /** Bytes of uploads, audio and update files together, the console may keep (UPLOAD_QUOTA_TOTAL_MB). */
  uploadQuotaTotalBytes: number;
};

export class ConfigError extends Error {}

const MIB = 1024 * 1024;

/** Reads the environment; a bad value stops the start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if (e.MQTT_DYNAMIC_SECURITY && !e.MQTT_URL) {
    throw new ConfigError(
      'Invalid configuration: MQTT_DYNAMIC_SECURITY: needs MQTT_URL (the embedded broker checks consoles itself)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttDynamicSecurity: e.MQTT_DYNAMIC_SECURITY,
    mqttPort: e.MQTT_PORT,
    mqttWsPort: e.MQTT_WS_PORT,
    instanceName: e.INSTANCE_NAME,
    adminPassword: e.ADMIN_PASSWORD,
    deviceKey: e.DEVICE_KEY,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    commandTimeoutMs: e.COMMAND_TIMEOUT_MS,
    robotOfflineAfterMs: e.ROBOT_OFFLINE_AFTER_S * 1000,
    rolloutRetryMs: e.ROLLOUT_RETRY_S * 1000,
    rolloutBusyDeadlineMs: e.ROLLOUT_BUSY_DEADLINE_S * 1000,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    webDist: e.WEB_DIST,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    alarmWebhookAllowLoopback: e.ALARM_WEBHOOK_ALLOW_LOOPBACK,
    deviceCredentialGraceMs: e.DEVICE_CREDENTIAL_GRACE_S * 1000,
    trustProxy: e.TRUST_PROXY ?? [],
    audioQuotaPerTrackBytes: e.AUDIO_QUOTA_PER_TRACK_MB * MIB,
    uploadQuotaTotalBytes: e.UPLOAD_QUOTA_TOTAL_MB * MIB,
  };
}

/** Fastify's trustProxy from TRUST_PROXY alone: without it no forwarded header is believed. */
export const trustProxyOption = (config: Pick<Config, 'trustProxy'>) =>
  config.trustProxy.length > 0 ? config.trustProxy : false;
