import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Times every statement a database client runs (the pool hands a client out when it is free, so
 * the time is the statement's own, not its wait for PGlite's one connection) until `print`,
 * which lists them, slowest first, with the first words of their text.
 */
export function watchStatements() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: { ms: number; text: string }[] = [];
  const started = performance.now();
  proto.query = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const first = args[0] as string | { text: string };
    const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 110);
    const done = () => seen.push({ ms: performance.now() - t0, text });
    // pg-pool passes a callback; drizzle's own client calls await the promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  };
  return {
    print(label: string) {
      proto.query = original;
      const total = performance.now() - started;
      const inStatements = seen.reduce((a, s) => a + s.ms, 0);
      console.log(`\n${label}: ${seen.length} statements, ${inStatements.toFixed(0)} of ${total.toFixed(0)} ms`);
      for (const s of [...seen].sort((a, b) => b.ms - a.ms)) console.log(`  ${s.ms.toFixed(1).padStart(7)} ms  ${s.text}`);
    },
  };
}
