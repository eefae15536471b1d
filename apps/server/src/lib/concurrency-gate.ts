/**
 * At most `limit` runs at once; the others wait their turn in order. Work that holds the
 * database's connections (the embedded database has one) goes through one, so a burst of it
 * queues here and everything else still reaches the database between its runs.
 */
export function createConcurrencyGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line; `running` only falls when nobody waits.
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
      else running--;
    }
  };
}
