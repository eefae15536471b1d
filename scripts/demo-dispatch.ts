// The demo's stand-in for waiters: every few seconds each demo track that has an idle robot may be
// sent a target point, through the same tracked command path as the console's "send target point".
// How often follows a restaurant's day (the simulator's demand model: lunch and dinner rushes, a
// rush at the demo's start), tables are not equally busy, a few trips stop on the way with an
// alarm, and some robots start low on battery so they charge soon (docs/robots-and-simulator.md).
import { mapTables, pointsOfType, type TrackMap } from '@railserve/protocol';
import { abortsOnTheWay, createRng, dispatchableRobots, type Fleet, orderChance, pickTable } from '@railserve/robot-sim';
import type { FastifyInstance } from 'fastify';
import { sendTrackCommand } from '../apps/server/src/modules/tracks/commands.ts';

const DISPATCH_EVERY_MS = 4000;
/** How long after an order an aborted trip's robot stops, and how long its alarm lasts. */
const ABORT_AFTER_MS = 3000;
const ALARM_CLEARS_AFTER_MS = 8000;
/** Every third robot starts just above the charging threshold, so charging shows within minutes. */
const LOW_START_BATTERY = 33;

/** Whether the simulated controller of the track sees a robot that could take an order now (idle, not charging). */
function hasIdleRobot(fleet: Fleet, trackId: number) {
  const state = fleet.controller(trackId)?.state;
  if (state?.status !== 3) return false;
  return dispatchableRobots(state).length > 0;
}

/** Stops one of the track's robots on its way (an alarm), then clears the alarm: an aborted delivery. */
function stopOnTheWay(fleet: Fleet, trackId: number) {
  const robot = fleet.robots.find((r) => r.model.trackId === trackId && r.model.state === 'goto');
  if (!robot) return;
  robot.raiseAlarm('read_point_timeout');
  setTimeout(() => robot.clearAlarm('read_point_timeout'), ALARM_CLEARS_AFTER_MS).unref();
}

export function startDispatching(app: FastifyInstance, fleet: Fleet, maps: Map<number, TrackMap>) {
  const startedAt = Date.now();
  const rng = createRng(startedAt);
  fleet.robots.forEach((robot, i) => {
    if (i % 3 === 0) robot.setBattery(LOW_START_BATTERY);
  });
  const dispatch = async () => {
    for (const [trackId, map] of maps) {
      const serving = pointsOfType(map, 'serving');
      const tables = mapTables(map);
      if (serving.length === 0 || tables.length === 0 || !hasIdleRobot(fleet, trackId)) continue;
      if (!rng.chance(orderChance(Date.now(), startedAt))) continue;
      const table = pickTable(rng, tables);
      const order = { command: 'send_target' as const, args: { servingPoint: serving[0], target: table.point } };
      const sent = await sendTrackCommand(app, trackId, order, 'demo', false).then(
        () => true,
        (error) => {
          app.log.debug({ err: error, trackId }, 'demo dispatch not sent');
          return false;
        },
      );
      if (sent && abortsOnTheWay(rng)) setTimeout(() => stopOnTheWay(fleet, trackId), ABORT_AFTER_MS).unref();
    }
  };
  const timer = setInterval(() => void dispatch(), DISPATCH_EVERY_MS);
  return () => clearInterval(timer);
}
