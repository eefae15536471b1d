import {
  BROKER_LIMITS,
  brokerClientId,
  consoleReadTopics,
  isValidSn,
  parseSiteDeviceUsername,
  RETAINED_TOPICS,
  siteDeviceUsername,
  topicFilters,
  topicMatches,
  topics,
  WEB_CLIENT_ID_PATTERN,
} from '@railserve/protocol';

/** Who a broker client is (DESIGN section 4). */
export type BrokerIdentity =
  | { role: 'server' }
  | { role: 'robot'; sn: string }
  | { role: 'controller'; trackId: number }
  | { role: 'web'; userId: number; username?: string; permission: number; tokenVersion: number; expiresAt: number }
  | SiteDeviceIdentity;

export const SERVER_BROKER_USERNAME = 'railserve-server';
export const WEB_BROKER_USERNAME = 'web';

/**
 * What a console may publish: the spec's system messages, but never the server's retained system
 * status. The embedded broker and the Mosquitto console roles (modules/auth/console-role.ts) both use these.
 */
export const CONSOLE_PUBLISH_FILTERS = [topics.system('+')] as const;
export const CONSOLE_PUBLISH_DENIED = [topics.systemStatus] as const;

/** The identity a device username claims; the password is checked by the caller. */
export function deviceIdentity(username: string): BrokerIdentity | undefined {
  const site = siteDeviceIdentity(username);
  if (site) return site;
  const controller = /^track-(\d{1,9})$/.exec(username);
  if (controller) return { role: 'controller', trackId: Number(controller[1]) };
  if (username === SERVER_BROKER_USERNAME || username === WEB_BROKER_USERNAME) return undefined;
  return isValidSn(username) ? { role: 'robot', sn: username } : undefined;
}

/** True when every topic `requested` can match is also matched by `allowed`. */
export function filterCovers(allowed: string, requested: string): boolean {
  const a = allowed.split('/');
  const r = requested.split('/');
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '#') return true;
    if (i >= r.length) return false;
    if (r[i] === '#') return false;
    if (a[i] === '+') continue;
    if (a[i] !== r[i]) return false;
  }
  return a.length === r.length;
}

function publishFilters(identity: BrokerIdentity): string[] {
  switch (identity.role) {
    case 'server':
      return ['#'];
    case 'robot':
      return [
        topics.robotStatus(identity.sn),
        topics.alert(identity.sn),
        topics.robotAck(identity.sn),
        topics.robotConfigReport(identity.sn),
        topics.robotUpgrade(identity.sn),
        topics.log('robot'),
      ];
    case 'controller':
      return [
        topics.trackStatus(identity.trackId),
        topics.trackAck(identity.trackId),
        topics.log('track'),
        topicFilters.robotCommand,
      ];
    case 'web':
      return [...CONSOLE_PUBLISH_FILTERS];
    case 'site_server':
    case 'tablet':
      return siteDevicePublishFilters(identity);
  }
}

function subscribeFilters(identity: BrokerIdentity): readonly string[] {
  switch (identity.role) {
    case 'server':
      return ['#'];
    case 'robot':
      return [topics.robotCommand(identity.sn), topics.robotConfig(identity.sn, '+'), topics.trackMap('+')];
    case 'controller':
      return [topics.trackCommand(identity.trackId), topics.trackMap(identity.trackId), topics.robotStatus('+')];
    case 'web':
      // The same matrix as the API: level 3 does not read the live logs (logs.view).
      return consoleReadTopics(identity.permission);
    case 'site_server':
    case 'tablet':
      return siteDeviceSubscribeFilters(identity);
  }
}

/** A robot's or controller's own topics (Mosquitto's per-device roles repeat them: modules/devices/broker-clients.ts). */
export function deviceTopicRules(identity: Extract<BrokerIdentity, { role: 'robot' | 'controller' }>) {
  return { publish: publishFilters(identity), subscribe: [...subscribeFilters(identity)] };
}

/** An identity's publish filters, made once per identity: the broker asks at every message. */
const publishFiltersOf = new WeakMap<BrokerIdentity, string[]>();

/** Whether `identity` may publish on `topic`, a topic name (a wildcard in it is refused). */
export function canPublish(identity: BrokerIdentity, topic: string, retain = false): boolean {
  if (topic.startsWith('$') || topic.includes('+') || topic.includes('#')) return false;
  // The retained system status is the server's alone.
  if (identity.role === 'web' && (CONSOLE_PUBLISH_DENIED as readonly string[]).includes(topic)) return false;
  if (retain && !mayRetain(identity, topic)) return false;
  let filters = publishFiltersOf.get(identity);
  if (!filters) {
    filters = publishFilters(identity);
    publishFiltersOf.set(identity, filters);
  }
  return filters.some((filter) => topicMatches(filter, topic));
}

/**
 * Retained messages only on the topics DESIGN section 4 marks retained, and only from their owner
 * (whose publish rules already limit it to its own topics); the server may retain or clear any.
 */
export function mayRetain(identity: BrokerIdentity, topic: string): boolean {
  if (identity.role === 'server') return true;
  if (identity.role === 'web') return false;
  return RETAINED_TOPICS.some((filter) => topicMatches(filter, topic));
}

/** A robot command topic `HCP4/{sn}/cmd`: the robot it commands, else undefined. */
export function commandedRobot(topic: string): string | undefined {
  const match = /^HCP4\/([^/]+)\/cmd$/.exec(topic);
  return match && match[1] !== 'track' ? match[1] : undefined;
}

/**
 * Whether `clientId` is one this identity may use on the embedded broker (docs/protocol.md): ids
 * name their owner. None for the server, which is in the broker's process and connects to it as no client.
 */
export function clientIdAllowed(identity: BrokerIdentity, clientId: string): boolean {
  switch (identity.role) {
    case 'server':
      return false;
    case 'robot':
      return clientId === brokerClientId.robot(identity.sn);
    case 'controller':
      return clientId === brokerClientId.controller(identity.trackId);
    case 'web':
      return WEB_CLIENT_ID_PATTERN.test(clientId);
    case 'site_server':
    case 'tablet':
      // The on-site server and the tablet connect with their username as client id.
      return clientId === siteDeviceUsername(identity.role, identity.sessionCode);
  }
}

/** One key per identity: connections are counted and revoked by it. */
export function identityKey(identity: BrokerIdentity): string {
  switch (identity.role) {
    case 'server':
      return 'server';
    case 'robot':
      return `robot:${identity.sn}`;
    case 'controller':
      return `controller:${identity.trackId}`;
    case 'web':
      return `web:${identity.userId}`;
    case 'site_server':
    case 'tablet':
      return `${identity.role}:${identity.sessionCode}`;
  }
}

/** The largest MQTT packet (remaining length) the identity may send once signed in. */
export function packetLimit(identity: BrokerIdentity): number {
  if (identity.role === 'server') return BROKER_LIMITS.serverPacketBytes;
  if (identity.role === 'web') return BROKER_LIMITS.browserPacketBytes;
  return BROKER_LIMITS.devicePacketBytes;
}

export function canSubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (filter.startsWith('$') && identity.role !== 'server') return false;
  const requested = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
  return subscribeFilters(identity).some((allowed) => filterCovers(allowed, requested));
}

/**
 * The on-site server and the ordering tablet of a session (docs/protocol.md): usernames
 * `site-{sessionCode}` and `tablet-{sessionCode}`, password DEVICE_KEY. They report the version
 * they run, and read what the console shows (robot and track status, the system status).
 */
export type SiteDeviceIdentity = { role: 'site_server' | 'tablet'; sessionCode: string };

export function siteDeviceIdentity(username: string): SiteDeviceIdentity | undefined {
  const device = parseSiteDeviceUsername(username);
  return device ? { role: device.kind, sessionCode: device.sessionCode } : undefined;
}

function siteDevicePublishFilters(identity: SiteDeviceIdentity): string[] {
  return [topics.deviceVersion(siteDeviceUsername(identity.role, identity.sessionCode))];
}

function siteDeviceSubscribeFilters(_identity: SiteDeviceIdentity): string[] {
  return [topics.systemStatus, topics.robotStatus('+'), topics.trackStatus('+')];
}
