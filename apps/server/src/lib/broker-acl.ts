import { CONSOLE_READ_TOPICS, isValidSn, topics } from '@railserve/protocol';

/** Who a broker client is (DESIGN section 4). */
export type BrokerIdentity =
  | { role: 'server' }
  | { role: 'robot'; sn: string }
  | { role: 'controller'; trackId: number }
  | { role: 'web'; userId: number };

export const SERVER_BROKER_USERNAME = 'railserve-server';
export const WEB_BROKER_USERNAME = 'web';

/** The identity a device username claims; the password is checked by the caller. */
export function deviceIdentity(username: string): BrokerIdentity | undefined {
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
        topics.log('robot'),
      ];
    case 'controller':
      return [topics.trackStatus(identity.trackId), topics.trackAck(identity.trackId), topics.log('track'), 'HCP4/+/cmd'];
    case 'web':
      return ['hcpro4/system/+'];
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
      return CONSOLE_READ_TOPICS;
  }
}

export function canPublish(identity: BrokerIdentity, topic: string): boolean {
  if (topic.startsWith('$')) return false;
  // The retained system status is the server's alone.
  if (identity.role === 'web' && topic === topics.systemStatus) return false;
  return publishFilters(identity).some((filter) => filterCovers(filter, topic));
}

export function canSubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (filter.startsWith('$') && identity.role !== 'server') return false;
  const requested = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
  return subscribeFilters(identity).some((allowed) => filterCovers(allowed, requested));
}
