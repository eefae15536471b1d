import { brokerClientId, commandPayload, parseJson, type Robot, topics } from '@railserve/protocol';
import { SimRobot, type SimRobotOptions } from '@railserve/robot-sim';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from '../helper.ts';

/** Where the robots of a scenario connect, with which key, and how a privileged observer signs in. */
export type RobotTestEnv = {
  app: TestApp;
  brokerUrl: string;
  deviceKey: string;
  observer: { username: string; password: string; clientId?: string };
};

/** Short timings so a scenario runs in seconds; no random alarms, path waits or battery drift. */
export const SIM_TIMING = {
  stepMs: 50,
  initMs: 50,
  upgradeMs: 200,
  statusIntervalMs: 250,
  reconnectPeriodMs: 200,
  alarmRate: 0,
  waitPathChance: 0,
  // A steady battery, so a test sees exactly the level it set.
  drainPerStep: 0,
  chargePerStep: 0,
} satisfies Partial<SimRobotOptions>;

/** Server settings of the scenarios: quick silence detection and command timeouts. */
export const ROBOT_TEST_CONFIG = { robotOfflineAfterMs: 2000, commandTimeoutMs: 1000 };

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function getRobot(app: TestApp, sn: string, headers: { authorization: string }) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/robots/${sn}`, headers });
  return response.statusCode === 200 ? (response.json().data as Robot) : undefined;
}

/** Waits until `GET /robots/{sn}` shows a robot for which `test` holds. */
export function waitForRobot(
  app: TestApp,
  sn: string,
  headers: { authorization: string },
  test: (r: Robot) => boolean,
  what: string,
) {
  return waitFor(async () => {
    const robot = await getRobot(app, sn, headers);
    return robot && test(robot) ? robot : undefined;
  }, `${sn}: ${what}`);
}

export async function startSimRobot(env: RobotTestEnv, sn: string, options: Partial<SimRobotOptions> = {}) {
  const robot = new SimRobot({ url: env.brokerUrl, sn, deviceKey: env.deviceKey, ...SIM_TIMING, ...options });
  await robot.start();
  return robot;
}

export type RawDevice = {
  client: MqttClient;
  status(payload: Record<string, unknown>): Promise<void>;
  publish(topic: string, payload: string | Record<string, unknown>, retain?: boolean): Promise<void>;
  close(): Promise<void>;
};

/**
 * A scripted robot connection for what the simulator does not do on purpose: bad payloads,
 * silence, refusing or ignoring commands. `answer` decides the ack of each command (undefined: no ack).
 */
export async function rawDevice(
  env: RobotTestEnv,
  sn: string,
  answer?: (command: string) => { ok: boolean; error?: string } | undefined,
): Promise<RawDevice> {
  const client = await mqtt.connectAsync(env.brokerUrl, {
    username: sn,
    password: env.deviceKey,
    clientId: brokerClientId.robot(sn),
    reconnectPeriod: 0,
  });
  client.on('error', () => {});
  if (answer) {
    await client.subscribeAsync(topics.robotCommand(sn), { qos: 1 });
    client.on('message', (_topic, payload) => {
      const command = commandPayload.safeParse(parseJson(payload));
      const outcome = command.success ? answer(command.data.command) : undefined;
      if (command.success && outcome)
        void client.publishAsync(
          topics.robotAck(sn),
          JSON.stringify({ id: command.data.id, ...outcome, ts: new Date().toISOString() }),
          { qos: 1 },
        );
    });
  }
  const publish = async (topic: string, payload: string | Record<string, unknown>, retain = false) => {
    await client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1, retain });
  };
  return {
    client,
    publish,
    status: (payload) => publish(topics.robotStatus(sn), { sn, ts: new Date().toISOString(), ...payload }),
    close: async () => {
      await client.endAsync(true);
    },
  };
}

/** Every robot serial number the scenarios use: an external broker's password file lists them. */
export const SCENARIO_SNS = [
  'SCN-SIM',
  'SCN-CMD',
  'SCN-MUTE',
  'SCN-QUIET',
  'SCN-ROGUE',
  'SCN-BAD',
  'SCN-GONE',
  'SCN-TWO',
  'SCN-ACK',
] as const;
