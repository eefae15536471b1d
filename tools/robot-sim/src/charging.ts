import type { TrackMap } from '@railserve/protocol';
import { homePoint, type RobotModel } from './robot-model.ts';

/**
 * The charging rule robots and their track controller share: a robot whose battery falls below
 * CHARGE_BELOW drives to its charge point on its own, and the controller dispatches it again only
 * once it has charged to CHARGED_AT. The gap between the two keeps a robot from taking an order
 * the moment it crosses the threshold and coming back to charge right after.
 */
export const CHARGE_BELOW = 30;
export const CHARGED_AT = 90;

/** Whether a robot at `point` charges there: parking (HOME) points and points marked as charge points. */
export function chargesAt(map: TrackMap | null, point: number | undefined): boolean {
  if (!map) return true;
  return map.points.some((p) => p.number === point && (p.type === 'parking' || p.charge === true));
}

/** Where the robot goes to charge: its own parking point when that charges, else the first charge point. */
export function chargePoint(m: RobotModel, map: TrackMap | null): number | undefined {
  if (!map) return undefined;
  const home = homePoint(m, map);
  if (chargesAt(map, home)) return home;
  return map.points.find((p) => p.charge === true)?.number;
}

/**
 * The controller's view of one robot from its reported battery, with the hysteresis above:
 * charging from below CHARGE_BELOW until CHARGED_AT, unchanged in between.
 */
export function stillCharging(wasCharging: boolean, battery: number | undefined): boolean {
  if (battery === undefined) return wasCharging;
  if (battery < CHARGE_BELOW) return true;
  if (battery >= CHARGED_AT) return false;
  return wasCharging;
}
