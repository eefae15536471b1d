import { type Action, can } from '../permissions.ts';
import { CONSOLE_READ_TOPICS, topicFilters, topics } from './topics.ts';

/**
 * Limits of the embedded broker (docs/protocol.md, "Broker identities and limits"). Packet sizes
 * are the MQTT remaining length the broker accepts before it closes the connection.
 */
export const BROKER_LIMITS = {
  /** Any packet before the client is signed in: a CONNECT with its will fits easily. */
  unauthenticatedPacketBytes: 64 * 1024,
  /** A robot's or controller's packets, and the largest device payload the server ingests. */
  devicePacketBytes: 256 * 1024,
  /** A browser's packets (also the WebSocket server's maxPayload): system messages are small. */
  browserPacketBytes: 64 * 1024,
  /** The server's own packets: a saved map is the largest thing it publishes. */
  serverPacketBytes: 16 * 1024 * 1024,
  /** Connections that have not signed in yet, all together. */
  unauthenticatedConnections: 256,
  /** A connection that has not signed in within this time is closed. */
  unauthenticatedTimeoutMs: 10_000,
  /** Broker connections of one identity at once (one robot, one controller, one console user). */
  connectionsPerIdentity: 16,
  /**
   * A signed-in connection that leaves what it was sent unread this long
   * is closed: the broker never waits for one peer, which would hold every other delivery back.
   */
  slowPeerTimeoutMs: 30_000,
} as const;

/**
 * Client ids each identity must use (docs/protocol.md): a robot `robot_{sn}`, a track controller
 * `track_{trackId}`, a browser `frontend_` and 8-32 lower-case hex digits. An id names its owner,
 * so nobody can take over another's session by connecting with its id.
 */
export const brokerClientId = {
  robot: (sn: string) => `robot_${sn}`,
  controller: (trackId: number) => `track_${trackId}`,
  web: (hex: string) => `frontend_${hex}`,
} as const;
export const WEB_CLIENT_ID_PATTERN = /^frontend_[0-9a-f]{8,32}$/;

/** The action that opens each console read topic over the broker, as over HTTP (permissions.ts). */
export const CONSOLE_TOPIC_ACTIONS: Record<(typeof CONSOLE_READ_TOPICS)[number], Action> = {
  [topics.systemStatus]: 'live.view',
  [topicFilters.robotStatus]: 'live.view',
  [topics.consoleRobots]: 'live.view',
  [topics.consoleAlarms]: 'live.view',
  [topics.consoleIncidents]: 'live.view',
  /** Escalations go to levels 0-1 only (issue 29). */
  [topics.consoleAlarmNotices]: 'alarms.settings',
  [topicFilters.trackStatus]: 'live.view',
  [topicFilters.log]: 'logs.view',
  [topicFilters.alert]: 'live.view',
  [topics.frontendUpdate]: 'live.view',
};

/** The read topics a console of this level may subscribe to: the broker allows these and no more. */
export function consoleReadTopics(permission: number): string[] {
  return CONSOLE_READ_TOPICS.filter((topic) => can(permission, CONSOLE_TOPIC_ACTIONS[topic]));
}

/**
 * What the console itself subscribes to: its read topics, with the robots' statuses taken from the
 * server's feed (`hcpro4/console/robots`, a few messages a second) instead of one message per
 * status of every robot (thousands a second in a large fleet). Other clients of the `web` role
 * may still subscribe to the raw topic.
 */
export function consoleSubscriptions(permission: number): string[] {
  return consoleReadTopics(permission).filter((topic) => topic !== topicFilters.robotStatus);
}

/**
 * The topics DESIGN section 4 marks retained, and the on-site devices' version reports
 * (docs/protocol.md); nobody else may leave a retained message.
 */
export const RETAINED_TOPICS = [
  topicFilters.robotStatus,
  topicFilters.trackStatus,
  topics.systemStatus,
  topicFilters.robotConfigReport,
  topicFilters.trackMap,
  topicFilters.deviceVersion,
] as const;
