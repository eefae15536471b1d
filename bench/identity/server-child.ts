// The server under measurement in its own process (its CPU is its own): the whole app with its
// embedded broker and PGlite on disk in BENCH_DATA_DIR, kept between starts so a second start on
// the same folder, broker port (BENCH_MQTT_PORT) and secrets (BENCH_SECRETS) is the same server
// restarted. Talks to the bench over IPC: 'ready' with its addresses, 'maps', 'online' (robots
// heard since this start), 'check' (the credential check's micro-benchmark), 'stop'.
import { performance } from 'node:perf_hooks';
import { type RobotStatusPayload, topics } from '@railserve/protocol';
import { hashSecret, sameHash } from '../../apps/server/src/modules/devices/credential-hash.ts';
import { fleetPlan } from '../fleet/fleet-plan.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { summary } from '../support/stats.ts';

const { server, baseUrl, brokerUrl, token, secrets } = await startBenchServer({
  name: 'identity',
  database: 'disk',
  listen: true,
  dataDir: process.env.BENCH_DATA_DIR,
  secrets: process.env.BENCH_SECRETS ? JSON.parse(process.env.BENCH_SECRETS) : undefined,
  config: {
    ...(process.env.BENCH_MQTT_PORT ? { mqttPort: Number(process.env.BENCH_MQTT_PORT) } : {}),
    // The enrollment storm's robots all enrol from 127.0.0.1: only wrong attempts count against an
    // address (docs/protocol.md), so the product's limits stay as they are.
  },
});

// Every robot whose status reached the live state since this start.
const heard = new Set<string>();
const fleet = server.robots;
const status = fleet.status.bind(fleet);
fleet.status = (payload: RobotStatusPayload, heardAt: Date) => {
  heard.add(payload.sn);
  status(payload, heardAt);
};

process.send?.({ type: 'ready', baseUrl, brokerUrl, token, secrets });

type Sample = { sn: string; password: string };

/** Sequential checks of enrolled robots' passwords: the HMAC alone, and the whole check with its database read. */
async function check(samples: Sample[], rounds: number) {
  const key = secrets.credentialKey;
  const stored = samples.map((s) => hashSecret(key, s.password));
  const hmac: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < samples.length; i++) {
      const started = performance.now();
      sameHash(hashSecret(key, samples[i].password), stored[i]);
      hmac.push((performance.now() - started) * 1000);
    }
  const whole: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const sample of samples) {
      const started = performance.now();
      const how = await server.deviceCredentials.verify({ kind: 'robot', sn: sample.sn }, sample.password, false);
      whole.push((performance.now() - started) * 1000);
      if (how !== 'own') throw new Error(`${sample.sn}: its own password was not accepted`);
    }
  return { hmacMicros: summary(hmac), verifyMicros: summary(whole) };
}

process.on('message', async (message: { type: string; robots?: number; samples?: Sample[]; rounds?: number }) => {
  if (message.type === 'maps' && message.robots) {
    for (const track of fleetPlan(message.robots))
      await server.mqtt.publish(topics.trackMap(track.trackId), track.map, { qos: 1, retain: true });
    process.send?.({ type: 'maps' });
  }
  if (message.type === 'online') process.send?.({ type: 'online', count: heard.size });
  if (message.type === 'check') process.send?.({ type: 'check', ...(await check(message.samples ?? [], message.rounds ?? 1)) });
  if (message.type === 'stop') {
    await server.close();
    process.exit(0);
  }
});
