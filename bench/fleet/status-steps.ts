// The server's per-status steps in isolation, old way against new: reading a status (JSON, NUL
// walk, schema or fast check) and comparing live states. CPU time per status, in one process, so
// the figures hold on a shared machine better than the fleet run's. It prints figures; it is not a test.
//
//   node --import tsx bench/fleet/status-steps.ts [--statuses 200000]
import { parseArgs } from 'node:util';
import { checkRobotStatus, parseJson, robotStatusPayload } from '@railserve/protocol';
import { containsNul } from '../../apps/server/src/lib/nul.ts';
import { applyStatus, type LiveRobot, newRobot, sameVisible } from '../../apps/server/src/modules/robots/live-state.ts';
import { machine } from '../support/stats.ts';
import { benchStatuses } from './statuses.ts';

const { values } = parseArgs({ options: { statuses: { type: 'string', default: '200000' } } });
const count = Number(values.statuses);

const payloads = benchStatuses();
const NUL_ESCAPE = Buffer.from('\\u0000');

/** CPU µs per call of `step` over `count` calls (after a warm-up of a tenth). */
function cost(step: (i: number) => unknown) {
  for (let i = 0; i < count / 10; i++) step(i);
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) step(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

const before = {
  read: cost((i) => {
    const json = parseJson(payloads[i % 1000]);
    containsNul(json);
    return robotStatusPayload.safeParse(json);
  }),
};
const after = {
  read: cost((i) => {
    const payload = payloads[i % 1000];
    const json = parseJson(payload);
    if (payload.includes(NUL_ESCAPE)) containsNul(json);
    return checkRobotStatus(json) ?? robotStatusPayload.safeParse(json);
  }),
};
const parseOnly = cost((i) => parseJson(payloads[i % 1000]));

// Comparing a robot's state with the next: the old way, one JSON text per state (as live-state.ts had it).
const states = payloads.map((p) => {
  const status = robotStatusPayload.parse(parseJson(p));
  return applyStatus(newRobot(status.sn, new Date()), status, new Date()).next;
});
const keyOf = (r: LiveRobot) =>
  JSON.stringify([
    r.reportedName,
    r.lastTrackName,
    r.trackId,
    r.point,
    r.connection,
    r.battery,
    r.state,
    r.health,
    r.alarms,
    r.firmware,
    r.ip,
  ]);
const next = states.map((s) => ({ ...s, lastUpdate: new Date() }));
const compareBefore = cost((i) => keyOf(states[i % 1000]) !== keyOf(next[i % 1000]));
const compareAfter = cost((i) => !sameVisible(states[i % 1000], next[i % 1000]));

const f = (n: number) => n.toFixed(2);
console.log(`machine: ${machine()}; ${count} statuses`);
console.log('| step | before (µs per status) | after (µs per status) |');
console.log('|---|---|---|');
console.log(`| JSON.parse alone (kept) | ${f(parseOnly)} | ${f(parseOnly)} |`);
console.log(
  `| read a status: JSON, NUL walk, schema → JSON, NUL only with \\u0000, fast check | ${f(before.read)} | ${f(after.read)} |`,
);
console.log(`| compare with the last state: JSON key → field by field | ${f(compareBefore)} | ${f(compareAfter)} |`);
