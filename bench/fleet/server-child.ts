// The server under measurement, in its own process so its CPU and memory are its own: the
// whole app (embedded broker, PGlite on disk in a temp folder, robots module) listening on free
// ports. Talks to run.ts over IPC: 'ready' with its addresses, 'stats' on request.
import type { RobotStatusPayload } from '@railserve/protocol';
import { startBenchServer } from '../support/bench-server.ts';
import { Histogram } from './histogram.ts';

const { server, secrets, baseUrl, brokerUrl, token } = await startBenchServer({ name: 'fleet', database: 'disk', listen: true });

// From a status's own timestamp to the moment the fleet holds it in memory (broker + validation).
const ingest = new Histogram();
const fleet = server.robots;
const status = fleet.status.bind(fleet);
fleet.status = (payload: RobotStatusPayload, heardAt: Date) => {
  ingest.add(Date.now() - Date.parse(payload.ts));
  status(payload, heardAt);
};

process.send?.({
  type: 'ready',
  baseUrl,
  brokerUrl,
  deviceKey: secrets.deviceKey,
  serverBrokerPassword: secrets.serverBrokerPassword,
  token,
});

process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') {
    process.send?.({ type: 'stats', stats: { ...fleet.stats }, ingest: ingest.summary() });
    ingest.reset();
  }
  if (message.type === 'stop') {
    await server.close();
    process.exit(0);
  }
});
