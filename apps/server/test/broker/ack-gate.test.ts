import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { AckGate, packetSize } from '../../src/broker/ack-gate.ts';
import { duplexPair } from '../support/duplex-pair.ts';

const puback = (messageId: number) => mqttPacket.generate({ cmd: 'puback', messageId });
const publish = (messageId: number) =>
  mqttPacket.generate({
    cmd: 'publish',
    topic: 't',
    payload: Buffer.alloc(300, 1),
    qos: 1,
    messageId,
    dup: false,
    retain: false,
  });

/** A gated stream over one end of a pair, and the packets the other end (the broker) receives. */
function gated() {
  const [socket, broker] = duplexPair();
  const gate = new AckGate();
  const stream = gate.wrap(socket);
  const parser = mqttPacket.parser();
  const received: string[] = [];
  parser.on('packet', (p) => received.push(`${p.cmd}:${p.messageId}`));
  broker.on('data', (chunk: Buffer) => parser.parse(chunk));
  return { gate, stream, received };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the acknowledgement gate', () => {
  it('holds a PUBACK until its message is committed, and the later ones behind it, in order', async () => {
    const { gate, stream, received } = gated();
    let commit!: () => void;
    gate.hold(1, new Promise<void>((r) => (commit = r)));
    gate.hold(2, Promise.resolve());
    stream.write(puback(1));
    stream.write(puback(2));
    stream.write(puback(3));
    stream.write(publish(9));
    await settle();
    // Another packet is not held back.
    expect(received).toEqual(['publish:9']);
    commit();
    await settle();
    expect(received).toEqual(['publish:9', 'puback:1', 'puback:2', 'puback:3']);
  });

  it('lets a PUBACK go when its message’s handling fails, since a second delivery would fail alike', async () => {
    const { gate, stream, received } = gated();
    gate.hold(4, Promise.reject(new Error('handler fault')));
    stream.write(puback(4));
    await settle();
    expect(received).toEqual(['puback:4']);
  });

  it('finds packets however the bytes are cut', async () => {
    const { gate, stream, received } = gated();
    let commit!: () => void;
    gate.hold(7, new Promise<void>((r) => (commit = r)));
    const bytes = Buffer.concat([publish(5), puback(7), publish(6), puback(8)]);
    for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
    await settle();
    expect(received).toEqual(['publish:5', 'publish:6']);
    commit();
    await settle();
    expect(received).toEqual(['publish:5', 'publish:6', 'puback:7', 'puback:8']);
  });

  it('reads a remaining length of up to four bytes, and refuses a longer one', () => {
    expect(packetSize(Buffer.from([0x30]))).toBeUndefined();
    expect(packetSize(Buffer.from([0x40, 0x02]))).toBe(4);
    expect(packetSize(Buffer.from([0x30, 0xff, 0x7f]))).toBe(3 + 16_383);
    expect(() => packetSize(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow();
  });
});
