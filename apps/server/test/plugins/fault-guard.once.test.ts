import { EventEmitter } from 'node:events';
import { Aedes, type Client, type PublishPacket, type Subscription } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultContext, FaultGuard } from '../../src/lib/fault-guard.ts';
import { listenPlainBroker } from '../support/plain-broker.ts';

const deep = `{"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;

function recordingGuard() {
  const logged: (FaultContext & { err: unknown })[] = [];
  const log = { error: (fields: FaultContext & { err: unknown }) => void logged.push(fields) } as unknown as FastifyBaseLogger;
  return { guard: new FaultGuard(log), logged };
}

describe('fault guard', () => {
  it('reports a throw and a rejection of a handler once each, with where, client and topic, and raises neither', async () => {
    const { guard, logged } = recordingGuard();
    expect(() =>
      guard.run({ where: 'handler', clientId: 'c1', topic: 't/1' }, () => JSON.stringify(JSON.parse(deep))),
    ).not.toThrow();
    guard.run({ where: 'handler', topic: 't/2' }, async () => {
      throw new Error('rejected');
    });
    await expect.poll(() => guard.faults).toBe(2);
    expect(logged.map(({ where, clientId, topic }) => ({ where, clientId, topic }))).toEqual([
      { where: 'handler', clientId: 'c1', topic: 't/1' },
      { where: 'handler', clientId: undefined, topic: 't/2' },
    ]);
    expect(logged[0].err).toBeInstanceOf(RangeError);
  });

  it('keeps a throwing listener from throwing into its emitter', () => {
    const { guard, logged } = recordingGuard();
    const emitter = new EventEmitter();
    emitter.on(
      'clientError',
      guard.listener(
        'listener',
        (_client: { id: string }) => {
          throw new Error('listener');
        },
        (client: { id: string }) => ({ clientId: client.id }),
      ),
    );
    expect(() => emitter.emit('clientError', { id: 'c9' })).not.toThrow();
    expect(logged).toMatchObject([{ where: 'listener', clientId: 'c9' }]);
  });

  describe('around a callback hook', () => {
    const setup = (hook: (value: string, done: (error: Error | null, ok?: boolean) => void) => unknown) => {
      const { guard, logged } = recordingGuard();
      const client = {
        closed: 0,
        close() {
          this.closed++;
        },
      };
      const answers: unknown[][] = [];
      const guarded = guard.hook('hook', hook, {
        context: (value) => ({ topic: value, client }),
        refuse: (error): [Error, boolean] => [error instanceof Error ? error : new Error(String(error)), false],
      });
      return {
        guard,
        logged,
        client,
        answers,
        call: (value: string, done = (...a: unknown[]) => void answers.push(a)) => guarded(value, done),
      };
    };

    it('answers a hook that throws before answering with the refusal, once', () => {
      const { call, answers, logged, client } = setup((value) => JSON.stringify(JSON.parse(value)));
      expect(() => call(deep)).not.toThrow();
      expect(answers).toHaveLength(1);
      expect(answers[0][0]).toBeInstanceOf(RangeError);
      expect(answers[0][1]).toBe(false);
      expect(logged).toHaveLength(1);
      expect(client.closed).toBe(0);
    });

    it('answers a hook that rejects with the refusal', async () => {
      const { call, answers } = setup(async () => {
        throw new Error('async fault');
      });
      call('x');
      await expect.poll(() => answers.length).toBe(1);
      expect((answers[0][0] as Error).message).toBe('async fault');
    });

    it('ignores a second answer, and closes the client of a hook that fails after answering', () => {
      const { call, answers, client, logged } = setup((_value, done) => {
        done(null, true);
        done(null, true);
        throw new Error('after the answer');
      });
      call('x');
      expect(answers).toEqual([[null, true]]);
      expect(client.closed).toBe(1);
      expect(logged).toHaveLength(1);
    });

    it('catches an answer that throws in the broker, and closes that client', () => {
      const { call, client, logged } = setup((_value, done) => done(null, true));
      expect(() =>
        call('x', () => {
          throw new Error('inside the broker');
        }),
      ).not.toThrow();
      expect(client.closed).toBe(1);
      expect(logged).toMatchObject([{ where: 'hook (its answer)' }]);
    });

    it('answers a late answer once, after a refusal already went out', async () => {
      let late: ((error: Error | null, ok?: boolean) => void) | undefined;
      const { call, answers } = setup((_value, done) => {
        late = done;
        throw new Error('early fault');
      });
      call('x');
      late?.(null, true);
      expect(answers).toHaveLength(1);
      expect((answers[0][0] as Error).message).toBe('early fault');
    });
  });
});

describe('fault guard on a real Aedes broker', () => {
  let broker: Aedes;
  let closeBroker: () => Promise<void>;
  let url: string;
  const { guard, logged } = recordingGuard();

  beforeAll(async () => {
    broker = await Aedes.createBroker();
    // Hooks as unguarded as the ones the outside review broke: each would end the process.
    broker.authenticate = guard.hook(
      'sign-in',
      (_client: Client, username: string | undefined, _password: Buffer | undefined, done: (e: null, ok: boolean) => void) => {
        if (username === 'boom') throw new Error('sign-in fault');
        done(null, true);
      },
      {
        context: (client) => ({ clientId: client?.id, client }),
        refuse: () => [Object.assign(new Error('fault'), { returnCode: 3 }), false] as never,
      },
    );
    broker.authorizePublish = guard.hook(
      'publish check',
      (_client: Client | null, packet: PublishPacket, done: (error?: Error | null) => void) => {
        packet.payload = Buffer.from(JSON.stringify(JSON.parse(packet.payload.toString())));
        done(null);
      },
      { context: (client, packet) => ({ clientId: client?.id, topic: packet?.topic, client }), refuse: (e) => [e as Error] },
    );
    broker.authorizeSubscribe = guard.hook(
      'subscription check',
      (_client: Client, subscription: Subscription, done: (e: Error | null, s?: Subscription | null) => void) => {
        if (subscription.topic === 'boom') throw new Error('subscription fault');
        done(null, subscription);
      },
      { context: (client, sub) => ({ clientId: client?.id, topic: sub?.topic, client }), refuse: (e) => [e as Error, null] },
    );
    ({ url, close: closeBroker } = await listenPlainBroker(broker));
  });
  afterAll(() => closeBroker());

  const connect = (clientId: string, username = 'user') => mqtt.connectAsync(url, { clientId, username, reconnectPeriod: 0 });
  const closed = (client: mqtt.MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

  it('closes only the faulting client, and everyone else goes on being served', async () => {
    const reader = await connect('reader');
    const heard: string[] = [];
    reader.on('message', (_topic, payload) => heard.push(payload.toString()));
    await reader.subscribeAsync('t/#', { qos: 1 });

    const hostile = await connect('hostile');
    hostile.on('error', () => {});
    const gone = closed(hostile);
    hostile.publish('t/1', deep, { qos: 1 });
    await gone;

    await expect(connect('bad', 'boom')).rejects.toThrow();
    const subscriber = await connect('subscriber');
    subscriber.on('error', () => {});
    const unsubscribed = closed(subscriber);
    subscriber.subscribe('boom');
    await unsubscribed;

    const robot = await connect('robot');
    await robot.publishAsync('t/2', '{"ok":true}', { qos: 1 });
    await expect.poll(() => heard).toEqual(['{"ok":true}']);
    expect(logged.map((l) => [l.where, l.clientId])).toEqual([
      ['publish check', 'hostile'],
      ['sign-in', 'bad'],
      ['subscription check', 'subscriber'],
    ]);
    await Promise.all([reader.endAsync(), robot.endAsync()]);
  });
});
