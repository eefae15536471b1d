// Enrolled robots in their own process, each signing in with its own credential
// (BENCH_CREDENTIALS: a JSON file of {sn, password}), on the fleet plan's tracks. They connect in
// batches of 100 (BENCH_CONNECT_PAUSE_MS between them), answer 'ready' once every one is connected, and from then on reconnect by
// themselves, as firmware does, whenever the broker goes away. 'stop' ends them.
import { readFileSync } from 'node:fs';
import { SimRobot } from '@railserve/robot-sim';
import { fleetPlan } from '../fleet/fleet-plan.ts';

const credentials = new Map<string, string>(
  (JSON.parse(readFileSync(process.env.BENCH_CREDENTIALS!, 'utf8')) as { sn: string; password: string }[]).map((c) => [
    c.sn,
    c.password,
  ]),
);
const robots = fleetPlan(credentials.size).flatMap((track) =>
  track.sns.map(
    (sn, homeIndex) =>
      new SimRobot({
        url: process.env.BENCH_BROKER_URL!,
        sn,
        deviceKey: credentials.get(sn)!,
        trackId: track.trackId,
        homeIndex,
        battery: 60 + (homeIndex % 40),
        // A heartbeat every 5 s (the fleet bench uses 1 s): the storm is the reconnects, each of
        // which publishes the robot's status at once.
        statusIntervalMs: Number(process.env.BENCH_STATUS_MS ?? 5000),
        alarmRate: 0,
        seed: 42,
      }),
  ),
);
/** Tries again until it is in, as firmware does (a busy broker refuses or drops connections signing in). */
async function start(robot: SimRobot): Promise<void> {
  for (;;) {
    try {
      return await robot.start();
    } catch {
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}
// The first connect in batches with a pause between them, as a fleet powering up over a few
// minutes would (the restart's storm is all at once, by the robots' own reconnects).
const pauseMs = Number(process.env.BENCH_CONNECT_PAUSE_MS ?? 1000);
for (let i = 0; i < robots.length; i += 100) {
  await Promise.all(robots.slice(i, i + 100).map((r) => start(r)));
  await new Promise((r) => setTimeout(r, pauseMs));
}
process.send?.({ type: 'ready' });

process.on('message', async (message: { type: string }) => {
  if (message.type === 'stop') {
    await Promise.all(robots.map((r) => r.stop().catch(() => {})));
    process.exit(0);
  }
});
