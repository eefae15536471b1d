import { Duplex } from 'node:stream';

const PUBACK = 4;
const EMPTY = Buffer.alloc(0);

/**
 * Holds the server's acknowledgements (PUBACK) of QoS 1 messages until their handling is
 * committed, so a broker whose subscriber dies before committing delivers them again (docs/deploy.md,
 * "Delivery guarantee"). mqtt.js handles incoming packets one after another and writes a message's
 * PUBACK as soon as its handler returns: waiting there would allow one message per commit. Instead
 * the connection's stream is wrapped (`wrap`, for mqtt.js's stream builder) and its outgoing bytes
 * read packet by packet: a PUBACK whose message `hold` named waits for that promise; later PUBACKs
 * queue behind it, so they leave in the order the messages came (MQTT 3.1.1 section 4.6), and every
 * other packet passes at once. A new connection starts with nothing held: the broker resends what
 * the old one left unacknowledged.
 */
export class AckGate {
  private current?: GatedStream;

  /** The stream mqtt.js uses for one connection: `inner`'s bytes, with PUBACKs held as named. */
  wrap(inner: Duplex): Duplex {
    this.current = new GatedStream(inner);
    return this.current;
  }

  /** The PUBACK of message `messageId` (received on the current connection) waits for `until`. */
  hold(messageId: number, until: Promise<unknown>) {
    this.current?.hold(messageId, until);
  }

  /** PUBACKs waiting (tests and /api/health). */
  get held() {
    return this.current?.waiting ?? 0;
  }
}

type QueuedAck = { bytes: Buffer; ready: boolean };

class GatedStream extends Duplex {
  /** Messages whose PUBACK waits, by id, until their promise settles. */
  private readonly pending = new Map<number, Promise<unknown>>();
  /** PUBACKs written by mqtt.js and not yet passed on, in order. */
  private readonly acks: QueuedAck[] = [];
  /** The start of a packet whose header (or, for a PUBACK, whose whole body) has not all come. */
  private head = EMPTY;
  /** Bytes of the current packet still to pass through. */
  private passing = 0;

  constructor(private readonly inner: Duplex) {
    super();
    inner.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) inner.pause();
    });
    inner.on('end', () => this.push(null));
    inner.on('error', (error) => this.destroy(error));
    inner.on('close', () => this.destroy());
    inner.on('drain', () => this.emit('inner-drain'));
  }

  get waiting() {
    return this.acks.length;
  }

  hold(messageId: number, until: Promise<unknown>) {
    this.pending.set(messageId, until);
  }

  override _read() {
    this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    let rest = chunk;
    try {
      while (rest.length > 0) {
        if (this.passing > 0) {
          const n = Math.min(this.passing, rest.length);
          this.send(rest.subarray(0, n));
          this.passing -= n;
          rest = rest.subarray(n);
          continue;
        }
        const head = this.head.length > 0 ? Buffer.concat([this.head, rest]) : rest;
        rest = EMPTY;
        const size = packetSize(head);
        if (size === undefined || (head[0] >> 4 === PUBACK && head.length < size)) {
          this.head = Buffer.from(head);
          break;
        }
        this.head = EMPTY;
        if (head[0] >> 4 === PUBACK) {
          this.queueAck(Buffer.from(head.subarray(0, size)));
          rest = head.subarray(size);
          continue;
        }
        const n = Math.min(size, head.length);
        this.send(head.subarray(0, n));
        this.passing = size - n;
        rest = head.subarray(n);
      }
    } catch (error) {
      return callback(error as Error);
    }
    if (this.inner.writableNeedDrain) this.once('inner-drain', () => callback());
    else callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.inner.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.pending.clear();
    this.acks.length = 0;
    if (!this.inner.destroyed) this.inner.destroy();
    callback(error);
  }

  private send(bytes: Buffer) {
    if (!this.inner.destroyed) this.inner.write(bytes);
  }

  private queueAck(bytes: Buffer) {
    // The message id follows the fixed header (the type byte and the remaining length's bytes).
    let headerSize = 2;
    while ((bytes[headerSize - 1] & 128) !== 0) headerSize++;
    const id = bytes.readUInt16BE(headerSize);
    const until = this.pending.get(id);
    this.pending.delete(id);
    if (!until && this.acks.length === 0) return this.send(bytes);
    const ack: QueuedAck = { bytes, ready: !until };
    this.acks.push(ack);
    if (!until) return;
    const release = () => {
      ack.ready = true;
      this.release();
    };
    until.then(release, release);
  }

  /** Passes on the PUBACKs at the head of the queue whose messages are committed. */
  private release() {
    while (this.acks[0]?.ready) this.send(this.acks.shift()!.bytes);
  }
}

/** A packet's length, fixed header included, or undefined while its remaining-length field is incomplete. */
export function packetSize(head: Buffer): number | undefined {
  let length = 0;
  let multiplier = 1;
  for (let i = 1; i < 5; i++) {
    if (i >= head.length) return undefined;
    length += (head[i] & 127) * multiplier;
    if ((head[i] & 128) === 0) return i + 1 + length;
    multiplier *= 128;
  }
  throw new Error('malformed MQTT remaining length');
}
