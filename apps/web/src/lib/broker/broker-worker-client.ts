import { WORKER_START_FAILED } from './broker-errors.ts';
import type { BrokerClient, BrokerClientOptions, ConnectFn, Qos } from './broker-types.ts';
import type { FromWorker, Port, ToWorker } from './broker-worker-messages.ts';

/** A worker that has not closed itself this long after `end` is stopped. */
const END_GRACE_MS = 5000;

type WorkerLike = Port<ToWorker, FromWorker> & { onerror: ((event: unknown) => void) | null; terminate(): void };
type Listener = (...args: never[]) => void;
type Answer = Extract<FromWorker, { type: 'answer' }>;

/**
 * The page's side of an mqtt.js client that runs in a worker (broker-worker-host.ts): the same
 * calls and events as the client itself, so the broker store does not know where it runs.
 */
export class WorkerBrokerClient implements BrokerClient {
  private readonly listeners = new Map<string, Listener[]>();
  private readonly answers = new Map<number, (answer: Answer) => void>();
  private nextId = 0;

  constructor(
    private readonly worker: WorkerLike,
    url: string,
    options: BrokerClientOptions,
  ) {
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = () =>
      this.emit('error', Object.assign(new Error('The broker worker could not start'), { code: WORKER_START_FAILED }));
    worker.postMessage({ type: 'connect', url, options });
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  subscribe(
    topic: string,
    options: { qos: Qos },
    callback: (error: Error | null, granted?: { topic: string; qos: number }[]) => void,
  ) {
    const id = this.ask((answer) => callback(answer.error ? new Error(answer.error) : null, answer.granted));
    this.worker.postMessage({ type: 'subscribe', id, topic, qos: options.qos });
    return this;
  }

  unsubscribe(topic: string, callback: (error?: Error) => void) {
    const id = this.ask((answer) => callback(answer.error ? new Error(answer.error) : undefined));
    this.worker.postMessage({ type: 'unsubscribe', id, topic });
    return this;
  }

  publish(topic: string, message: string, options: { qos: Qos; retain: boolean }, callback: (error?: Error) => void) {
    const id = this.ask((answer) => callback(answer.error ? new Error(answer.error) : undefined));
    this.worker.postMessage({ type: 'publish', id, topic, message, ...options });
    return this;
  }

  /** The robot feed's next statuses all go through, also those that show nothing new (robot-feed-filter.ts). */
  resync() {
    this.worker.postMessage({ type: 'resync' });
  }

  /** Ends the client in the worker, which then closes itself (stopped after a grace period if not). */
  end(force = false) {
    this.worker.postMessage({ type: 'end', force });
    setTimeout(() => this.worker.terminate(), END_GRACE_MS);
    return this;
  }

  private ask(onAnswer: (answer: Answer) => void): number {
    const id = this.nextId++;
    this.answers.set(id, onAnswer);
    return id;
  }

  private receive(data: FromWorker) {
    if (data.type === 'messages') for (const { topic, payload } of data.messages) this.emit('message', topic, payload);
    else if (data.type === 'event') this.emit(data.name);
    else if (data.type === 'error')
      this.emit('error', Object.assign(new Error(data.message), data.code === undefined ? {} : { code: data.code }));
    else {
      const onAnswer = this.answers.get(data.id);
      this.answers.delete(data.id);
      onAnswer?.(data);
    }
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}

/** Connects through a new broker worker (broker-worker.ts); each connection has its own. */
export const connectInWorker: ConnectFn = (url, options) => {
  const worker = new Worker(new URL('./broker-worker.ts', import.meta.url), { type: 'module', name: 'broker' });
  // A Worker's handlers take full MessageEvents; the client reads only their `data`.
  return new WorkerBrokerClient(worker as unknown as WorkerLike, url, options);
};
