/** Business constants and limits (spec section 9, DESIGN sections 2-4). */
export const API_PREFIX = '/api/v1';
export const API_ROOT = '/api';

export const PASSWORD_MIN = 6;
export const USERNAME_MAX = 32;
export const NICKNAME_MAX = 64;
export const WIFI_SSID_MAX = 32;
export const WIFI_PASSWORD_MAX = 64;
export const VERSION_PART_MAX = 99;
export const AUDIT_RETENTION_DAYS = 90;
export const LOG_RETENTION_DAYS_DEFAULT = 90;
export const COMMAND_TIMEOUT_MS_DEFAULT = 10_000;

/**
 * Deepest nesting of arrays and objects in a JSON request body (docs/protocol.md, "Request
 * bodies"). The API's own bodies nest a few levels (a map: body, points, point); a deeper body is
 * refused with 400 `json_too_deep` before it is parsed, so no walk over a body can run out of stack.
 */
export const JSON_BODY_DEPTH_MAX = 64;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;

export const BROKER = {
  wsPort: 9001,
  tcpPort: 1883,
  connectTimeoutMs: 4000,
  reconnectPeriodMs: 1000,
  clean: true,
  /** Chrome throttles timers in background tabs; a short keepalive breaks there. */
  keepaliveSeconds: 60,
  clientIdPrefix: 'frontend_',
  recentMessages: 100,
  messageListTrimAbove: 1000,
  messageListTrimTo: 500,
} as const;

export const LAYOUT = {
  siderWidth: 200,
  siderCollapsedWidth: 64,
  mobileBreakpoint: 768,
} as const;

export const LOCALES = ['zh-TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
