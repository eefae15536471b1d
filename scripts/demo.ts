// `npm run demo` (scripts/start.mjs --demo): the console plus a simulated fleet on its embedded
// broker, so a newcomer sees robots move and track statuses change at once. Ctrl+C stops both.
import type { Fleet } from '@railserve/robot-sim';
import { startFleet } from '@railserve/robot-sim';
import { startDispatching } from './demo-dispatch.ts';
import { DEMO_ROBOTS, DEMO_TABLES, prepareDemo } from './demo-setup.ts';

// Set before the server module loads: it then leaves starting to this script (see server.ts).
process.env.RAILSERVE_DEMO = '1';
const { exitOnStartFailure, runServer } = await import('../apps/server/src/server.ts');

let fleet: Fleet | undefined;
let stopDispatching = () => {};
const { server, config } = await runServer({
  beforeStop: async () => {
    stopDispatching();
    await fleet?.stop();
  },
}).catch(exitOnStartFailure);

try {
  await server.mqtt.waitUntilConnected();
  const { trackIds, maps } = await prepareDemo(server);
  const url = server.brokerPorts ? `mqtt://127.0.0.1:${server.brokerPorts.tcp}` : config.mqttUrl!;
  fleet = await startFleet({
    url,
    deviceKey: server.secrets.deviceKey,
    robots: DEMO_ROBOTS,
    trackIds,
    tablesPerTrack: DEMO_TABLES,
  });
  stopDispatching = startDispatching(server, fleet, maps);
  server.log.info(
    `Demo: ${fleet.robots.length} simulated robots on tracks ${trackIds.join(', ')}; they take orders every few seconds`,
  );
} catch (error) {
  server.log.error({ err: error }, 'the demo fleet could not start; the console keeps running');
}
