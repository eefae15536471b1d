/**
 * The server's own work for one device log record before the writer, step by step, on one thread:
 * the embedded broker's sender stamp, the ingest's JSON parse and its check, and the alarm-line
 * test. Each step as it was and as it is, in alternating rounds so that a shared machine's load
 * drifts over both alike. Prints µs per record; it is not a test.
 *
 *   npx tsx bench/logs/ingest-cost.ts [--records 200000] [--rounds 3]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { logPayload, parseJson, parseLogEvent } from '@railserve/protocol';
import { stampSender } from '../../apps/server/src/broker/sender.ts';
import { precompiled } from '../../apps/server/src/modules/logs/payload-check.ts';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '3' } },
});
const n = Number(values.records);
const robot = { role: 'robot', sn: 'PUB-001' } as const;
const topic = 'hcpro4/logs/robot';
// As bench/logs/publishers.mjs words them.
const payloads = Array.from({ length: 1000 }, (_, i) =>
  Buffer.from(
    JSON.stringify({
      ts: new Date().toISOString(),
      level: 'info',
      type: 'status',
      message:
        i % 2
          ? `robot R-${String(1 + (i % 50)).padStart(3, '0')} sent to table point ${i % 120}`
          : `robot PUB-001 heartbeat ${i}`,
      robotSn: 'PUB-001',
      trackId: 3,
    }),
  ),
);

/** The stamp as it was: the payload parsed, `sender` set, written again. */
function stampByParsing(payload: Buffer) {
  const json = parseJson(payload);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return payload;
  return Buffer.from(JSON.stringify({ ...json, sender: 'robot:PUB-001' }));
}
const checkLogPayload = precompiled(logPayload);
const stamped = payloads.map((p) => stampSender(robot, topic, p));
const parsed = stamped.map((p) => parseJson(p));

const steps: [string, (i: number) => unknown][] = [
  ['stamp: parse and write again (before)', (i) => stampByParsing(payloads[i % 1000])],
  ['stamp: member written in (after)', (i) => stampSender(robot, topic, payloads[i % 1000])],
  ['parseJson (depth check, decode, JSON.parse)', (i) => parseJson(stamped[i % 1000])],
  ['check: zod safeParse (before)', (i) => logPayload.safeParse(parsed[i % 1000])],
  ['check: precompiled (after)', (i) => checkLogPayload(parsed[i % 1000])],
  ['alarm line test (parseLogEvent)', (i) => parseLogEvent((parsed[i % 1000] as { message: string }).message)],
];

console.log(`# ingest cost per record, ${n.toLocaleString('en-US')} records a step, load ${os.loadavg()[0].toFixed(1)}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const line: string[] = [];
  for (const [label, step] of steps) {
    const started = performance.now();
    for (let i = 0; i < n; i++) step(i);
    line.push(`${label} ${((1000 * (performance.now() - started)) / n).toFixed(2)} µs`);
  }
  console.log(`round ${round} (load ${os.loadavg()[0].toFixed(1)}): ${line.join('; ')}`);
}
