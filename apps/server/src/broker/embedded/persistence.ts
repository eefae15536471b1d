import { Readable } from 'node:stream';
// aedes-persistence has no type declarations for its two building blocks; both are stable parts of v11.
// @ts-expect-error untyped module
import MemoryPersistence from 'aedes-persistence/asyncPersistence.js';
// @ts-expect-error untyped module
import { CallBackPersistence } from 'aedes-persistence/callBackPersistence.js';
import { RetainedIndex } from './retained-index.ts';

type Packet = { topic: string; payload: Buffer };

/** What the embedded broker learns from its store: a device's retained message was not kept (broker/embedded/retained-budget.ts). */
export type RetainedStoreOptions = { retained?: RetainedIndex; onRefused?: (topic: string) => void };

/**
 * Aedes' in-memory persistence with retained messages kept in a RetainedIndex. A message the
 * index does not keep is still delivered: storing it resolves, so Aedes goes on publishing it.
 */
class IndexedMemoryPersistence extends MemoryPersistence {
  readonly retained: RetainedIndex;
  readonly #onRefused: (topic: string) => void;

  constructor(options: RetainedStoreOptions) {
    super({});
    this.retained = options.retained ?? new RetainedIndex();
    this.#onRefused = options.onRefused ?? (() => {});
  }

  async storeRetained(packet: Packet) {
    if (this.retained.store(packet) === 'refused') this.#onRefused(packet.topic);
  }

  createRetainedStream(pattern: string) {
    return Readable.from(this.retained.match(pattern));
  }

  createRetainedStreamCombi(patterns: string[]) {
    const retained = this.retained;
    return Readable.from(
      (function* () {
        for (const pattern of patterns) yield* retained.match(pattern);
      })(),
    );
  }

  async destroy() {
    this.retained.clear();
    return super.destroy();
  }
}

export function indexedMemoryPersistence(options: RetainedStoreOptions = {}) {
  return new CallBackPersistence(() => new IndexedMemoryPersistence(options), {});
}
