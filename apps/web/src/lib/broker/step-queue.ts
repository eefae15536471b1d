/** Adds a step to a step queue (createStepQueue). */
export type RunInOrder = (step: () => unknown) => void;

/**
 * Runs steps in the order they are given, some of them asynchronous: a step runs at once while no
 * earlier step is still running, otherwise once every earlier one has settled. The broker worker
 * (broker-worker-host.ts) passes what its client saw on to the page this way: while a robot feed
 * message inflates, the messages and events that came after it wait.
 *
 * A step that throws or rejects is handed to `onFault`; the steps after it run as they would have.
 */
export function createStepQueue(onFault: (error: unknown) => void): RunInOrder {
  let last: Promise<unknown> = Promise.resolve();
  /** Steps given but not settled yet. */
  let waiting = 0;
  const follow = (work: Promise<unknown>) => {
    waiting++;
    last = work.catch(onFault).finally(() => waiting--);
  };
  return (step) => {
    if (waiting > 0) return follow(last.then(step));
    let result: unknown;
    try {
      result = step();
    } catch (error) {
      return onFault(error);
    }
    if (result instanceof Promise) follow(result);
  };
}
