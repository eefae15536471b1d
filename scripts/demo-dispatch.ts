// The demo's stand-in for waiters: every few seconds each demo track that has an idle robot is sent
// a target point, through the same tracked command path as the console's "send target point".
import { mapTables, pointsOfType, type TrackMap } from '@railserve/protocol';
import { dispatchableRobots, type Fleet } from '@railserve/robot-sim';
import type { FastifyInstance } from 'fastify';
import { sendTrackCommand } from '../apps/server/src/modules/tracks/commands.ts';

const DISPATCH_EVERY_MS = 5000;

/** Whether the simulated controller of the track sees a robot that could take an order now (idle, not charging). */
function hasIdleRobot(fleet: Fleet, trackId: number) {
  const state = fleet.controller(trackId)?.state;
  if (state?.status !== 3) return false;
  return dispatchableRobots(state).length > 0;
}

export function startDispatching(app: FastifyInstance, fleet: Fleet, maps: Map<number, TrackMap>) {
  let turn = 0;
  const dispatch = async () => {
    turn++;
    for (const [trackId, map] of maps) {
      const serving = pointsOfType(map, 'serving');
      const tables = mapTables(map);
      if (serving.length === 0 || tables.length === 0 || !hasIdleRobot(fleet, trackId)) continue;
      const table = tables[(turn * 5 + trackId) % tables.length];
      const order = { command: 'send_target' as const, args: { servingPoint: serving[0], target: table.point } };
      await sendTrackCommand(app, trackId, order, 'demo', false).catch((error) =>
        app.log.debug({ err: error, trackId }, 'demo dispatch not sent'),
      );
    }
  };
  const timer = setInterval(() => void dispatch(), DISPATCH_EVERY_MS);
  return () => clearInterval(timer);
}
