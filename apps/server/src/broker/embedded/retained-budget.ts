import { parseTopic, RETAINED_LIMITS } from '@railserve/protocol';

export type RetainedLimits = { [K in keyof typeof RETAINED_LIMITS]: number };

/**
 * Who a retained topic belongs to, whoever published on it: a robot's status and configuration
 * report are the robot's, a track's status its controller's, a version its device's. Only those
 * may retain there (broker/acl.ts); the server, which may retain anywhere, also writes a
 * silent robot's offline status, which then counts as the robot's. Anything else (maps, the
 * system status) is the server's own: undefined, not counted.
 */
export function retainedOwner(topic: string): string | undefined {
  const parsed = parseTopic(topic);
  switch (parsed?.kind) {
    case 'robotStatus':
    case 'robotConfigReport':
      return `robot:${parsed.sn}`;
    case 'trackStatus':
      return `track:${parsed.trackId}`;
    case 'deviceVersion':
      return `device:${parsed.device}`;
    default:
      return undefined;
  }
}

type Usage = { messages: number; bytes: number };

/**
 * The devices' share of the retained store, per owner and in all (RETAINED_LIMITS): a message
 * is kept only if its owner and everyone together stay within both counts. Sizes are a topic's
 * length plus its payload's, the bytes a retained message holds.
 */
export class RetainedBudget {
  readonly #owners = new Map<string, Usage>();
  readonly #total: Usage = { messages: 0, bytes: 0 };
  /** Messages not kept because a bound was reached, since the start. */
  refused = 0;

  constructor(readonly limits: RetainedLimits = RETAINED_LIMITS) {}

  /**
   * Takes the owner's message of `bytes` in place of its previous one on that topic (`previous`
   * bytes, 0 when none): true when it fits, and then counted; false (and counted as refused) when not.
   */
  take(owner: string, bytes: number, previous: number | undefined): boolean {
    const usage = this.#owners.get(owner) ?? { messages: 0, bytes: 0 };
    const added = previous === undefined ? 1 : 0;
    const grown = bytes - (previous ?? 0);
    const fits =
      usage.messages + added <= this.limits.messagesPerOwner &&
      usage.bytes + grown <= this.limits.bytesPerOwner &&
      this.#total.messages + added <= this.limits.messagesTotal &&
      this.#total.bytes + grown <= this.limits.bytesTotal;
    if (!fits) {
      this.refused++;
      return false;
    }
    usage.messages += added;
    usage.bytes += grown;
    this.#owners.set(owner, usage);
    this.#total.messages += added;
    this.#total.bytes += grown;
    return true;
  }

  /** Gives back a message of `bytes` the owner no longer keeps (cleared, or replaced by a refused one). */
  release(owner: string, bytes: number) {
    const usage = this.#owners.get(owner);
    if (!usage) return;
    usage.messages--;
    usage.bytes -= bytes;
    if (usage.messages <= 0) this.#owners.delete(owner);
    this.#total.messages--;
    this.#total.bytes -= bytes;
  }

  /** What devices keep now, and how many owners. */
  usage() {
    return { ...this.#total, owners: this.#owners.size, refused: this.refused };
  }

  clear() {
    this.#owners.clear();
    this.#total.messages = 0;
    this.#total.bytes = 0;
  }
}
