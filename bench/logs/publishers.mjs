// Simulated robots publishing log records as fast as the broker takes them, on their own thread
// so that publishing does not share the server's event loop. Plain JS: workers do not inherit
// the TypeScript loader. workerData: { url, deviceKey, robots, messages, window }.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

const { url, deviceKey, robots, messages, window } = workerData;
const perRobot = Math.ceil(messages / robots);
// As devices word them (protocol LOG_EVENT_MESSAGES, so the server renders them in both languages),
// and one line in four a device's own text.
const MESSAGES = [
  (_sn, n) => `robot R-${String(1 + (n % 50)).padStart(3, '0')} sent to table point ${n % 120}`,
  (_sn, n) => `battery ${5 + (n % 25)}%: going to charge point ${1 + (n % 5)}`,
  () => 'state goto → arrive',
  (sn, n) => `robot ${sn} heartbeat ${n} latency ${n % 90} ms`,
];

async function publishAs(index) {
  const sn = `PUB-${String(index + 1).padStart(3, '0')}`;
  // The broker takes a robot's client id as protocol brokerClientId.robot says: `robot_{sn}`.
  const client = await mqtt.connectAsync(url, { username: sn, password: deviceKey, clientId: `robot_${sn}`, reconnectPeriod: 0 });
  const count = Math.min(perRobot, messages - index * perRobot);
  let sent = 0;
  // A robot's times rise by at least a millisecond per record: two records with the same time and
  // words are one message to the server (its delivery key, logs/delivery-key.ts), stored once.
  let lastMs = 0;
  const nextTs = () => {
    lastMs = Math.max(Date.now(), lastMs + 1);
    return new Date(lastMs).toISOString();
  };
  // QoS 1 as the devices use it; a window of unacknowledged publishes per robot.
  const lane = async () => {
    while (sent < count) {
      const n = sent++;
      const payload = {
        ts: nextTs(),
        level: n % 20 === 0 ? 'error' : 'info',
        type: n % 20 === 0 ? 'alarm_raised' : 'status',
        message: MESSAGES[n % MESSAGES.length](sn, n),
        robotSn: sn,
        trackId: 1 + (index % 10),
      };
      await client.publishAsync('hcpro4/logs/robot', JSON.stringify(payload), { qos: 1 });
    }
  };
  await Promise.all(Array.from({ length: window }, lane));
  await client.endAsync();
  return count;
}

const started = performance.now();
const counts = await Promise.all(Array.from({ length: robots }, (_, i) => publishAs(i)));
parentPort.postMessage({ published: counts.reduce((a, b) => a + b, 0), seconds: (performance.now() - started) / 1000 });
