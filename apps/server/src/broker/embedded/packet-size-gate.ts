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
   * Packets written during one turn of the event loop go out in one write at its end: for the
   * consoles' connections, which take the feed, logs and alerts (a thousand packets a second are
   * then tens of writes; each write on loopback also pays for the receiver, and on a WebSocket
   * each write is a frame of its own).
   */
  gathersWrites = false;
  /**
   * Set, the broker is never kept waiting for this peer: every packet is taken at once, and a peer
   * that leaves what it was sent unread this long is closed (it reconnects and reads again). Unset
   * (before sign-in), a full connection makes the broker wait.
   * Waiting for one slow console held back every delivery of the broker, to everyone.
   */
  slowPeerTimeoutMs: number | undefined = undefined;
  #slowPeer: NodeJS.Timeout | undefined;
  #gathered: Buffer[] = [];
  #gatheredBytes = 0;
  #flushQueued = false;
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
   * A packet goes out at once, or gathering, joins the turn's others (`#gather`). The writer is
   * told to go on at once, unless the connection is full and has no timeout: only then does the
   * broker wait for the peer.
   */
  #send(data: Buffer, callback: (error?: Error | null) => void) {
    if (!this.gathersWrites && this.slowPeerTimeoutMs === undefined) return void this.inner.write(data, callback);
    if (this.gathersWrites) this.#gather(data);
    else this.#write(data);
    if (this.inner.writableNeedDrain && this.slowPeerTimeoutMs === undefined) this.inner.once('drain', () => callback());
    else callback();
  }

  /**
   * The turn's packets go out joined in one buffer at its end, or sooner once they fill the
   * connection's buffer size: a corked WebSocket stream would still send each as a frame of its own.
   */
  #gather(data: Buffer) {
    this.#gathered.push(data);
    this.#gatheredBytes += data.length;
    if (this.#gatheredBytes >= this.inner.writableHighWaterMark) this.#flush();
    else if (!this.#flushQueued) {
      this.#flushQueued = true;
      setImmediate(() => {
        this.#flushQueued = false;
        this.#flush();
      });
    }
  }

  #flush() {
    if (this.#gathered.length === 0) return;
    const data = this.#gathered.length === 1 ? this.#gathered[0] : Buffer.concat(this.#gathered, this.#gatheredBytes);
    this.#gathered = [];
    this.#gatheredBytes = 0;
    this.#write(data);
  }

  #write(data: Buffer) {
    if (this.inner.destroyed) return;
    this.inner.write(data);
    this.#watchPeer();
  }

  /** A peer whose connection is full gets until the timeout to take it in. */
  #watchPeer() {
    if (this.#slowPeer || this.slowPeerTimeoutMs === undefined || !this.inner.writableNeedDrain) return;
    const timeoutMs = this.slowPeerTimeoutMs;
    this.#slowPeer = setTimeout(
      () => this.destroy(new Error(`peer left what it was sent unread for ${timeoutMs} ms`)),
      timeoutMs,
    );
    this.inner.once('drain', () => {
      clearTimeout(this.#slowPeer);
      this.#slowPeer = undefined;
    });
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#flush();
    this.inner.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    clearTimeout(this.#slowPeer);
    this.inner.destroy();
    callback(error);
  }
}
