import { formatLogEvent, parseJson, type TrackMap, trackMap } from '@railserve/protocol';
import { homePoint, type ModelEvent, type RobotModel } from './robot-model.ts';
import { endTrip } from './robot-step.ts';

/**
 * A retained map arrived on `HCP4/track/{id}/map`. An empty payload means the map was cleared;
 * an invalid one is logged and ignored (the robot keeps driving on the map it has). A robot
 * whose position is not on the new map goes back to its home point, as after re-homing.
 */
export function readMap(m: RobotModel, current: TrackMap | null, payload: Buffer, now: number, events: ModelEvent[]) {
  if (payload.length === 0) {
    events.push({ type: 'log', level: 'warning', logType: 'map', message: formatLogEvent('device_map_cleared') });
    if (m.leg) endTrip(m, now, events);
    return null;
  }
  const parsed = trackMap.safeParse(parseJson(payload));
  if (!parsed.success) {
    events.push({ type: 'log', level: 'warning', logType: 'map', message: formatLogEvent('device_map_invalid') });
    return current;
  }
  const map = parsed.data;
  const known = new Set(map.points.map((p) => p.number));
  if (m.leg && !m.route.every((n) => known.has(n))) endTrip(m, now, events);
  if (m.state !== 'init' && (m.point === undefined || !known.has(m.point))) m.point = homePoint(m, map);
  events.push({
    type: 'log',
    level: 'info',
    logType: 'map',
    message: formatLogEvent('device_map_loaded', { points: map.points.length }),
  });
  return map;
}
