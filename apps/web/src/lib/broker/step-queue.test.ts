import { describe, expect, it, vi } from 'vitest';
import { createStepQueue } from './step-queue.ts';

/** A promise settled from outside: an asynchronous step that lasts until the test ends it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
/** Lets every promise reaction queued so far run (they all run before the next task). */
const drained = () => new Promise((resolve) => setTimeout(resolve));

describe('createStepQueue', () => {
  it('runs a step at once while no earlier step is running', () => {
    const inOrder = createStepQueue(() => {});
    const ran: string[] = [];
    inOrder(() => ran.push('a'));
    expect(ran).toEqual(['a']);
    inOrder(() => ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
  });

  it('holds every later step until an asynchronous one settles, then runs them in the order given', async () => {
    const inOrder = createStepQueue(() => {});
    const ran: string[] = [];
    const inflate = deferred();
    inOrder(() => ran.push('before'));
    inOrder(() => inflate.promise.then(() => ran.push('feed')));
    inOrder(() => ran.push('alert'));
    const second = deferred();
    inOrder(() => second.promise.then(() => ran.push('second feed')));
    inOrder(() => ran.push('event'));
    expect(ran).toEqual(['before']);
    second.resolve();
    await drained();
    // The second feed message settled first, but it came after the first: it still waits.
    expect(ran).toEqual(['before']);
    inflate.resolve();
    await drained();
    expect(ran).toEqual(['before', 'feed', 'alert', 'second feed', 'event']);
    // Nothing is waiting any more: the next step runs at once again.
    inOrder(() => ran.push('after'));
    expect(ran.at(-1)).toBe('after');
  });

  it('hands a step that throws to onFault, and runs the next one at once', () => {
    const onFault = vi.fn();
    const inOrder = createStepQueue(onFault);
    const ran: string[] = [];
    const fault = new Error('cannot post');
    inOrder(() => {
      throw fault;
    });
    inOrder(() => ran.push('next'));
    expect(onFault).toHaveBeenCalledExactlyOnceWith(fault);
    expect(ran).toEqual(['next']);
  });

  it('hands a step that rejects, or throws while waiting, to onFault; the steps after it still run in order', async () => {
    const onFault = vi.fn();
    const inOrder = createStepQueue(onFault);
    const ran: string[] = [];
    const inflate = deferred();
    const rejected = new Error('not a zlib stream');
    const thrown = new Error('bad step');
    inOrder(() => inflate.promise);
    inOrder(() => ran.push('a'));
    inOrder(() => {
      throw thrown;
    });
    inOrder(() => ran.push('b'));
    inflate.reject(rejected);
    await drained();
    expect(onFault.mock.calls).toEqual([[rejected], [thrown]]);
    expect(ran).toEqual(['a', 'b']);
    inOrder(() => ran.push('c'));
    expect(ran).toEqual(['a', 'b', 'c']);
  });
});
