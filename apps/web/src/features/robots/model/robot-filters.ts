import {
  ROBOT_CONNECTIONS,
  ROBOT_HEALTHS,
  ROBOT_STATES,
  type Robot,
  type RobotConnection,
  type RobotHealth,
  type RobotState,
} from '@railserve/protocol';
import { fromUrl } from '../../../lib/url-params.ts';

export type RobotFilters = {
  q?: string;
  connection?: RobotConnection;
  health?: RobotHealth;
  state?: RobotState;
  /** The robot's last track, by name. */
  track?: string;
};

/** Reads the filters from the URL, so reloads and the back button keep them. */
export function parseRobotFilters(search: URLSearchParams): RobotFilters {
  return {
    q: fromUrl.text(search.get('q')),
    connection: fromUrl.oneOf(ROBOT_CONNECTIONS, search.get('connection')),
    health: fromUrl.oneOf(ROBOT_HEALTHS, search.get('health')),
    state: fromUrl.oneOf(ROBOT_STATES, search.get('state')),
    track: fromUrl.text(search.get('track')),
  };
}

/** Whether a robot passes the filters: the same matching as the server's `GET /robots` filters. */
export function robotMatcher(filters: RobotFilters): (robot: Robot) => boolean {
  const q = filters.q?.toLowerCase();
  return (r) =>
    (!q || [r.sn, r.name, r.lastTrackName ?? ''].some((text) => text.toLowerCase().includes(q))) &&
    (!filters.connection || r.connection === filters.connection) &&
    (!filters.health || r.health === filters.health) &&
    (!filters.state || r.state === filters.state) &&
    (!filters.track || r.lastTrackName === filters.track);
}

/** The tracks robots were last seen on, for the track filter. */
export const lastTrackNames = (robots: readonly Robot[]) =>
  [...new Set(robots.map((r) => r.lastTrackName).filter((name): name is string => !!name))].sort();
