import { Duplex } from 'node:stream';

/** One end of a duplex pair: what is written to it is read from the other end. */
class End extends Duplex {
  other!: End;
  /** The other end's write waiting for this end's reader to take more. */
  pendingWrite?: () => void;

  override _read() {
    const pendingWrite = this.pendingWrite;
    this.pendingWrite = undefined;
    pendingWrite?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.other.push(chunk)) callback();
    else this.other.pendingWrite = callback;
  }

  override _final(callback: (error?: Error | null) => void) {
    this.other.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    // The other end sees its peer gone, as a socket would: closed, without this end's error.
    if (!this.other.destroyed) this.other.destroy();
    callback(error);
  }
}

/**
 * Two connected in-memory streams (Node 22's `stream.duplexPair`, which Node 20 lacks): a
 * connection within one process, with the backpressure of a socket and none of its system calls.
 * Ending one ends the other's reading; destroying one closes the other.
 */
export function duplexPair(): [Duplex, Duplex] {
  const a = new End();
  const b = new End();
  a.other = b;
  b.other = a;
  return [a, b];
}
