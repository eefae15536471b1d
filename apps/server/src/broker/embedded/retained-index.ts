import { topicMatches } from '@railserve/protocol';
import { RetainedBudget, retainedOwner } from './retained-budget.ts';

type RetainedPacket = { topic: string; payload: Buffer | Uint8Array };

const sizeOf = (packet: RetainedPacket) => packet.topic.length + packet.payload.length;

/**
 * The payload in memory of its own: a small payload parsed out of a large socket read is a view
 * of all of it, which a retained copy would otherwise hold for as long as it is kept.
 */
function ownBytes(payload: Buffer | Uint8Array): Buffer | Uint8Array {
  if (payload.buffer.byteLength <= Math.max(8192, payload.byteLength * 2)) return payload;
  const copy = Buffer.allocUnsafeSlow(payload.byteLength);
  copy.set(payload);
  return copy;
}

/** The literal levels before a filter's first wildcard, as the key of the topics it can match. */
const KEY_LEVELS = 2;
function keyOf(topicOrFilter: string): string | undefined {
  // Every retained status passes here: levels found by position, not by splitting the whole topic.
  let end = -1;
  for (let level = 0; level < KEY_LEVELS; level++) {
    const start = end + 1;
    if (level > 0 && end === topicOrFilter.length) return undefined;
    const slash = topicOrFilter.indexOf('/', start);
    end = slash === -1 ? topicOrFilter.length : slash;
    const name = topicOrFilter.slice(start, end);
    if (name === '+' || name === '#') return undefined;
  }
  return topicOrFilter.slice(0, end);
}

/**
 * Retained messages grouped by their first two topic levels. A new subscription then looks only
 * at the group its filter names (`HCP4/SIM-0001/config/+` reads one robot's topics) instead of
 * testing every retained message, which made connecting N devices cost N² topic tests.
 */
export class RetainedIndex {
  readonly #groups = new Map<string, Map<string, RetainedPacket>>();

  /** The devices' share of the store (broker/embedded/retained-budget.ts): beyond it a message is not kept. */
  constructor(readonly budget = new RetainedBudget()) {}

  /**
   * Keeps `packet` as its topic's retained message, or clears the topic when the payload is
   * empty. A device's message over its owner's or the total bound is not kept, and the topic's
   * older message goes too: a later subscriber would take it for the device's current state.
   */
  store(packet: RetainedPacket): 'stored' | 'cleared' | 'refused' {
    const key = keyOf(packet.topic) ?? '';
    const previous = this.#groups.get(key)?.get(packet.topic);
    const owner = retainedOwner(packet.topic);
    if (packet.payload.length === 0) {
      this.#remove(key, packet.topic, owner, previous);
      return 'cleared';
    }
    if (owner && !this.budget.take(owner, sizeOf(packet), previous && sizeOf(previous))) {
      this.#remove(key, packet.topic, owner, previous);
      return 'refused';
    }
    let group = this.#groups.get(key);
    if (!group) {
      group = new Map();
      this.#groups.set(key, group);
    }
    group.set(packet.topic, { ...packet, payload: ownBytes(packet.payload) });
    return 'stored';
  }

  #remove(key: string, topic: string, owner: string | undefined, previous: RetainedPacket | undefined) {
    if (!previous) return;
    const group = this.#groups.get(key);
    group?.delete(topic);
    if (group?.size === 0) this.#groups.delete(key);
    if (owner) this.budget.release(owner, sizeOf(previous));
  }

  *match(filter: string): Generator<RetainedPacket> {
    if (!filter.includes('+') && !filter.includes('#')) {
      const packet = this.#groups.get(keyOf(filter) ?? '')?.get(filter);
      if (packet) yield packet;
      return;
    }
    const key = keyOf(filter);
    const groups = key === undefined ? this.#groups.values() : [this.#groups.get(key) ?? new Map<string, RetainedPacket>()];
    for (const group of groups) for (const packet of group.values()) if (topicMatches(filter, packet.topic)) yield packet;
  }

  clear() {
    this.#groups.clear();
    this.budget.clear();
  }
}
