import type { Duplex } from 'node:stream';
import { BROKER_LIMITS } from '@railserve/protocol';
import type { Client } from 'aedes';
import { type BrokerIdentity, identityKey, packetLimit } from '../acl.ts';
import { PacketSizeGate } from './packet-size-gate.ts';

/** setTimeout's largest delay (about 24.8 days); a later expiry is re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded broker's connections (docs/protocol.md, "Broker identities and limits"): every new
 * connection passes a packet-size gate, waits a bounded time to sign in among a bounded number of
 * others, and once signed in counts against its identity. A browser's session ends when its token
 * expires or its user's tokens are revoked.
 */
export class BrokerSessions {
  readonly #identities = new WeakMap<Client, BrokerIdentity>();
  readonly #byKey = new Map<string, Set<Client>>();
  readonly #pending = new Map<PacketSizeGate, NodeJS.Timeout>();
  readonly #expiry = new Map<Client, NodeJS.Timeout>();

  constructor(private readonly onRefused: (reason: string) => void) {}

  /**
   * Wraps a new connection, or destroys it when too many are still signing in. The server is not
   * among them (its connection is in process, in-process-bridge.ts): a fleet reconnecting after a
   * restart that fills the slots cannot shut it out.
   */
  accept(connection: Duplex): PacketSizeGate | undefined {
    if (this.#pending.size >= BROKER_LIMITS.unauthenticatedConnections) {
      this.onRefused('too many connections signing in');
      connection.destroy();
      return undefined;
    }
    const gate = new PacketSizeGate(connection, BROKER_LIMITS.unauthenticatedPacketBytes, (size) =>
      this.onRefused(`packet of at least ${size} bytes over the limit`),
    );
    const timer = setTimeout(() => {
      this.onRefused('did not sign in in time');
      gate.destroy();
    }, BROKER_LIMITS.unauthenticatedTimeoutMs);
    this.#pending.set(gate, timer);
    gate.once('close', () => this.#settle(gate));
    return gate;
  }

  /**
   * Why a signed-in identity may not hold this connection, or undefined when it may: a client id
   * held by another identity (a takeover) or too many connections of one identity.
   */
  refusal(client: Client, identity: BrokerIdentity, holder: Client | undefined): string | undefined {
    const key = identityKey(identity);
    const holderIdentity = holder && holder !== client ? this.#identities.get(holder) : undefined;
    if (holderIdentity && identityKey(holderIdentity) !== key) return `client id ${client.id} belongs to another identity`;
    const others = [...(this.#byKey.get(key) ?? [])].filter((c) => c.id !== client.id);
    if (others.length >= BROKER_LIMITS.connectionsPerIdentity) return `too many connections for ${key}`;
    return undefined;
  }

  /** Records a signed-in client: its packets may now reach its identity's limit. */
  admit(client: Client, identity: BrokerIdentity) {
    const key = identityKey(identity);
    this.#identities.set(client, identity);
    let set = this.#byKey.get(key);
    if (!set) {
      set = new Set();
      this.#byKey.set(key, set);
    }
    set.add(client);
    const gate = client.conn as unknown;
    if (gate instanceof PacketSizeGate) {
      this.#settle(gate);
      gate.limit = packetLimit(identity);
      gate.gathersWrites = identity.role === 'web';
      gate.slowPeerTimeoutMs = BROKER_LIMITS.slowPeerTimeoutMs;
      gate.once('close', () => this.#forget(client, key));
    }
    if (identity.role === 'web') this.#expireAt(client, identity.expiresAt * 1000);
  }

  /** Ends every broker session of an identity (a revoked or replaced device). */
  revokeKey(key: string) {
    for (const client of this.#byKey.get(key) ?? []) client.close();
  }

  /** Whether an identity holds a connection now. */
  holds(key: string) {
    return (this.#byKey.get(key)?.size ?? 0) > 0;
  }

  identity(client: Client) {
    return this.#identities.get(client);
  }

  /** Ends every broker session of a console user (logout, new password or level, deactivation). */
  revokeUser(userId: number) {
    for (const client of this.#byKey.get(`web:${userId}`) ?? []) client.close();
  }

  close() {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    for (const timer of this.#expiry.values()) clearTimeout(timer);
    this.#pending.clear();
    this.#expiry.clear();
  }

  #settle(gate: PacketSizeGate) {
    clearTimeout(this.#pending.get(gate));
    this.#pending.delete(gate);
  }

  #forget(client: Client, key: string) {
    const set = this.#byKey.get(key);
    set?.delete(client);
    if (set?.size === 0) this.#byKey.delete(key);
    clearTimeout(this.#expiry.get(client));
    this.#expiry.delete(client);
  }

  #expireAt(client: Client, at: number) {
    const delay = Math.max(0, at - Date.now());
    const timer = setTimeout(
      () => (delay > MAX_TIMER_MS ? this.#expireAt(client, at) : client.close()),
      Math.min(delay, MAX_TIMER_MS),
    );
    this.#expiry.set(client, timer);
  }
}
