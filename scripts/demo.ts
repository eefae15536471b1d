// `npm run demo` (scripts/start.mjs --demo): the console plus a simulated fleet on its embedded
// broker, so a newcomer sees robots move and track statuses change at once. It keeps its data in
// a folder of its own (demo-env.ts). Ctrl+C stops both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_EXIT_CODE } from '@railserve/protocol';
import type { Fleet } from '@railserve/robot-sim';
import { startFleet } from '@railserve/robot-sim';
import { startDispatching } from './demo-dispatch.ts';
import { demoStartedText, useDemoDataDir } from './demo-env.ts';
import { DEMO_DEVICES, DEMO_ROBOTS, DEMO_SESSION_CODE, DEMO_TABLES, prepareDemo } from './demo-setup.ts';

// Set before the server module loads: it then leaves starting to this script (see server.ts).
process.env.RAILSERVE_DEMO = '1';
let dataDir: string;
try {
  dataDir = useDemoDataDir(process.env, fileURLToPath(new URL('..', import.meta.url)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(CONFIG_EXIT_CODE);
}
const { exitOnStartFailure, runServer } = await import('../apps/server/src/server.ts');

let fleet: Fleet | undefined;
let stopDispatching = () => {};
const { server, config, port } = await runServer({
  beforeStop: async () => {
    stopDispatching();
    await fleet?.stop();
  },
}).catch(exitOnStartFailure);

try {
  await server.mqtt.waitUntilConnected();
  const { trackIds, maps, enrollmentKey } = await prepareDemo(server, DEMO_DEVICES);
  const url = server.brokerPorts ? `mqtt://127.0.0.1:${server.brokerPorts.tcp}` : config.mqttUrl!;
  // The robots and controllers enrol through the real endpoint and keep their credentials in the demo's folder.
  fleet = await startFleet({
    url,
    enrollmentKey,
    credentialsFile: path.join(dataDir, 'demo-devices.json'),
    ...(server.secrets.deviceKey ? { deviceKey: server.secrets.deviceKey } : {}),
    apiUrl: `http://127.0.0.1:${port}`,
    robots: DEMO_ROBOTS,
    trackIds,
    tablesPerTrack: DEMO_TABLES,
    // Realistic alarms for the alarm center: low battery, a worn floor marker, motor faults a reset clears, network bursts.
    alarmScenario: true,
    // Robots download updates from the console; the demo session's on-site server and tablet report versions.
    httpUrl: `http://127.0.0.1:${port}`,
    sites: [{ sessionCode: DEMO_SESSION_CODE, serverVersion: '1.4.0', tabletVersion: '2.1.3' }],
  });
  stopDispatching = startDispatching(server, fleet, maps);
  server.log.info(
    `Demo: ${fleet.robots.length} simulated robots on tracks ${trackIds.join(', ')}; they take orders every few seconds and charge when low`,
  );
} catch (error) {
  server.log.error({ err: error }, 'the demo fleet could not start; the console keeps running');
}
process.stdout.write(demoStartedText(port, dataDir));
