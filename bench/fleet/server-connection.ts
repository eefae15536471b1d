// The server's connection to the embedded broker in isolation: what delivering a status to the
// server's handler costs, in the broker's process (broker/embedded/in-process-bridge.ts) against
// an MQTT client (mqtt.js) on an in-memory connection whose writes are gathered per turn, as the
// server was connected before. The statuses enter Aedes as a robot's would after its publish
// check (`broker.publish`), so both ways share everything up to the broker's routing. CPU time
// per status, in one process. It prints figures; it is not a test.
//
//   node --import tsx bench/fleet/server-connection.ts [--statuses 200000]
import { parseArgs } from 'node:util';
import { topicFilters } from '@railserve/protocol';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { type MqttClient, MqttClient as MqttClientClass } from 'mqtt';
import type { MqttBridge } from '../../apps/server/src/broker/bridge.ts';
import { createInProcessBridge } from '../../apps/server/src/broker/embedded/in-process-bridge.ts';
import { PacketSizeGate } from '../../apps/server/src/broker/embedded/packet-size-gate.ts';
import { indexedMemoryPersistence } from '../../apps/server/src/broker/embedded/persistence.ts';
import { RetainedIndex } from '../../apps/server/src/broker/embedded/retained-index.ts';
import { FaultGuard } from '../../apps/server/src/lib/fault-guard.ts';
import { duplexPair } from '../../apps/server/test/support/duplex-pair.ts';
import { machine } from '../support/stats.ts';
import { benchStatuses } from './statuses.ts';

const { values } = parseArgs({ options: { statuses: { type: 'string', default: '200000' } } });
const count = Number(values.statuses);
const FILTER = topicFilters.robotStatus;

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;
const payloads = benchStatuses();

/** The server's old connection: mqtt.js on an in-memory pair, the broker's side gathering its writes per turn. */
async function asClient(broker: Aedes, onMessage: () => void) {
  const client: MqttClient = new MqttClientClass(
    () => {
      const [server, brokerSide] = duplexPair();
      const gate = new PacketSizeGate(brokerSide, 16 * 1024 * 1024, () => {});
      gate.gathersWrites = true;
      broker.handle(gate as never);
      return server;
    },
    { protocolVersion: 4, clientId: 'server-bench', reconnectPeriod: 0 },
  );
  client.on('message', onMessage);
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  await client.subscribeAsync(FILTER, { qos: 0 });
  return { close: () => client.endAsync() };
}

async function asInProcess(broker: Aedes, retained: RetainedIndex, onMessage: () => void) {
  const bridge: MqttBridge = createInProcessBridge({ broker, retained, log, guard: new FaultGuard(log) });
  bridge.handle(FILTER, onMessage, { qos: 0 });
  await bridge.waitUntilSubscribed();
  return { close: () => bridge.close() };
}

/** CPU µs per status from `broker.publish` to the handler, over `count` statuses (after a warm-up of a tenth). */
async function measure(way: 'client' | 'in process') {
  const retained = new RetainedIndex();
  const broker = await Aedes.createBroker({ concurrency: 0, persistence: indexedMemoryPersistence({ retained }) });
  let heard = 0;
  let waiting: { until: number; resolve: () => void } | undefined;
  const onMessage = () => {
    heard++;
    if (waiting && heard >= waiting.until) waiting.resolve();
  };
  const server = way === 'client' ? await asClient(broker, onMessage) : await asInProcess(broker, retained, onMessage);
  const run = async (n: number) => {
    const until = heard + n;
    const done = new Promise<void>((resolve) => {
      waiting = { until, resolve };
    });
    // In turns of 100, as a fleet's statuses arrive: a turn's deliveries to the client go out in one write.
    for (let i = 0; i < n; i += 100) {
      for (let j = i; j < Math.min(n, i + 100); j++) {
        const sn = `BENCH-${String(j % 1000).padStart(4, '0')}`;
        broker.publish(
          { cmd: 'publish', topic: `hcpro4/robots/${sn}/status`, payload: payloads[j % 1000], qos: 1, retain: true, dup: false },
          quiet,
        );
      }
      await new Promise((r) => setImmediate(r));
    }
    await done;
  };
  await run(count / 10);
  const start = process.cpuUsage();
  await run(count);
  const used = process.cpuUsage(start);
  await server.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  return (used.user + used.system) / count;
}

console.log(`machine: ${machine()}`);
const results: Record<string, number[]> = { client: [], 'in process': [] };
for (let round = 0; round < 3; round++)
  for (const way of ['client', 'in process'] as const) results[way].push(await measure(way));
console.log(
  `\n${count} statuses a round, 3 rounds each, CPU µs per status (broker routing, retained store and the server's connection):`,
);
for (const [way, costs] of Object.entries(results)) console.log(`| ${way} | ${costs.map((c) => c.toFixed(1)).join(' / ')} |`);
