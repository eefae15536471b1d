import { BROKER, type SystemMessage, topicMatches, topics } from '@railserve/protocol';
import { brokerErrorReason, isCredentialRefusal } from './broker-errors.ts';
import {
  type BrokerClient,
  type BrokerConnection,
  type BrokerLogger,
  type BrokerMessage,
  type BrokerState,
  type BrokerStoreOptions,
  type MessageHandler,
  type MessageUnpacker,
  type Qos,
  randomHex,
} from './broker-types.ts';

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

export * from './broker-types.ts';

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
  /** The message list (spec section 9), shared with the state: it grows in place, see `receive`. */
  private readonly messageList: BrokerMessage[] = [];
  private state: BrokerState = { ...initialState, messages: this.messageList };
  private readonly listeners = new Set<() => void>();
  private readonly handlers = new Set<{ filter: string; handler: MessageHandler }>();
  private readonly refusalListeners = new Set<() => void>();
  private readonly connectListeners = new Set<() => void>();
  private readonly options: BrokerStoreOptions;
  private readonly logger: BrokerLogger;
  private readonly unpackers: ReadonlyMap<string, MessageUnpacker['unpack']>;
  private messageCounter = 0;

  constructor(options: BrokerStoreOptions) {
    this.options = options;
    this.logger = options.logger ?? console;
    this.unpackers = new Map((options.unpackers ?? []).map(({ topic, unpack }) => [topic, unpack]));
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
        clientId: connection.clientId ?? BROKER.clientIdPrefix + randomHex(8),
        username: connection.username,
        password: connection.password,
        protocol,
        clean: BROKER.clean,
        connectTimeout: BROKER.connectTimeoutMs,
        reconnectPeriod: BROKER.reconnectPeriodMs,
        keepalive: BROKER.keepaliveSeconds,
      });
    } catch (error) {
      this.logger.error('MQTT connection could not be created', error);
      this.set({ isConnecting: false, connectionError: 'start' });
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
      // The listeners re-read what was missed once the broker granted the subscriptions: nothing
      // published after that read can be lost.
      const topics = [...this.state.subscriptions];
      let waiting = topics.length;
      const subscribed = () => {
        if (current() && --waiting <= 0) for (const listener of this.connectListeners) listener();
      };
      if (waiting === 0) subscribed();
      for (const topic of topics) this.subscribeOnClient(client, topic, 1, subscribed);
    });
    client.on('error', (error) => {
      if (!current()) return;
      this.logger.error('MQTT error', error);
      this.set({ connectionError: brokerErrorReason(error), isConnected: false, isConnecting: false });
      if (!isCredentialRefusal(error)) return;
      // Retrying the same credentials cannot help: whoever connects asks for new ones.
      client.end(true);
      for (const listener of this.refusalListeners) listener();
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

  /** Called when the broker refuses the credentials (an account that expired or was removed). */
  onCredentialsRefused(listener: () => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  disconnect(): void {
    this.state.client?.end();
    this.set({ client: null, isConnected: false, isConnecting: false, connectionError: null });
  }

  private subscribeOnClient(client: BrokerClient, topic: string, qos: Qos = 1, answered?: () => void) {
    client.subscribe(topic, { qos }, (error, granted) => {
      answered?.();
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
    // The list grows in place and tells no React listener: it is read on demand (getRecentMessages),
    // and a fleet sends thousands of messages a second that must not each cost a render.
    const messages = this.messageList;
    messages.push(message);
    if (messages.length > BROKER.messageListTrimAbove) messages.splice(0, messages.length - BROKER.messageListTrimTo);

    const unpack = this.unpackers.get(topic);
    if (!unpack) return this.dispatch(message, text);
    // A message that carries others (the robot feed) reaches handlers as itself and as each of them.
    const json = parseJsonText(text);
    this.dispatch(message, text, json);
    for (const carried of unpack(json))
      this.dispatch({ ...message, topic: carried.topic, message: carried.text }, carried.text, carried.json, carried.checked);
  }

  /** Calls every handler whose filter matches; the payload is parsed once (unless given), for the first of them. */
  private dispatch(message: BrokerMessage, text: string, json?: unknown, checked = false) {
    let value = json;
    let parsed = json !== undefined || text === '';
    for (const { filter, handler } of this.handlers) {
      if (!topicMatches(filter, message.topic)) continue;
      if (!parsed) {
        value = parseJsonText(text);
        parsed = true;
      }
      try {
        handler(checked ? { ...message, json: value, checked } : { ...message, json: value });
      } catch (error) {
        this.logger.error(`MQTT message handler for ${filter} failed`, error);
      }
    }
  }

  /**
   * The robots were read from the server again: the robot feed's next status of each robot comes
   * in full, even when the connection left out those that showed nothing new (robot-feed-filter.ts).
   */
  resyncRobotFeed(): void {
    this.state.client?.resync?.();
  }

  /** Called on every (re)connect, after the subscriptions are sent again: what was missed meanwhile is read again. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
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
    this.messageList.length = 0;
  }
}
