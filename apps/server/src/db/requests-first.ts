import type pg from 'pg';

/**
 * A background writer's turn on a pool of one connection (the embedded database): it waits until
 * no query runs and none waits, at most `maxWaitMs`, so that a request's reads are not queued
 * behind a bulk statement it did not ask for. A request makes its reads one after another (the
 * user, then what it asked for); each is queued in the same moment as the previous one's answer,
 * so the writer looks again only on the next turn of the event loop after a release.
 */
export function requestsFirst(pool: pg.Pool, maxWaitMs: number): () => Promise<void> {
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
  return async () => {
    const until = Date.now() + maxWaitMs;
    while (busy() && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pool.off('release', onRelease);
          resolve();
        };
        const onRelease = () => {
          pool.off('release', onRelease);
          setImmediate(done);
        };
        const timer = setTimeout(done, until - Date.now());
        pool.on('release', onRelease);
      });
    }
  };
}
