#!/usr/bin/env -S npx tsx
import { parseCli, USAGE } from './cli-args.ts';
import { startFleet } from './fleet.ts';

const parsed = parseCli(process.argv.slice(2), process.env);
if ('error' in parsed) {
  console.error(`railserve-sim: ${parsed.error}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed.help) {
  console.log(USAGE);
  process.exit(0);
}
const { options } = parsed;
const fleet = await startFleet(options).catch((error: Error) => {
  console.error(`railserve-sim: ${error.message}`);
  process.exit(1);
});
for (const track of fleet.plan) {
  const robots = `${track.sns.length} robots (${track.sns[0] ?? '-'} … ${track.sns.at(-1) ?? '-'})`;
  const tables = track.map.points.filter((p) => p.type === 'table').length;
  const map = options.publishMaps
    ? `published a map of ${track.map.points.length} points, ${tables} tables`
    : 'waiting for its saved map (console: track map, reload map)';
  console.log(`track ${track.trackId}: ${robots}, ${map}`);
}
console.log(
  `railserve-sim: ${fleet.robots.length} robots and ${fleet.controllers.length} track controllers on ${options.url}. Ctrl+C stops.`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`railserve-sim: ${signal}, stopping…`);
  // A second signal or a stuck broker must not keep the process alive forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
