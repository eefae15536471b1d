import { EventEmitter } from 'node:events';
import { deviceCredential } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';

export type DeviceLinkOptions = {
  url: string;
  username: string;
  password: string;
  clientId: string;
  /** Last will (retained, QoS 1): published by the broker when the connection drops without a DISCONNECT. */
  will?: { topic: string; payload: () => string };
  reconnectPeriodMs?: number;
  onMessage: (topic: string, payload: Buffer) => void;
  /** Every (re)connect: the device republishes its state. */
  onConnect: () => void;
};

/**
 * A device's broker connection. mqtt.js can lose subscriptions across reconnects (#875, #555),
 * so the link keeps its own subscription set and subscribes again on every connect.
 */
export class DeviceLink extends EventEmitter {
  readonly client: MqttClient;
  private readonly subscriptions = new Set<string>();
  /** Connected and subscribed: only then can the device hear the commands its status invites. */
  private live = false;

  constructor(private readonly opts: DeviceLinkOptions) {
    super();
    this.client = mqtt.connect(opts.url, {
      username: opts.username,
      password: opts.password,
      clientId: opts.clientId,
      clean: true,
      resubscribe: false,
      reconnectPeriod: opts.reconnectPeriodMs ?? 1000,
      connectTimeout: 5000,
      will: this.will(),
    });
    // The will is sent with each CONNECT: refresh it so its timestamp is the reconnect's, not the first connect's.
    this.client.on('reconnect', () => {
      this.client.options.will = this.will();
    });
    // A command sent between CONNACK and SUBACK would be lost (clean session), so the device
    // announces itself only once its subscriptions are in place.
    this.client.on('connect', () => {
      const announce = () => {
        this.live = true;
        opts.onConnect();
        this.emit('live');
      };
      if (this.subscriptions.size === 0) announce();
      else this.client.subscribe([...this.subscriptions], { qos: 1 }, announce);
    });
    this.client.on('close', () => {
      this.live = false;
    });
    this.client.on('message', (topic, payload) => opts.onMessage(topic, payload));
    // Errors (refused connects, resets) are retried by mqtt.js; without a listener they would crash.
    this.client.on('error', () => {});
  }

  private will() {
    const will = this.opts.will;
    return will ? { topic: will.topic, payload: Buffer.from(will.payload()), retain: true, qos: 1 as const } : undefined;
  }

  get connected() {
    return this.live && this.client.connected;
  }

  /** Resolves once connected and subscribed; rejects with the broker's reason or after timeoutMs. */
  ready(timeoutMs = 10_000): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.off('live', onLive);
        this.client.off('error', onError);
        if (!error) return resolve();
        this.client.end(true);
        reject(new Error(`${this.opts.username} could not connect to ${this.opts.url}: ${error.message}`));
      };
      const onLive = () => done();
      const onError = (error: Error) => done(error);
      const timer = setTimeout(() => done(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      this.on('live', onLive);
      this.client.on('error', onError);
    });
  }

  subscribe(topic: string) {
    this.subscriptions.add(topic);
    if (this.client.connected) this.client.subscribe(topic, { qos: 1 }, () => {});
  }

  /** Subscribes again so the broker resends the retained message (how a device re-reads its map). */
  refresh(topic: string) {
    if (!this.client.connected) return;
    this.client.unsubscribe(topic, () => this.client.subscribe(topic, { qos: 1 }, () => {}));
  }

  /**
   * QoS 1 publish; resolves once the broker has it. While disconnected it is skipped rather than
   * queued: stale statuses replayed after a reconnect would only mislead, and every connect
   * republishes the current state anyway.
   */
  publish(topic: string, payload: unknown, retain = false): Promise<void> {
    if (!this.client.connected) return Promise.resolve();
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return new Promise((resolve) => this.client.publish(topic, body, { qos: 1, retain }, () => resolve()));
  }

  /** A clean disconnect: the broker does not publish the last will. */
  async end() {
    await this.client.endAsync().catch(() => {});
  }

  /** Drops the connection without a DISCONNECT and stays down: the broker publishes the last will. */
  kill() {
    this.client.end(true);
  }

  /**
   * Takes a credential the server sent (`set_credential`, docs/protocol.md "Device enrollment"):
   * keeps it for every later connect and reconnects with it at once, which ends the old password.
   * Answers false for a message that is not a credential of this device.
   */
  takeCredential(args: unknown, onSaved?: (password: string) => void): boolean {
    const parsed = deviceCredential.safeParse(args);
    if (!parsed.success || parsed.data.username !== this.opts.username || parsed.data.clientId !== this.opts.clientId)
      return false;
    this.opts.password = parsed.data.password;
    this.client.options.password = parsed.data.password;
    onSaved?.(parsed.data.password);
    // After the ack has gone out: a clean reconnect signs in with the new password.
    setTimeout(() => this.drop(), 50);
    return true;
  }

  /** Drops the connection without a DISCONNECT and lets mqtt.js reconnect (a reboot). */
  drop() {
    this.client.stream?.destroy();
  }
}
