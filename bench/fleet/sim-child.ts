// The simulated robots in their own process (5,000 MQTT connections and their timers are too
// much to share a process with the server on two cores). Talks to run.ts over IPC: 'ready' once every
// robot is connected, 'probe' (give a robot a new name and answer the timestamp of the status
// that says so), 'battery' (set a robot's battery level, the same), 'alarm' (one robot, or every
// robot, raises or clears an alarm: its alert goes out at once; answers when that began), 'acks' (how long the broker
// took to acknowledge the robots' publishes since the last 'acks'), 'stop'.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { AlarmCode, RobotStatusPayload } from '@railserve/protocol';
import { SimRobot } from '@railserve/robot-sim';
import { fleetPlan } from './fleet-plan.ts';
import { Histogram } from './histogram.ts';

// Robots only: the simulator's track controllers subscribe to every robot's status, which would
// multiply the broker's fan-out by the number of tracks and measure the controllers, not the server.
const count = Number(process.env.BENCH_ROBOTS);
const url = process.env.BENCH_BROKER_URL!;
// The server has published this plan's maps.
const plan = fleetPlan(count);
/** The first robot is the benchmarks' probe: its battery changes only when a benchmark sets it. */
const probeSn = plan[0]?.sns[0];
// A slice of the plan's robots (`from:to`, BENCH_ROBOT_SLICE) when the fleet runs in several processes.
const [from, to] = (process.env.BENCH_ROBOT_SLICE ?? `0:${count}`).split(':').map(Number);
const robots = plan
  .flatMap((track) => track.sns.map((sn, homeIndex) => ({ sn, homeIndex, trackId: track.trackId })))
  .slice(from, to)
  .map(
    ({ sn, homeIndex, trackId }) =>
      new SimRobot({
        ...(sn === probeSn ? { chargePerStep: 0, drainPerStep: 0 } : {}),
        url,
        sn,
        deviceKey: process.env.BENCH_DEVICE_KEY!,
        trackId,
        homeIndex,
        battery: 60 + (homeIndex % 40),
        statusIntervalMs: 1000,
        // Random alarms (per robot per hour); the alarm benchmarks raise their own and set 0.
        alarmRate: Number(process.env.BENCH_ALARM_RATE ?? 2),
        seed: 42,
      }),
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
// A robot that still cannot connect is left out (counted), not the whole run: on a busy shared
// machine a few of thousands time out, and the fleet's figures stand without them.
const pauseMs = Number(process.env.BENCH_CONNECT_PAUSE_MS ?? 0);
let unconnected = 0;
for (let i = 0; i < robots.length; i += 100) {
  await Promise.all(robots.slice(i, i + 100).map((r) => start(r).catch(() => unconnected++)));
  if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
}
// From a QoS 1 publish to the broker's PUBACK, as each robot sees it. A PUBACK that has arrived
// still waits for this process's event loop, shared by every robot: its delay is reported beside.
const acks = new Histogram();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
// Its garbage collections, the longest of which hold every robot's acks back at once.
let gc = { ms: 0, max: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gc = { ms: gc.ms + entry.duration, max: Math.max(gc.max, entry.duration) };
}).observe({ entryTypes: ['gc'] });
for (const robot of robots) {
  const link = robot.link;
  if (!link) continue;
  const publish = link.publish.bind(link);
  link.publish = (topic, payload, retain) => {
    const sent = performance.now();
    return publish(topic, payload, retain).then(() => acks.add(performance.now() - sent));
  };
}
const fleet = {
  robots,
  robot: (sn: string) => robots.find((r) => r.sn === sn),
  stop: async () => {
    for (let i = 0; i < robots.length; i += 100) await Promise.all(robots.slice(i, i + 100).map((r) => r.stop()));
  },
};
// A share of the robots (never the probe) shows something new in every status, as robots on the
// move show a new position: their battery steps through 60-99 %, one level a second.
const changingPercent = Number(process.env.BENCH_CHANGING_PERCENT ?? 0);
const changing = robots.filter((r, i) => r.sn !== probeSn && i % 100 < changingPercent);
const changer = setInterval(() => {
  for (const robot of changing) robot.model.battery = robot.model.battery >= 99 ? 60 : Math.round(robot.model.battery) + 1;
}, 1000);
if (unconnected > 0) console.error(`${unconnected} robots could not connect and are left out`);
process.send?.({ type: 'ready', sns: fleet.robots.map((r) => r.sn) });

type Message = { type: string; sn?: string; name?: string; battery?: number; code?: AlarmCode; active?: boolean };
process.on('message', async (message: Message) => {
  if (message.type === 'alarm' && message.code) {
    const targets = message.sn ? robots.filter((r) => r.sn === message.sn) : robots;
    const ts = Date.now();
    for (const robot of targets) message.active ? robot.raiseAlarm(message.code) : robot.clearAlarm(message.code);
    process.send?.({ type: 'alarm', ts, robots: targets.length, ms: Date.now() - ts });
  }
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
  if (message.type === 'battery' && message.sn && message.battery !== undefined) {
    const robot = fleet.robot(message.sn);
    if (!robot) return process.send?.({ type: 'battery', ts: null });
    const level = message.battery;
    const published = new Promise<RobotStatusPayload>((resolve) => {
      const onStatus = (payload: RobotStatusPayload) => {
        if (Math.round(payload.battery ?? -1) !== level) return;
        robot.off('status', onStatus);
        resolve(payload);
      };
      robot.on('status', onStatus);
    });
    robot.setBattery(level);
    process.send?.({ type: 'battery', ts: (await published).ts });
  }
  if (message.type === 'acks') {
    const ms = (ns: number) => ns / 1e6;
    const loop = {
      p50: ms(loopDelay.percentile(50)),
      p95: ms(loopDelay.percentile(95)),
      max: ms(loopDelay.max),
      gcMs: gc.ms,
      gcMaxMs: gc.max,
    };
    process.send?.({ type: 'acks', acks: acks.summary(), loop });
    acks.reset();
    loopDelay.reset();
    gc = { ms: 0, max: 0 };
  }
  if (message.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage(), rss: process.memoryUsage().rss });
  if (message.type === 'stop') {
    clearInterval(changer);
    await fleet.stop();
    process.exit(0);
  }
});
