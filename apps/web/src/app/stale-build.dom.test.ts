import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerStore } from '../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../testing/fake-mqtt-client.ts';
import { reloadForStaleFile, reloadWhenBrokerWorkerIsStale, staleFileLoaded } from './stale-build.ts';

afterEach(() => sessionStorage.clear());

const workerFailure = () => Object.assign(new Error('The broker worker could not start'), { code: 'worker_start_failed' });

describe('a page open across a deployment', () => {
  it('reloads once for a file of the old build, again only after that file loaded', () => {
    const reload = vi.fn();
    reloadForStaleFile('chunk', reload);
    reloadForStaleFile('chunk', reload);
    expect(reload).toHaveBeenCalledTimes(1);
    reloadForStaleFile('brokerWorker', reload);
    expect(reload).toHaveBeenCalledTimes(2);
    staleFileLoaded('chunk');
    reloadForStaleFile('chunk', reload);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('reloads when the broker worker cannot start, not for other connection errors, and once until it connects', () => {
    const fake = fakeConnect();
    const broker = new BrokerStore({ connect: fake.connect, logger: silentLogger });
    const reload = vi.fn();
    const stop = reloadWhenBrokerWorkerIsStale(broker, reload);
    const connection = { host: 'h', port: 9001, username: 'web', password: 'token' };
    broker.connect(connection);
    fake.last().emit('error', Object.assign(new Error('Connection refused: Server unavailable'), { code: 3 }));
    expect(reload).not.toHaveBeenCalled();
    fake.last().emit('error', workerFailure());
    expect(reload).toHaveBeenCalledTimes(1);
    broker.connect(connection);
    fake.last().emit('error', workerFailure());
    expect(reload).toHaveBeenCalledTimes(1);
    broker.connect(connection);
    fake.last().emit('connect');
    fake.last().emit('error', workerFailure());
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });
});
