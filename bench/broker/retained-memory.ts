// The outside review's retained-store attack, measured: `--robots` serial numbers (200) each
// retain a configuration report of `--kib` KiB (250) on the server started as `npm start` runs it.
// Prints the server's resident memory before, after, and after every report is cleared, and what
// `/api/health` says the broker keeps. It prints figures; it is not a test
// (apps/server/test/modules/broker-retained.test.ts is).
//
//     node --import tsx bench/broker/retained-memory.ts --robots 200 --kib 250
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { topics } from '@railserve/protocol';
import { connectAs, removeDataDir, startLiveServer } from '../../apps/server/test/support/live-server.ts';

const { values } = parseArgs({
  options: { robots: { type: 'string', default: '200' }, kib: { type: 'string', default: '250' } },
});
const robots = Number(values.robots);
const report = JSON.stringify({ basic: {}, padding: 'x'.repeat(Number(values.kib) * 1024 - 32) });

const server = await startLiveServer();
const rssMb = async () => {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const retained = async () =>
  ((await (await fetch(`${server.url}/api/health`)).json()) as { data: { retained?: unknown } }).data.retained;
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

await settle();
const before = await rssMb();
const clients = [];
for (let i = 0; i < robots; i++) {
  const client = await connectAs(server, { role: 'robot', sn: `MEM-${i}` });
  await client.publishAsync(topics.robotConfigReport(`MEM-${i}`), report, { qos: 1, retain: true });
  clients.push(client);
}
await settle();
const filled = await rssMb();
const keptFilled = await retained();
for (const [i, client] of clients.entries()) {
  await client.publishAsync(topics.robotConfigReport(`MEM-${i}`), '', { qos: 1, retain: true });
  await client.endAsync();
}
await settle();
const cleared = await rssMb();
console.log(
  JSON.stringify(
    {
      robots,
      reportKiB: Number(values.kib),
      rssMb: { before, filled, cleared },
      retained: keptFilled,
      afterClear: await retained(),
    },
    null,
    2,
  ),
);
await server.stop();
await removeDataDir(server.dataDir);
