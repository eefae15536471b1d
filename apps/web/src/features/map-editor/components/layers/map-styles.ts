import type { MapPathType, MapPointType, Robot } from '@railserve/protocol';

export const POINT_RADIUS = 9;
export const SELECTED = '#fa8c16';

export const POINT_COLORS: Record<MapPointType, string> = {
  path: '#8c8c8c',
  table: '#1677ff',
  serving: '#52c41a',
  parking: '#722ed1',
};

/** Each path type has its own look; straight lines are plain, turns curve, close-loop paths dash. */
export const PATH_STYLES: Record<MapPathType, { color: string; dash?: number[]; bend: -1 | 0 | 1; both?: boolean }> = {
  straight_left: { color: '#13c2c2', bend: 0 },
  straight_right: { color: '#2f54eb', bend: 0 },
  turn_left: { color: '#13c2c2', bend: -1 },
  turn_right: { color: '#2f54eb', bend: 1 },
  turn_left_close_loop: { color: '#eb2f96', dash: [10, 6], bend: -1 },
  turn_right_close_loop: { color: '#eb2f96', dash: [10, 6], bend: 1 },
  bidirectional: { color: '#595959', bend: 0, both: true },
};

/** A robot's colour: its health first (critical, warning), then its state. */
export function robotColor(robot: Pick<Robot, 'health' | 'state' | 'connection'>): string {
  if (robot.connection !== 'online') return '#bfbfbf';
  if (robot.health === 'critical' || robot.state === 'alarm') return '#f5222d';
  if (robot.health === 'warning') return '#faad14';
  if (robot.state === 'goto' || robot.state === 'return') return '#1677ff';
  if (robot.state === 'arrive') return '#52c41a';
  return '#13c2c2';
}

/** The points of a path line: straight, or bent to the left or right of its direction through a midpoint. */
export function pathLine(a: { x: number; y: number }, b: { x: number; y: number }, bend: -1 | 0 | 1): number[] {
  if (bend === 0) return [a.x, a.y, b.x, b.y];
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const offset = 0.2 * bend;
  return [a.x, a.y, (a.x + b.x) / 2 + dy * offset, (a.y + b.y) / 2 - dx * offset, b.x, b.y];
}
