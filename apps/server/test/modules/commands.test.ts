import { brokerClientId, commandPayload, parseJson } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCommand, insertCommand } from '../../src/modules/commands/repository.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

// Command tracking against the embedded broker with a scripted device that acks, refuses or stays silent.
let app: TestApp;
let device: MqttClient;

beforeAll(async () => {
  app = await buildTestApp({ commandTimeoutMs: 600 });
  await app.mqtt.waitUntilSubscribed();
  device = mqtt.connect(`mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, {
    username: 'CMD-1',
    password: app.secrets.deviceKey,
    clientId: brokerClientId.robot('CMD-1'),
  });
  await new Promise((resolve) => device.once('connect', resolve));
  await device.subscribeAsync('HCP4/CMD-1/cmd');
  device.on('message', (_topic, payload) => {
    const command = commandPayload.parse(parseJson(payload));
    if (command.command === 'restart') return; // silent: times out
    const ok = command.command !== 'lid';
    device.publish(
      'HCP4/CMD-1/ack',
      JSON.stringify({
        id: command.id,
        ok,
        error: ok ? undefined : 'lid cannot open while moving',
        ts: new Date().toISOString(),
      }),
    );
  });
});
afterAll(async () => {
  await device.endAsync(true);
  await app.close();
});

const send = (command: string) =>
  app.commands.send(
    { target: 'CMD-1', command, username: 'admin', topic: 'HCP4/CMD-1/cmd', payload: { command } },
    { wait: true },
  );

describe('command tracking', () => {
  it('moves an acknowledged command to acknowledged', async () => {
    const record = await send('reset_alarm');
    expect(record).toMatchObject({ status: 'acknowledged', target: 'CMD-1', command: 'reset_alarm', username: 'admin' });
    expect(record.answeredAt).toBeTruthy();
  });

  it('keeps the device error of a refused command', async () => {
    expect(await send('lid')).toMatchObject({ status: 'failed', error: 'lid cannot open while moving' });
  });

  it('times out a command nobody answers', async () => {
    expect(await send('restart')).toMatchObject({ status: 'timed_out' });
  });

  it('answers at once with status sent when not waiting', async () => {
    const record = await app.commands.send({
      target: 'CMD-1',
      command: 'reload_map',
      username: 'admin',
      topic: 'HCP4/CMD-1/cmd',
      payload: { command: 'reload_map' },
    });
    expect(record.status).toBe('sent');
  });

  it('ignores an ack that is not JSON or names no known command', async () => {
    device.publish('HCP4/CMD-1/ack', 'not json');
    device.publish('HCP4/CMD-1/ack', JSON.stringify({ id: 'unknown', ok: true, ts: new Date().toISOString() }));
    expect(await send('reset_alarm')).toMatchObject({ status: 'acknowledged' });
  });

  it('times out a command whose instance died before its timer did, once, from any instance', async () => {
    // As an instance killed after sending it would leave it: sent, with nobody's timer running.
    const orphan = await insertCommand(app.db, {
      id: 'orphan-1',
      target: 'CMD-1',
      command: 'restart',
      status: 'sent',
      username: 'admin',
      sentAt: new Date(Date.now() - 60_000),
    });
    expect(orphan.status).toBe('sent');
    const answered: string[] = [];
    app.commands.onAnswered((record) => answered.push(`${record.id}:${record.status}`));
    await vi.waitFor(() => expect(answered).toContain('orphan-1:timed_out'), { timeout: 10_000 });
    expect(await findCommand(app.db, 'orphan-1')).toMatchObject({ status: 'timed_out' });
    expect(answered.filter((a) => a.startsWith('orphan-1'))).toHaveLength(1);
  });
});
