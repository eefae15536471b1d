/** MQTT topic names (spec section 7, DESIGN section 4). Names are fixed: other programs use them. */

/** `{sn}`: 1-64 of A-Z a-z 0-9 _ - */
export const SN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const isValidSn = (sn: string) => SN_PATTERN.test(sn);
/** SNs in code point order: they are ASCII (SN_PATTERN), need no collator, and a fleet of thousands sorts in a few ms. */
export const compareSn = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const SHARED_GROUP = 'railserve';

/**
 * Each builder keeps its argument's literal type, so `topics.robotStatus('+')` is typed as the
 * filter `'hcpro4/robots/+/status'` (topicFilters).
 */
export const topics = {
  systemStatus: 'hcpro4/system/status',
  system: <T extends string>(type: T) => `hcpro4/system/${type}` as const,
  robotStatus: <S extends string>(sn: S) => `hcpro4/robots/${sn}/status` as const,
  trackStatus: <I extends number | string>(trackId: I) => `hcpro4/tracks/${trackId}/status` as const,
  log: <S extends string>(source: S) => `hcpro4/logs/${source}` as const,
  alert: <S extends string>(sn: S) => `hcpro4/alerts/${sn}` as const,
  frontendUpdate: 'HCP4/frontend/update',
  robotCommand: <S extends string>(sn: S) => `HCP4/${sn}/cmd` as const,
  robotConfig: <S extends string, G extends string>(sn: S, group: G) => `HCP4/${sn}/config/${group}` as const,
  robotConfigReport: <S extends string>(sn: S) => `HCP4/${sn}/config/report` as const,
  robotAck: <S extends string>(sn: S) => `HCP4/${sn}/ack` as const,
  trackCommand: <I extends number | string>(trackId: I) => `HCP4/track/${trackId}/cmd` as const,
  trackMap: <I extends number | string>(trackId: I) => `HCP4/track/${trackId}/map` as const,
  trackAck: <I extends number | string>(trackId: I) => `HCP4/track/${trackId}/ack` as const,
  /** robot → server: how an update is going (mqtt/update-payloads.ts). */
  robotUpgrade: <S extends string>(sn: S) => `HCP4/${sn}/upgrade` as const,
  /** on-site server or ordering tablet → all, retained: the version it runs. */
  deviceVersion: <D extends string>(device: D) => `hcpro4/versions/${device}` as const,
  /** server → consoles: the robots' statuses gathered for a few milliseconds (console-feed.ts). */
  consoleRobots: 'hcpro4/console/robots',
  /** server → consoles: the alarms that changed (schemas/alarms.ts, consoleAlarmsPayload). */
  consoleAlarms: 'hcpro4/console/alarms',
  /** server → consoles: track incidents opened, grown or closed (schemas/alarm-ops.ts). */
  consoleIncidents: 'hcpro4/console/alarm-incidents',
  /** server → consoles: escalations and re-notifications (schemas/alarm-settings.ts, consoleAlarmNoticesPayload). */
  consoleAlarmNotices: 'hcpro4/console/alarm-notices',
} as const;

/**
 * MQTT filters for every topic of one kind (`+` for the robot, track, source...): what the server
 * ingests and the console's handlers listen to. Built by the builders above, never typed by hand.
 */
export const topicFilters = {
  system: topics.system('+'),
  robotStatus: topics.robotStatus('+'),
  trackStatus: topics.trackStatus('+'),
  log: topics.log('+'),
  alert: topics.alert('+'),
  robotCommand: topics.robotCommand('+'),
  robotConfig: topics.robotConfig('+', '+'),
  robotConfigReport: topics.robotConfigReport('+'),
  robotAck: topics.robotAck('+'),
  trackMap: topics.trackMap('+'),
  trackAck: topics.trackAck('+'),
  robotUpgrade: topics.robotUpgrade('+'),
  deviceVersion: topics.deviceVersion('+'),
} as const;

/**
 * What a console may subscribe to: the spec's list (section 7) and the server's robot feed, which
 * the console takes in place of every raw robot status (consoleSubscriptions in broker-rules.ts).
 */
export const CONSOLE_READ_TOPICS = [
  topics.systemStatus,
  topicFilters.robotStatus,
  topics.consoleRobots,
  topics.consoleAlarms,
  topics.consoleIncidents,
  topics.consoleAlarmNotices,
  topicFilters.trackStatus,
  topicFilters.log,
  topicFilters.alert,
  topics.frontendUpdate,
] as const;

/** What the server ingests. */
export const SERVER_INGEST_TOPICS = [
  topicFilters.robotStatus,
  topicFilters.trackStatus,
  topicFilters.alert,
  topicFilters.log,
  topicFilters.system,
  topicFilters.robotAck,
  topicFilters.robotConfigReport,
  topicFilters.trackAck,
  topicFilters.robotUpgrade,
  topicFilters.deviceVersion,
] as const;

/** A shared subscription so that several server instances process each message once. */
export const sharedTopic = (filter: string) => `$share/${SHARED_GROUP}/${filter}`;

/**
 * MQTT wildcard match of a concrete topic against a filter (`#` also matches the parent level,
 * `+` an empty one). Walks both strings level by level without splitting them: the server runs
 * it for every message it routes.
 */
export function topicMatches(filter: string, topic: string): boolean {
  let f = 0;
  let t = 0;
  for (;;) {
    const fEnd = levelEnd(filter, f);
    if (fEnd - f === 1 && filter.charCodeAt(f) === 35 /* # */) return true;
    if (t > topic.length) return false;
    const tEnd = levelEnd(topic, t);
    if (fEnd - f !== 1 || filter.charCodeAt(f) !== 43 /* + */) {
      if (fEnd - f !== tEnd - t) return false;
      for (let i = 0; i < fEnd - f; i++) if (filter.charCodeAt(f + i) !== topic.charCodeAt(t + i)) return false;
    }
    if (fEnd === filter.length) return tEnd === topic.length;
    f = fEnd + 1;
    t = tEnd + 1;
  }
}

function levelEnd(text: string, from: number): number {
  const end = text.indexOf('/', from);
  return end < 0 ? text.length : end;
}

/** Splits `hcpro4/robots/{sn}/status` and friends into their parts; null when it is not one. */
export function parseTopic(
  topic: string,
):
  | { kind: 'robotStatus' | 'alert' | 'robotAck' | 'robotConfigReport' | 'robotUpgrade'; sn: string }
  | { kind: 'deviceVersion'; device: string }
  | { kind: 'trackStatus' | 'trackAck'; trackId: number }
  | { kind: 'log'; source: string }
  | { kind: 'system'; type: string }
  | { kind: 'frontendUpdate' }
  | null {
  const p = topic.split('/');
  if (p[0] === 'hcpro4') {
    if (p[1] === 'robots' && p[3] === 'status' && p.length === 4 && isValidSn(p[2])) return { kind: 'robotStatus', sn: p[2] };
    if (p[1] === 'tracks' && p[3] === 'status' && p.length === 4 && /^\d+$/.test(p[2]))
      return { kind: 'trackStatus', trackId: Number(p[2]) };
    if (p[1] === 'alerts' && p.length === 3 && isValidSn(p[2])) return { kind: 'alert', sn: p[2] };
    if (p[1] === 'logs' && p.length === 3) return { kind: 'log', source: p[2] };
    if (p[1] === 'system' && p.length === 3 && p[2].length > 0) return { kind: 'system', type: p[2] };
    if (p[1] === 'versions' && p.length === 3 && p[2].length > 0) return { kind: 'deviceVersion', device: p[2] };
    return null;
  }
  if (p[0] === 'HCP4') {
    if (p[1] === 'frontend' && p[2] === 'update' && p.length === 3) return { kind: 'frontendUpdate' };
    if (p[1] === 'track' && p[3] === 'ack' && p.length === 4 && /^\d+$/.test(p[2]))
      return { kind: 'trackAck', trackId: Number(p[2]) };
    if (p[2] === 'ack' && p.length === 3 && isValidSn(p[1])) return { kind: 'robotAck', sn: p[1] };
    if (p[2] === 'upgrade' && p.length === 3 && isValidSn(p[1])) return { kind: 'robotUpgrade', sn: p[1] };
    if (p[2] === 'config' && p[3] === 'report' && p.length === 4 && isValidSn(p[1]))
      return { kind: 'robotConfigReport', sn: p[1] };
  }
  return null;
}
