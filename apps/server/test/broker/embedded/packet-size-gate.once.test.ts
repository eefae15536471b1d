import { Duplex } from 'node:stream';
import { BROKER_LIMITS } from '@railserve/protocol';
import type { Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it, vi } from 'vitest';
import type { BrokerIdentity } from '../../../src/broker/acl.ts';
import { PacketSizeGate } from '../../../src/broker/embedded/packet-size-gate.ts';
import { BrokerSessions } from '../../../src/broker/embedded/sessions.ts';

/**
 * A connection that records each write it is given. Like ws's WebSocket stream it has no writev:
 * what is corked on it still arrives write by write, each a frame of its own.
 */
function connection(highWaterMark?: number) {
  const writes: Buffer[] = [];
  const inner = new Duplex({
    ...(highWaterMark ? { writableHighWaterMark: highWaterMark } : {}),
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

  it('sends what a gathering connection was given in one turn of the event loop as one write', async () => {
    const { inner, writes } = connection();
    const gate = new PacketSizeGate(inner, 1024, () => {});
    gate.gathersWrites = true;
    const packets = [1, 2, 3].map((messageId) => mqttPacket.generate({ cmd: 'puback', messageId }));
    for (const packet of packets) gate.write(packet);
    expect(writes).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([Buffer.concat(packets)]);

    // A turn's packets beyond the connection's buffer go out without waiting for the turn's end.
    const small = connection(8);
    const filling = new PacketSizeGate(small.inner, 1024, () => {});
    filling.gathersWrites = true;
    for (const packet of packets) filling.write(packet);
    expect(small.writes).toEqual([Buffer.concat(packets.slice(0, 2))]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(small.writes).toEqual([Buffer.concat(packets.slice(0, 2)), packets[2]]);

    // Ended, what it gathered goes out first.
    const ending = connection();
    const closing = new PacketSizeGate(ending.inner, 1024, () => {});
    closing.gathersWrites = true;
    closing.write(packets[0]);
    closing.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ending.writes).toEqual([packets[0]]);

    // Without gathering, the first packet goes out as it is written.
    const plain = connection();
    const eager = new PacketSizeGate(plain.inner, 1024, () => {});
    for (const packet of packets) eager.write(packet);
    expect(plain.writes[0]).toEqual(packets[0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.concat(plain.writes)).toEqual(Buffer.concat(packets));
  });

  it('never keeps the broker waiting for a peer with a timeout, and closes one that leaves its packets unread', async () => {
    // A peer that takes nothing in: its connection's buffer (8 bytes) is full after two packets.
    const stuck = new Duplex({ writableHighWaterMark: 8, read() {}, write() {} });
    const gate = new PacketSizeGate(stuck, 1024, () => {});
    gate.slowPeerTimeoutMs = 50;
    const closedWith = new Promise<Error>((resolve) => gate.once('error', resolve));
    const packets = [1, 2, 3, 4].map((messageId) => mqttPacket.generate({ cmd: 'puback', messageId }));
    const taken = packets.map((packet) => new Promise<void>((resolve) => gate.write(packet, () => resolve())));
    await Promise.all(taken);
    expect(gate.destroyed).toBe(false);
    expect((await closedWith).message).toMatch(/unread for 50 ms/);
    expect(gate.destroyed).toBe(true);

    // One that takes it in before the timeout stays.
    let reading = false;
    const unread: (() => void)[] = [];
    const release = () => {
      reading = true;
      for (const callback of unread.splice(0)) callback();
    };
    const slow = new Duplex({
      writableHighWaterMark: 8,
      read() {},
      write(_chunk, _encoding, callback) {
        if (reading) callback();
        else unread.push(() => callback());
      },
    });
    const patient = new PacketSizeGate(slow, 1024, () => {});
    patient.slowPeerTimeoutMs = 50;
    patient.write(packets[0]);
    patient.write(packets[1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(patient.destroyed).toBe(false);

    // Without a timeout (the server's own connection), a full connection makes the writer wait.
    const waiting = new PacketSizeGate(new Duplex({ writableHighWaterMark: 8, read() {}, write() {} }), 1024, () => {});
    let calledBack = 0;
    for (const packet of packets) waiting.write(packet, () => calledBack++);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calledBack).toBe(0);
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

describe('the broker’s signed-in connections', () => {
  it('gather the consoles’ writes, and wait for none', () => {
    const sessions = new BrokerSessions(() => {});
    const admitted = (identity: BrokerIdentity, id: string) => {
      const gate = sessions.accept(connection().inner) as PacketSizeGate;
      sessions.admit({ id, conn: gate } as unknown as Client, identity);
      return gate;
    };
    const web = { role: 'web', userId: 1, permission: 1, tokenVersion: 0, expiresAt: Date.now() / 1000 + 60 } as const;
    const consoleGate = admitted(web, 'frontend_0a1b2c3d');
    expect([consoleGate.gathersWrites, consoleGate.slowPeerTimeoutMs]).toEqual([true, BROKER_LIMITS.slowPeerTimeoutMs]);
    const robot = admitted({ role: 'robot', sn: 'RS-A1' }, 'robot_RS-A1');
    expect([robot.gathersWrites, robot.slowPeerTimeoutMs]).toEqual([false, BROKER_LIMITS.slowPeerTimeoutMs]);
    expect(admitted({ role: 'controller', trackId: 1 }, 'track_1').gathersWrites).toBe(false);
    // The console's expiry timer would otherwise outlive this file in the shared test process.
    sessions.close();
  });

  it('refuses a connection while others fill every slot for signing in', () => {
    const refusals: string[] = [];
    const sessions = new BrokerSessions((reason) => refusals.push(reason));
    const devices = Array.from({ length: BROKER_LIMITS.unauthenticatedConnections }, () => connection().inner);
    for (const device of devices) expect(sessions.accept(device)).toBeDefined();
    const late = connection().inner;
    expect(sessions.accept(late)).toBeUndefined();
    expect(late.destroyed).toBe(true);
    expect(refusals).toEqual(['too many connections signing in']);
    sessions.close();
  });
});
