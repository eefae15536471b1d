import { type AlarmCode, brokerClientId, type LogPayload, type RobotStatusPayload, topics } from '@railserve/protocol';
import { SimRobot, type SimRobotOptions, SimTrackController, type SimTrackControllerOptions } from '@railserve/robot-sim';
import mqtt, { type MqttClient } from 'mqtt';

/** The test server's embedded broker (TCP, for devices) and the key devices sign in with. */
export const BROKER_URL = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`;
export const DEVICE_KEY = process.env.E2E_DEVICE_KEY ?? 'e2e-device-key-0123456789';

let serial = 0;
/** A serial number no other test uses (1-64 of A-Z a-z 0-9 _ -). */
export const uniqueSn = (prefix = 'E2E') => `${prefix}-${Date.now().toString(36)}-${++serial}`.toUpperCase();

type Device = { stop(): Promise<void> };
const started = new Set<Device>();

/** A simulated robot on the test broker, not yet started; `stopDevices` stops it after the test. */
export function simRobot(opts: Partial<SimRobotOptions> & { sn?: string } = {}) {
  const robot = new SimRobot({ url: BROKER_URL, deviceKey: DEVICE_KEY, sn: opts.sn ?? uniqueSn(), ...opts });
  started.add(robot);
  return robot;
}

/** Starts a simulated robot (connected and subscribed when it resolves). */
export async function startRobot(opts: Partial<SimRobotOptions> & { sn?: string } = {}) {
  const robot = simRobot(opts);
  await robot.start();
  return robot;
}

/** Starts a simulated on-site controller for a track. */
export async function startController(opts: Omit<SimTrackControllerOptions, 'url' | 'deviceKey'>) {
  const controller = new SimTrackController({ url: BROKER_URL, deviceKey: DEVICE_KEY, ...opts });
  started.add(controller);
  await controller.start();
  return controller;
}

/**
 * A bare device connection signed in as robot `sn`, for tests that need exact control over what
 * a robot publishes (its status and log records) rather than a simulated robot's own chatter.
 */
export async function connectAsRobot(sn: string) {
  const client: MqttClient = await mqtt.connectAsync(BROKER_URL, {
    username: sn,
    password: DEVICE_KEY,
    clientId: brokerClientId.robot(sn),
    reconnectPeriod: 0,
  });
  const publish = (topic: string, payload: object, retain = false) =>
    client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
  let current: Partial<RobotStatusPayload> | undefined;
  const publishStatus = () =>
    publish(
      topics.robotStatus(sn),
      { sn, connection: 'online', state: 'idle', battery: 80, alarms: [], ...current, ts: new Date().toISOString() },
      true,
    );
  // A heartbeat as a robot has, so the server never judges it silent (and logs it offline) mid-test.
  const heartbeat = setInterval(() => current && client.connected && void publishStatus().catch(() => {}), 1000);
  const device = {
    /** Publishes its status (retained), and repeats it every second from now on. */
    status: (status: Partial<RobotStatusPayload> = {}) => {
      current = status;
      return publishStatus();
    },
    log: (record: Omit<LogPayload, 'ts' | 'robotSn'>) =>
      publish(topics.log('robot'), { ts: new Date().toISOString(), robotSn: sn, ...record }),
    /** Reports an alarm raised or cleared (`hcpro4/alerts/{sn}`). */
    alert: (code: AlarmCode, active: boolean) => publish(topics.alert(sn), { sn, code, active, ts: new Date().toISOString() }),
    /** Powers off cleanly: offline (retained), then a normal disconnect. */
    async stop() {
      clearInterval(heartbeat);
      started.delete(device);
      if (!client.connected) return;
      await publish(topics.robotStatus(sn), { sn, connection: 'offline', ts: new Date().toISOString() }, true);
      await client.endAsync();
    },
  };
  started.add(device);
  return device;
}

/**
 * A bare connection signed in as the controller of track `trackId` that never answers a command:
 * the server sends to it (the controller is connected) and the command times out.
 */
export async function connectAsSilentController(trackId: number) {
  const client: MqttClient = await mqtt.connectAsync(BROKER_URL, {
    username: `track-${trackId}`,
    password: DEVICE_KEY,
    clientId: `track_${trackId}`,
    reconnectPeriod: 0,
  });
  const device = {
    async stop() {
      started.delete(device);
      if (client.connected) await client.endAsync();
    },
  };
  started.add(device);
  return device;
}

/** Stops every robot and controller the test started, so nothing leaks into later tests. */
export async function stopDevices() {
  const devices = [...started];
  started.clear();
  await Promise.all(devices.map((d) => d.stop().catch(() => {})));
}
