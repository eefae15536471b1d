// The server under measurement, in its own process so its CPU and memory are its own: the
// whole app (embedded broker, PGlite on disk in a temp folder, robots module) listening on free
// ports. Talks to run.ts over IPC: 'ready' with its addresses, 'maps' (publish the fleet's track
// maps), 'stats' on request, 'analytics' (roll-ups on or off, `settle` first: bench/analytics/ingest-cost.ts),
// 'logs' (the log writer's counts, and with `robotSnLike` the rows stored from those robots: bench/logs/burst.ts).
import { type RobotStatusPayload, topics } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import { SERVER_BROKER_USERNAME } from '../../apps/server/src/broker/acl.ts';
import { LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { type BenchSecrets, startBenchServer } from '../support/bench-server.ts';
import { fleetPlan } from './fleet-plan.ts';
import { Histogram } from './histogram.ts';

/**
 * BENCH_CLUSTER (JSON, bench/scale/cluster.ts) makes this one instance of several: an external
 * broker, a PostgreSQL database (made by the first instance, shared by the others) and shared secrets.
 */
const cluster: ClusterInstance | undefined = process.env.BENCH_CLUSTER ? JSON.parse(process.env.BENCH_CLUSTER) : undefined;
const { server, secrets, baseUrl, brokerUrl, token, databaseUrl } = await startBenchServer({
  name: 'fleet',
  database: cluster
    ? cluster.sharedDatabaseUrl
      ? { sharedUrl: cluster.sharedDatabaseUrl }
      : { postgresUrl: cluster.postgresUrl ?? LOCAL_POSTGRES_URL }
    : 'disk',
  listen: true,
  secrets: cluster?.secrets,
  config: cluster
    ? {
        mqttUrl: `mqtt://${SERVER_BROKER_USERNAME}:${cluster.secrets.serverBrokerPassword}@127.0.0.1:${cluster.brokerPort}`,
        mqttWsPort: cluster.brokerWsPort,
        mqttDynamicSecurity: true,
      }
    : undefined,
});

export type ClusterInstance = {
  brokerPort: number;
  brokerWsPort: number;
  secrets: BenchSecrets;
  /** The first instance makes a fresh database on this server… */
  postgresUrl?: string;
  /** …the others use it. */
  sharedDatabaseUrl?: string;
};

// From a status's own timestamp to the moment the fleet holds it in memory (broker + validation).
const ingest = new Histogram();
const fleet = server.robots;
const status = fleet.status.bind(fleet);
fleet.status = (payload: RobotStatusPayload, heardAt: Date) => {
  ingest.add(Date.now() - Date.parse(payload.ts));
  status(payload, heardAt);
};

// The analytics roll-up can be switched off and on again, so its cost is measured in one run.
const rollupStatus = server.analytics.status.bind(server.analytics);

process.send?.({
  type: 'ready',
  baseUrl,
  brokerUrl,
  deviceKey: secrets.deviceKey,
  serverBrokerPassword: secrets.serverBrokerPassword,
  token,
  databaseUrl,
});

// The bench ended (or failed) without asking: nothing is left running.
process.on('disconnect', () => process.exit(1));

process.on(
  'message',
  async (message: { type: string; robots?: number; on?: boolean; robotSnLike?: string; settle?: boolean }) => {
    if (message.type === 'logs') {
      const rows = message.robotSnLike
        ? Number(
            (
              await server.db.execute<{ n: string }>(
                sql`SELECT count(*) AS n FROM logs WHERE robot_sn LIKE ${message.robotSnLike}`,
              )
            ).rows[0].n,
          )
        : undefined;
      process.send?.({ type: 'logs', stats: { ...server.eventLog.stats }, pending: server.eventLog.pending, rows });
    }
    if (message.type === 'analytics') {
      // Settling ends a window: what it queued is written and rolled up in it, not in the next one.
      if (message.settle) {
        await server.analytics.flush();
        await server.analytics.rollUp();
      }
      server.analytics.status = message.on ? rollupStatus : () => {};
      process.send?.({ type: 'analytics', stats: { ...server.analytics.stats } });
    }
    // The fleet's track maps, retained, published by the server (only it may publish them).
    if (message.type === 'maps' && message.robots) {
      for (const track of fleetPlan(message.robots))
        await server.mqtt.publish(topics.trackMap(track.trackId), track.map, { qos: 1, retain: true });
      process.send?.({ type: 'maps' });
    }
    if (message.type === 'stats') {
      process.send?.({
        type: 'stats',
        stats: { ...fleet.stats, alarmTransitions: server.alarms.transitions },
        ingest: ingest.summary(),
      });
      ingest.reset();
    }
    if (message.type === 'stop') {
      await server.close();
      process.exit(0);
    }
  },
);
