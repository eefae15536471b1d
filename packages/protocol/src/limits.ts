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

/**
 * Bounds on a JSON payload before it is parsed (docs/protocol.md, "Payload bounds"). `parseJson`
 * answers "not JSON" beyond either, before any recursive work: a payload nested 20,000 levels
 * deep (40 KB) overflowed the stack of whatever walked it next (JSON.stringify, a schema, a copy).
 */
export const PAYLOAD_LIMITS = {
  /**
   * Bytes (characters for a string): the server's own packet cap (BROKER_LIMITS.serverPacketBytes),
   * as a saved map, the largest payload, is the server's; devices and consoles are held to less
   * by the broker before this.
   */
  jsonBytesMax: 16 * 1024 * 1024,
  /**
   * Arrays and objects inside each other, the same bound as a request body's. The deepest payload
   * of the protocol is a map's table layout, 5 levels (map → tables → pages → page → cells); a
   * console's free-form `data` gets room.
   */
  jsonDepthMax: JSON_BODY_DEPTH_MAX,
} as const;

/**
 * The embedded broker's retained store (docs/protocol.md, "Retained messages"): what devices
 * retain, per owner and in all. The server's own retained messages (maps, system status) are
 * bounded by its database and not counted. Over a bound the message is delivered but not kept.
 */
export const RETAINED_LIMITS = {
  /** Retained topics of one owner: a robot has two (status, configuration report). */
  messagesPerOwner: 4,
  /** Bytes one owner keeps (payloads and topics): a status and a configuration report are about 1 KB each. */
  bytesPerOwner: 64 * 1024,
  /** Retained messages of all devices: two per robot of the largest fleet (FLEET_MAX_ROBOTS, 20,000) and more. */
  messagesTotal: 50_000,
  /** Bytes of all devices' retained messages: a 20,000-robot fleet's statuses and reports take about 40 MB. */
  bytesTotal: 64 * 1024 * 1024,
} as const;
