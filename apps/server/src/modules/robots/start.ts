import { topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { startConfigReportIngest } from './config-reports.ts';
import { createConsoleFeed, encodeConsoleFeed } from './console-feed.ts';
import { robotEvents } from './events.ts';
import { RobotFleet } from './fleet.ts';
import { startRobotIngest } from './ingest.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The robots' live state and its batched database writes (modules/robots/fleet.ts). */
    robots: RobotFleet;
  }
}

/** Visible changes gather this long before one write: a burst of 5,000 statuses becomes a handful of statements. */
const FLUSH_DELAY_MS = 100;

/** Starts the robots module: the live fleet, broker ingest and robot events. */
export async function startRobots(app: FastifyInstance) {
  const events = robotEvents(app);
  const offlineAfterMs = app.config.robotOfflineAfterMs;
  // lastUpdate reaches the database several times per offline period, so any server instance can judge silence.
  const sweepMs = Math.min(10_000, Math.max(250, Math.floor(offlineAfterMs / 4)));
  // Consoles take the fleet's statuses from this feed, not one message per status (docs/protocol.md).
  const feed = createConsoleFeed((payload) =>
    app.faultGuard.run({ where: "the consoles' robot feed" }, () => {
      if (!app.mqtt.connected) return;
      app.mqtt.publish(topics.consoleRobots, encodeConsoleFeed(payload), { qos: 0 }).catch((error) => {
        app.log.warn({ err: error }, "publishing the consoles' robot feed failed");
      });
    }),
  );
  const fleet = new RobotFleet(app.db, app.log, events, {
    flushDelayMs: FLUSH_DELAY_MS,
    sweepMs,
    offlineAfterMs,
    // Like the broker with a last will: every console (and the retained topic) learns the robot is gone.
    onSilent: (robot) => {
      const status = { sn: robot.sn, connection: 'offline', ts: robot.lastUpdate.toISOString() } as const;
      // Its echo on the status topic is no news to this fleet, so the consoles hear it from here.
      feed.status(status);
      if (!app.mqtt.connected) return;
      app.mqtt.publish(topics.robotStatus(robot.sn), status, { retain: true }).catch((error) => {
        app.log.warn({ err: error, sn: robot.sn }, 'publishing a silent robot as offline failed');
      });
    },
    onStatus: feed.status,
    onForget: feed.removal,
    guard: app.faultGuard,
  });
  await fleet.start();
  app.decorate('robots', fleet);
  const { drop } = startRobotIngest(app, fleet, events);
  startConfigReportIngest(app, fleet, drop);
  app.addHook('onClose', async () => {
    await fleet.stop();
    feed.close();
  });
}
