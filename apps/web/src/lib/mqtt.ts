import { BROKER, type SystemMessage, topicMatches, topics } from '@railserve/protocol';

/**
 * The browser's broker connection (spec sections 4, 5, 9). A small store with
 * subscribe/getSnapshot for React's useSyncExternalStore; the mqtt.js `connect` function is
 * injected so every rule is unit-tested against a fake client.
 *
 * Live data into the query cache: a feature registers `store.onMessage(filter, handler)` (or the
 * `useBrokerMessage` hook) and calls `queryClient.setQueryData(...)` in the handler, so a robot's
 * row re-renders when its status arrives. Registrations made at app level live in
 * `app/live-updates.ts`. Handlers get the decoded text and, when it is JSON, the parsed value;
 * they validate it with the protocol's payload schemas. A throwing handler is only logged.
 */

type Qos = 0 | 1 | 2;

/** The part of an mqtt.js client the store uses. */
export interface BrokerClient {
  on(event: 'connect' | 'close' | 'offline' | 'reconnect', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array | string) => void): unknown;
  subscribe(
    topic: string,
    options: { qos: Qos },
    callback: (error: Error | null, granted?: { topic: string; qos: number }[]) => void,
  ): unknown;
  unsubscribe(topic: string, callback: (error?: Error) => void): unknown;
  publish(topic: string, message: string, options: { qos: Qos; retain: boolean }, callback: (error?: Error) => void): unknown;
  end(force?: boolean): unknown;
}

export type BrokerClientOptions = {
  clientId: string;
  username: string;
  password: string;
  protocol: 'ws' | 'wss';
  clean: boolean;
  connectTimeout: number;
  reconnectPeriod: number;
  keepalive: number;
  /** mqtt.js timers: 'auto' uses a Web Worker in browsers, 'native' plain setInterval. */
  timerVariant?: 'auto' | 'native';
};
export type ConnectFn = (url: string, options: BrokerClientOptions) => BrokerClient;

export type BrokerConnection = {
  host: string;
  port: number;
  path?: string;
  protocol?: 'ws' | 'wss';
  username: string;
  password: string;
  timerVariant?: 'auto' | 'native';
};

export type BrokerMessage = { topic: string; message: string; timestamp: string; id: string };

export type BrokerState = {
  client: BrokerClient | null;
  isConnected: boolean;
  isConnecting: boolean;
  connectionError: string | null;
  serverIP: string | null;
  subscriptions: ReadonlySet<string>;
  messages: readonly BrokerMessage[];
};

/** What a registered handler receives: `json` is the parsed payload, undefined when it is not JSON. */
export type IncomingMessage = BrokerMessage & { json: unknown };
export type MessageHandler = (message: IncomingMessage) => void;

export type BrokerStatus = 'connected' | 'connecting' | 'error' | 'disconnected';

export function brokerStatus(state: BrokerState): BrokerStatus {
  if (state.isConnected) return 'connected';
  if (state.isConnecting) return 'connecting';
  if (state.connectionError) return 'error';
  return 'disconnected';
}

export type BrokerLogger = Pick<Console, 'warn' | 'error'>;

export type BrokerStoreOptions = {
  connect: ConnectFn;
  /** Shows a translated warning to the user; called with a locale key such as `mqtt.notConnected`. */
  warn?: (messageKey: string) => void;
  /** Reloads the page when the front-end update topic says so. */
  reload?: () => void;
  logger?: BrokerLogger;
  now?: () => Date;
};

export function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

const decoder = new TextDecoder();
const decode = (payload: Uint8Array | string) => (typeof payload === 'string' ? payload : decoder.decode(payload));

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const initialState: BrokerState = {
  client: null,
  isConnected: false,
  isConnecting: false,
  connectionError: null,
  serverIP: null,
  subscriptions: new Set(),
  messages: [],
};

export class BrokerStore {
  private state: BrokerState = initialState;
  private readonly listeners = new Set<() => void>();
  private readonly handlers = new Set<{ filter: string; handler: MessageHandler }>();
  private readonly options: BrokerStoreOptions;
  private readonly logger: BrokerLogger;
  private messageCounter = 0;

  constructor(options: BrokerStoreOptions) {
    this.options = options;
    this.logger = options.logger ?? console;
    this.onMessage(topics.frontendUpdate, (m) => {
      if (m.message.trim() === '1') this.options.reload?.();
    });
  }

  getSnapshot = (): BrokerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<BrokerState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  connect(connection: BrokerConnection): void {
    if (this.state.isConnected || this.state.isConnecting) return;
    if (this.state.client) this.state.client.end(true);
    const protocol = connection.protocol ?? 'ws';
    const url = `${protocol}://${connection.host}:${connection.port}${connection.path ?? ''}`;
    this.set({ client: null, isConnecting: true, connectionError: null, serverIP: connection.host });

    let client: BrokerClient;
    try {
      client = this.options.connect(url, {
        clientId: BROKER.clientIdPrefix + randomHex(8),
        username: connection.username,
        password: connection.password,
        protocol,
        clean: BROKER.clean,
        connectTimeout: BROKER.connectTimeoutMs,
        reconnectPeriod: BROKER.reconnectPeriodMs,
        keepalive: BROKER.keepaliveSeconds,
        ...(connection.timerVariant ? { timerVariant: connection.timerVariant } : {}),
      });
    } catch (error) {
      this.logger.error('MQTT connection could not be created', error);
      this.set({ isConnecting: false, connectionError: error instanceof Error ? error.message : String(error) });
      return;
    }
    this.set({ client });
    this.attach(client);
  }

  private attach(client: BrokerClient) {
    const current = () => this.state.client === client;
    client.on('connect', () => {
      if (!current()) return;
      this.set({ isConnected: true, isConnecting: false, connectionError: null });
      for (const topic of this.state.subscriptions) this.subscribeOnClient(client, topic);
    });
    client.on('error', (error) => {
      if (!current()) return;
      this.logger.error('MQTT error', error);
      this.set({ connectionError: error.message, isConnected: false, isConnecting: false });
    });
    client.on('close', () => {
      if (current()) this.set({ isConnected: false, isConnecting: false });
    });
    client.on('offline', () => {
      if (current()) this.set({ isConnected: false });
    });
    client.on('reconnect', () => {
      if (current()) this.set({ isConnecting: true });
    });
    client.on('message', (topic, payload) => {
      if (current()) this.receive(topic, decode(payload));
    });
  }

  disconnect(): void {
    this.state.client?.end();
    this.set({ client: null, isConnected: false, isConnecting: false, connectionError: null });
  }

  private subscribeOnClient(client: BrokerClient, topic: string, qos: Qos = 1) {
    client.subscribe(topic, { qos }, (error, granted) => {
      const refused = granted?.some((g) => g.qos === 128);
      if (!error && !refused) return;
      this.logger.error(`MQTT subscribe to ${topic} failed`, error ?? 'refused by the broker');
      const subscriptions = new Set(this.state.subscriptions);
      subscriptions.delete(topic);
      this.set({ subscriptions });
    });
  }

  /** Adds a topic to the subscription set (kept across reconnects); false for an empty topic. */
  subscribeTopic(topic: string, qos: Qos = 1): boolean {
    if (!topic) return false;
    if (!this.state.subscriptions.has(topic)) this.set({ subscriptions: new Set(this.state.subscriptions).add(topic) });
    const { client, isConnected } = this.state;
    if (client && isConnected) this.subscribeOnClient(client, topic, qos);
    return true;
  }

  unsubscribeTopic(topic: string): boolean {
    if (!topic) return false;
    const subscriptions = new Set(this.state.subscriptions);
    subscriptions.delete(topic);
    this.set({ subscriptions });
    const { client, isConnected } = this.state;
    if (client && isConnected) {
      client.unsubscribe(topic, (error) => {
        if (error) this.logger.error(`MQTT unsubscribe from ${topic} failed`, error);
      });
    }
    return true;
  }

  /** Objects are sent as JSON, strings as they are; refused with a warning when not connected. */
  publish(topic: string, payload: unknown, options: { qos?: Qos; retain?: boolean } = {}): boolean {
    const { client, isConnected } = this.state;
    if (!client || !isConnected) {
      this.logger.warn('MQTT not connected, cannot send');
      this.options.warn?.('mqtt.notConnected');
      return false;
    }
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    client.publish(topic, text, { qos: options.qos ?? 1, retain: options.retain ?? false }, (error) => {
      if (error) this.logger.error(`MQTT publish to ${topic} failed`, error);
    });
    return true;
  }

  /** A system message on `hcpro4/system/{type}` in the spec's envelope. */
  publishSystemMessage(type: string, data: unknown): boolean {
    const now = this.options.now?.() ?? new Date();
    const envelope: SystemMessage = { timestamp: now.toISOString(), source: 'frontend', type, data };
    return this.publish(topics.system(type), envelope);
  }

  private receive(topic: string, text: string) {
    const now = this.options.now?.() ?? new Date();
    const message: BrokerMessage = {
      topic,
      message: text,
      timestamp: now.toISOString(),
      id: `${now.getTime().toString(36)}-${(this.messageCounter++).toString(36)}`,
    };
    let messages = [...this.state.messages, message];
    if (messages.length > BROKER.messageListTrimAbove) messages = messages.slice(-BROKER.messageListTrimTo);
    this.set({ messages });

    let json: unknown;
    let parsed = false;
    for (const { filter, handler } of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      if (!parsed) {
        json = parseJsonText(text);
        parsed = true;
      }
      try {
        handler({ ...message, json });
      } catch (error) {
        this.logger.error(`MQTT message handler for ${filter} failed`, error);
      }
    }
  }

  /** Registers a handler for messages matching an MQTT filter (`+`, `#`); returns its removal. */
  onMessage(filter: string, handler: MessageHandler): () => void {
    const entry = { filter, handler };
    this.handlers.add(entry);
    return () => this.handlers.delete(entry);
  }

  /** The last 100 messages (spec section 9). */
  getRecentMessages(count: number = BROKER.recentMessages): BrokerMessage[] {
    return this.state.messages.slice(-count);
  }

  clearMessages(): void {
    this.set({ messages: [] });
  }
}
