import { Duplex } from 'node:stream';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it, vi } from 'vitest';
import { PacketSizeGate } from '../../src/lib/packet-size-gate.ts';

/** A connection that records each write it is given. */
function connection() {
  const writes: Buffer[] = [];
  const inner = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      writes.push(Buffer.from(chunk));
      callback();
    },
  });
  return { inner, writes };
}

describe('the packet size gate', () => {
  it('hands the connection each MQTT packet as one write, not in the pieces it was written in', async () => {
    const { inner, writes } = connection();
    const gate = new PacketSizeGate(inner, 1024, () => {});
    const packet = {
      cmd: 'publish',
      topic: 'hcpro4/robots/RS-A1/status',
      payload: Buffer.from('{"sn":"RS-A1"}'),
      qos: 1,
      messageId: 7,
      retain: false,
      dup: false,
    } as const;
    mqttPacket.writeToStream(packet, gate);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual(mqttPacket.generate(packet));
  });

  it('passes bytes through both ways and closes a connection whose packet declares more than the limit', async () => {
    const { inner, writes } = connection();
    const refused = vi.fn();
    const gate = new PacketSizeGate(inner, 16, refused);
    const read: Buffer[] = [];
    gate.on('data', (chunk: Buffer) => read.push(chunk));
    gate.write(Buffer.from([0xc0, 0x00]));
    inner.push(Buffer.from([0xc0, 0x00]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([Buffer.from([0xc0, 0x00])]);
    expect(read).toEqual([Buffer.from([0xc0, 0x00])]);
    inner.push(Buffer.from([0x10, 0x7f]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(refused).toHaveBeenCalledWith(127);
    expect(gate.destroyed).toBe(true);
  });
});
