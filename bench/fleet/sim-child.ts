// The simulated robots in their own process (5,000 MQTT connections and their timers are too
// much to share a process with the server on two cores). Talks to run.ts over IPC: 'ready' once every
// robot is connected, 'probe' (give a robot a new name and answer the timestamp of the status
// that says so), 'stop'.
import type { RobotStatusPayload } from '@railserve/protocol';
import { planFleet, publishMaps, SimRobot } from '@railserve/robot-sim';

// Robots only: the simulator's track controllers subscribe to every robot's status, which would
// multiply the broker's fan-out by the number of tracks and measure the controllers, not the server.
const count = Number(process.env.BENCH_ROBOTS);
const url = process.env.BENCH_BROKER_URL!;
const plan = planFleet({ robots: count, tracks: Math.ceil(count / 20), snPrefix: 'BENCH' });
await publishMaps(url, plan, { username: 'railserve-server', password: process.env.BENCH_SERVER_BROKER_PASSWORD! });
const robots = plan.flatMap((track) =>
  track.sns.map(
    (sn, homeIndex) =>
      new SimRobot({
        url,
        sn,
        deviceKey: process.env.BENCH_DEVICE_KEY!,
        trackId: track.trackId,
        homeIndex,
        battery: 60 + (homeIndex % 40),
        statusIntervalMs: 1000,
        alarmRate: 2,
        seed: 42,
      }),
  ),
);
/** A robot whose connect timed out (a busy broker) tries again, as real firmware does. */
async function start(robot: SimRobot, attempts = 5): Promise<void> {
  try {
    await robot.start();
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`${robot.sn}: ${(error as Error).message}; retrying`);
    await new Promise((r) => setTimeout(r, 2000));
    return start(robot, attempts - 1);
  }
}
// Connect in batches, as a fleet powering up over a few minutes would, not all in one instant.
const pauseMs = Number(process.env.BENCH_CONNECT_PAUSE_MS ?? 0);
for (let i = 0; i < robots.length; i += 100) {
  await Promise.all(robots.slice(i, i + 100).map((r) => start(r)));
  if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
}
const fleet = {
  robots,
  robot: (sn: string) => robots.find((r) => r.sn === sn),
  stop: async () => {
    for (let i = 0; i < robots.length; i += 100) await Promise.all(robots.slice(i, i + 100).map((r) => r.stop()));
  },
};
process.send?.({ type: 'ready', sns: fleet.robots.map((r) => r.sn) });

process.on('message', async (message: { type: string; sn?: string; name?: string }) => {
  if (message.type === 'probe' && message.sn && message.name) {
    const robot = fleet.robot(message.sn);
    if (!robot) return process.send?.({ type: 'probe', ts: null });
    const published = new Promise<RobotStatusPayload>((resolve) => {
      const onStatus = (payload: RobotStatusPayload) => {
        if (payload.name !== message.name) return;
        robot.off('status', onStatus);
        resolve(payload);
      };
      robot.on('status', onStatus);
    });
    robot.apply(() => {
      robot.model.name = message.name;
    });
    process.send?.({ type: 'probe', ts: (await published).ts });
  }
  if (message.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage(), rss: process.memoryUsage().rss });
  if (message.type === 'stop') {
    await fleet.stop();
    process.exit(0);
  }
});
