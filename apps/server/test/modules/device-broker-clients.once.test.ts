import { topics } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MqttBridge } from '../../src/broker/bridge.ts';
import type { DynsecClient, DynsecCommand } from '../../src/broker/dynamic-security.ts';
import { createDynsecDeviceClients, deviceRoleAcls } from '../../src/modules/devices/broker-clients.ts';

// The Mosquitto side of device credentials without a broker: what is sent to the plugin, what a
// broker that is away costs (nothing thrown, retried), and which acks end a rotation.
type Handler = (topic: string, payload: Buffer) => unknown;

function setup(options: { failing?: () => boolean } = {}) {
  const sent: DynsecCommand[][] = [];
  const dynsec = {
    async must(commands: DynsecCommand[]) {
      if (options.failing?.()) throw new Error('the broker did not answer');
      sent.push(commands);
      return commands.map((c) => ({ command: c.command }));
    },
  } as unknown as DynsecClient;
  const handlers = new Map<string, Handler[]>();
  const mqtt = {
    handle: (filter: string, handler: Handler) => handlers.set(filter, [...(handlers.get(filter) ?? []), handler]),
  } as unknown as MqttBridge;
  const lines: string[] = [];
  const write = (fields: object, message: string) => lines.push(JSON.stringify({ ...fields, message }));
  const log = { warn: write, error: write, info: write, debug: write } as unknown as FastifyBaseLogger;
  const clients = createDynsecDeviceClients({ dynsec, mqtt, log });
  const ack = (topic: string, id: string) =>
    Promise.all(
      (handlers.get('HCP4/+/ack') ?? []).map((h) =>
        h(topic, Buffer.from(JSON.stringify({ id, ok: true, ts: new Date().toISOString() }))),
      ),
    );
  return { sent, clients, ack, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('per-device clients on Mosquitto', () => {
  it('gives a robot a role of exactly its own topics, denying the rest', () => {
    const acls = deviceRoleAcls({ kind: 'robot', sn: 'R-1' });
    const allowed = (type: string) => acls.filter((a) => a.acltype === type && a.allow).map((a) => a.topic);
    expect(allowed('publishClientSend')).toContain(topics.robotStatus('R-1'));
    expect(allowed('publishClientSend').some((t) => t.includes('R-2') || t.includes('+') || t === '#')).toBe(false);
    expect(allowed('subscribePattern')).toEqual([
      topics.robotCommand('R-1'),
      topics.robotConfig('R-1', '+'),
      topics.trackMap('+'),
    ]);
    expect(acls.filter((a) => !a.allow).map((a) => [a.topic, a.priority])).toEqual([
      ['#', 0],
      ['#', 0],
      ['#', 0],
    ]);
  });

  it('creates the client with its password, client id and role at enrollment, and disables it at revocation', async () => {
    const { sent, clients } = setup();
    expect(await clients.enrolled({ kind: 'robot', sn: 'R-1' }, 'secret-1')).toBe(true);
    expect(sent[0][1]).toMatchObject({ command: 'createClient', username: 'R-1', password: 'secret-1', clientid: 'robot_R-1' });
    expect(await clients.revoked({ kind: 'controller', trackId: 3 })).toBe(true);
    expect(sent.at(-1)).toEqual([{ command: 'disableClient', username: 'track-3' }]);
    clients.close();
  });

  it('never throws when the broker is away: the change is retried until it is taken', async () => {
    vi.useFakeTimers();
    let down = true;
    const { sent, clients, lines } = setup({ failing: () => down });
    expect(await clients.enrolled({ kind: 'robot', sn: 'R-2' }, 'secret-2')).toBe(false);
    expect(clients.pending()).toBe(1);
    expect(lines.join('\n')).toContain('the broker did not take a device account change');
    expect(lines.join('\n')).not.toContain('secret-2');
    down = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clients.pending()).toBe(0);
    expect(sent.flat().find((c) => c.command === 'createClient')).toMatchObject({ username: 'R-2', password: 'secret-2' });
    clients.close();
  });

  it('takes a rotation’s password on the device’s own ack only, or when the grace ends', async () => {
    vi.useFakeTimers();
    const { sent, clients, ack } = setup();
    const taken: string[] = [];
    const rotate = (sn: string, commandId: string) =>
      clients.rotating(
        { kind: 'robot', sn },
        { commandId, password: `new-${sn}`, graceMs: 600_000, onTaken: async () => void taken.push(sn) },
      );
    rotate('R-3', 'cmd-3');
    rotate('R-4', 'cmd-4');
    // Another robot acking the command id: nothing happens.
    await ack(topics.robotAck('R-9'), 'cmd-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(taken).toEqual([]);
    await ack(topics.robotAck('R-3'), 'cmd-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(taken).toEqual(['R-3']);
    expect(sent.flat().find((c) => c.username === 'R-3' && c.password)).toMatchObject({ password: 'new-R-3' });
    // R-4 never acks: the grace's end gives the broker its new password.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(taken).toEqual(['R-3', 'R-4']);
    expect(sent.flat().find((c) => c.username === 'R-4' && c.password)).toMatchObject({ password: 'new-R-4' });
    clients.close();
  });
});
