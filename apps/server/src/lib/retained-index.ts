import { topicMatches } from '@railserve/protocol';

type RetainedPacket = { topic: string; payload: Buffer | Uint8Array };

/** The literal levels before a filter's first wildcard, as the key of the topics it can match. */
const KEY_LEVELS = 2;
function keyOf(topicOrFilter: string): string | undefined {
  const levels = topicOrFilter.split('/');
  const head = levels.slice(0, KEY_LEVELS);
  if (levels.length < KEY_LEVELS || head.some((level) => level === '+' || level === '#')) return undefined;
  return head.join('/');
}

/**
 * Retained messages grouped by their first two topic levels. A new subscription then looks only
 * at the group its filter names (`HCP4/SIM-0001/config/+` reads one robot's topics) instead of
 * testing every retained message, which made connecting N devices cost N² topic tests.
 */
export class RetainedIndex {
  readonly #groups = new Map<string, Map<string, RetainedPacket>>();

  store(packet: RetainedPacket) {
    const key = keyOf(packet.topic) ?? '';
    let group = this.#groups.get(key);
    if (packet.payload.length === 0) {
      group?.delete(packet.topic);
      if (group?.size === 0) this.#groups.delete(key);
      return;
    }
    if (!group) {
      group = new Map();
      this.#groups.set(key, group);
    }
    group.set(packet.topic, packet);
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
  }
}
