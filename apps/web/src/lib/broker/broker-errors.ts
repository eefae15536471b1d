/**
 * Why the broker connection failed, as the console tells it (`mqtt.error.<reason>` in the
 * locales): the client library's own words stay in the log.
 */
export type BrokerErrorReason = 'credentials' | 'unavailable' | 'start' | 'failed';

/** The code of an error raised when the broker worker cannot start (broker-worker-client.ts). */
export const WORKER_START_FAILED = 'worker_start_failed';

/** CONNACK refusals for bad credentials or no authorisation, MQTT 3.1.1 (4, 5) and 5 (134, 135). */
const CREDENTIAL_REFUSALS = new Set<unknown>([4, 5, 134, 135]);
/** Server unavailable (3; 5: 136) or busy (137), and the socket errors of a broker that is not there. */
const UNAVAILABLE = new Set<unknown>([3, 136, 137, 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'ETIMEDOUT']);

const codeOf = (error: Error) => (error as Error & { code?: unknown }).code;

/** A refusal of the credentials: retrying them cannot help, new ones are needed. */
export const isCredentialRefusal = (error: Error) => CREDENTIAL_REFUSALS.has(codeOf(error));

export function brokerErrorReason(error: Error): BrokerErrorReason {
  const code = codeOf(error);
  if (CREDENTIAL_REFUSALS.has(code)) return 'credentials';
  if (code === WORKER_START_FAILED) return 'start';
  if (UNAVAILABLE.has(code) || /connack timeout/i.test(error.message)) return 'unavailable';
  return 'failed';
}
