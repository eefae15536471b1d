// The production shape of bench/scale: Mosquitto with the shipped dynamic security setup (robots
// in its password file, consoles with short-lived accounts the servers make), a fresh PostgreSQL
// database and two server instances sharing both. The fleet connects to Mosquitto; the console
// is opened on the first instance while the robots' statuses are shared between the two.
import { SERVER_BROKER_USERNAME } from '../../apps/server/src/broker/acl.ts';
import { freePort, startMosquitto } from '../../apps/server/test/support/mosquitto.ts';
import { LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { fleetPlan } from '../fleet/fleet-plan.ts';
import type { ClusterInstance } from '../fleet/server-child.ts';
import { freshSecrets } from '../support/bench-server.ts';
import { ask, child, next, type ServerReady, startSim, stopChild } from '../support/children.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL;

/** `instances`: 2 (bench/scale), or 1 (bench/fleet `--broker mosquitto`: one server's cost per status). */
export async function startCluster(robots: number, connectPauseMs = 0, lone = 0, instances: 1 | 2 = 2) {
  const secrets = freshSecrets();
  const planned = fleetPlan(robots).flatMap((track) => track.sns);
  const brokerPort = await freePort();
  const mosquitto = await startMosquitto(
    {
      [SERVER_BROKER_USERNAME]: secrets.serverBrokerPassword,
      ...Object.fromEntries(planned.map((sn) => [sn, secrets.deviceKey])),
    },
    brokerPort,
    { dynamicSecurity: true, websockets: true },
  );
  const instance = (database: Pick<ClusterInstance, 'postgresUrl' | 'sharedDatabaseUrl'>) => {
    const setup: ClusterInstance = { brokerPort, brokerWsPort: mosquitto.wsPort!, secrets, ...database };
    return child('server-child.ts', { BENCH_CLUSTER: JSON.stringify(setup) });
  };
  const first = instance({ postgresUrl: POSTGRES_URL });
  const ready = await next<ServerReady>(first, 'ready');
  const second = instances === 2 ? instance({ sharedDatabaseUrl: ready.databaseUrl }) : undefined;
  if (second) await next<ServerReady>(second, 'ready');
  await ask(first, { type: 'maps', robots });
  const started = Date.now();
  const { sim, loneSim, sns } = await startSim(robots, mosquitto.url, secrets.deviceKey, connectPauseMs, lone);
  return {
    servers: second ? [first, second] : [first],
    brokerPid: mosquitto.pid,
    sim,
    loneSim,
    ready,
    sns,
    connectSeconds: (Date.now() - started) / 1000,
    async stop() {
      await stopChild(sim);
      if (loneSim) await stopChild(loneSim);
      // The first instance made the database and drops it: it goes last.
      if (second) await stopChild(second);
      await stopChild(first);
      await mosquitto.stop();
    },
  };
}
