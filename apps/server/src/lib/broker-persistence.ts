import { Readable } from 'node:stream';
// aedes-persistence has no type declarations for its two building blocks; both are stable parts of v11.
// @ts-expect-error untyped module
import MemoryPersistence from 'aedes-persistence/asyncPersistence.js';
// @ts-expect-error untyped module
import { CallBackPersistence } from 'aedes-persistence/callBackPersistence.js';
import { RetainedIndex } from './retained-index.ts';

type Packet = { topic: string; payload: Buffer };

/** Aedes' in-memory persistence with retained messages kept in a RetainedIndex. */
class IndexedMemoryPersistence extends MemoryPersistence {
  readonly retained = new RetainedIndex();

  // biome-ignore lint/complexity/noUselessConstructor: the base class is untyped, so TypeScript needs the parameter declared.
  constructor(opts: unknown) {
    super(opts);
  }

  async storeRetained(packet: Packet) {
    this.retained.store({ ...packet });
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

export function indexedMemoryPersistence() {
  return new CallBackPersistence((opts: unknown) => new IndexedMemoryPersistence(opts), {});
}
