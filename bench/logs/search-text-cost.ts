/**
 * The writer's per-record cost of the search text (search-text.ts): renders the benchmark's messages
 * in both languages, as the writer does for each record it stores. Prints records per second.
 *
 *   npx tsx bench/logs/search-text-cost.ts
 */
import { performance } from 'node:perf_hooks';
import { searchTextOf } from '../../apps/server/src/modules/logs/search-text.ts';
import { benchMessages } from './messages.ts';

const messages = [
  ...benchMessages(50).map((m) => m.message),
  ...Array.from({ length: 2000 }, (_, i) => `heartbeat seq ${i} from R-007 latency ${i % 90} ms`),
];

/** Each message once (every template rendered: the writer's first sight of it), then four more times (from its cache). */
for (const [label, rounds] of [
  ['first sight', 1],
  ['seen before', 4],
] as const) {
  const started = performance.now();
  let filled = 0;
  for (let r = 0; r < rounds; r++) for (const message of messages) if (searchTextOf(message) !== null) filled++;
  const seconds = (performance.now() - started) / 1000;
  const n = messages.length * rounds;
  console.log(
    `search text, ${label}: ${Math.round(n / seconds).toLocaleString('en-US')} records/s on one thread (${n.toLocaleString('en-US')} messages, ${Math.round((100 * filled) / n)} % with a search text, ${((1e6 * seconds) / n).toFixed(1)} µs each)`,
  );
}
