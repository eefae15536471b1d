import { Duplex } from 'node:stream';

/**
 * Stands between a connection and the MQTT broker and reads each packet's declared length
 * (fixed header: one byte, then a 1-4 byte variable length). A packet declaring more than `limit`
 * closes the connection before its body is read: Aedes would otherwise buffer up to 256 MiB per
 * packet, CONNECT included, before anyone is signed in. Bytes pass through unchanged.
 */
export class PacketSizeGate extends Duplex {
  /** Largest remaining length accepted now; raised once the client is signed in. */
  limit: number;
  /**
   * Packets written during one turn of the event loop go out in one write at its end. For the
   * server's own connection, which every robot's status reaches: a thousand statuses a second
   * are then tens of writes, not a thousand (each write on loopback also pays for the receiver).
   */
  gathersWrites = false;
  #gathering = false;
  #stage: 'header' | 'length' | 'body' = 'header';
  #length = 0;
  #multiplier = 1;
  #lengthBytes = 0;
  #remaining = 0;

  constructor(
    readonly inner: Duplex,
    limit: number,
    private readonly onRefused: (declaredAtLeast: number) => void,
  ) {
    super({ allowHalfOpen: false });
    this.limit = limit;
    inner.on('data', (chunk: Buffer) => {
      if (!this.#scan(chunk)) {
        this.onRefused(this.#length);
        this.destroy();
        return;
      }
      if (!this.push(chunk)) inner.pause();
    });
    inner.on('end', () => this.push(null));
    inner.on('error', (error) => this.destroy(error));
    inner.on('close', () => this.destroy());
  }

  /** False when a packet declares more than the limit (or a malformed length). */
  #scan(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length) {
      if (this.#stage === 'body') {
        const take = Math.min(this.#remaining, chunk.length - i);
        i += take;
        this.#remaining -= take;
        if (this.#remaining === 0) this.#stage = 'header';
      } else if (this.#stage === 'header') {
        i++;
        this.#stage = 'length';
        this.#length = 0;
        this.#multiplier = 1;
        this.#lengthBytes = 0;
      } else {
        const byte = chunk[i++];
        this.#length += (byte & 0x7f) * this.#multiplier;
        this.#multiplier *= 128;
        this.#lengthBytes++;
        // A partial length is already a lower bound: refuse without waiting for the rest.
        if (this.#length > this.limit) return false;
        if (byte & 0x80) {
          if (this.#lengthBytes >= 4) return false;
          continue;
        }
        this.#remaining = this.#length;
        this.#stage = this.#length === 0 ? 'header' : 'body';
      }
    }
    return true;
  }

  override _read() {
    this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.#send(chunk, callback);
  }

  /**
   * What was written together goes out together: an MQTT packet is written in pieces (header,
   * topic, payload) under one cork, and written one by one a TCP connection would hold the later
   * pieces back until the peer acknowledges the first (Nagle's algorithm against delayed ACKs,
   * about 40 ms), and a WebSocket would send each piece as a message of its own.
   */
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void) {
    this.#send(chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk)), callback);
  }

  /**
   * Gathering, the connection is corked until the end of this turn of the event loop and the
   * next packet is taken at once, unless the connection asks to wait (its buffer is full).
   */
  #send(data: Buffer, callback: (error?: Error | null) => void) {
    if (!this.gathersWrites) {
      this.inner.write(data, callback);
      return;
    }
    if (!this.#gathering) {
      this.#gathering = true;
      this.inner.cork();
      setImmediate(() => {
        this.#gathering = false;
        this.inner.uncork();
      });
    }
    if (this.inner.write(data)) callback();
    else this.inner.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void) {
    this.inner.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.inner.destroy();
    callback(error);
  }
}
