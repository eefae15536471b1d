import { BROKER_LIMITS, topics } from '@railserve/protocol';
import type { LiveIdentity } from './live-server.ts';

/** `{"data":[[[…]]]}` nested `depth` levels: the outside review's payload (20,000 levels, about 40 KB). */
export const deepArray = (depth: number) => `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
/** `{"a":{"a":{…}}}` nested `depth` levels. */
export const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Brackets inside a string: no nesting at all, and must parse. */
export const bracketsInString = (count: number) => JSON.stringify({ message: '['.repeat(count), note: '{\\"['.repeat(10) });
/** One object with `keys` members. */
export const wideObject = (keys: number) =>
  `{${Array.from({ length: keys }, (_, i) => `"k${i}":[${i},{"v":"${'x'.repeat(8)}"}]`).join(',')}}`;
/** A JSON string of about `bytes` bytes. */
export const hugeString = (bytes: number) => JSON.stringify({ message: 'x'.repeat(Math.max(0, bytes - 16)) });
/** Bytes that are not UTF-8 (lone continuation bytes, overlong forms, a lone surrogate's encoding). */
export const invalidUtf8 = () =>
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]);

/** A small seeded generator (mulberry32): the same seed makes the same attack. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: <T>(items: readonly T[]) => items[int(items.length)] };
}

/** The payload kinds an attack draws from. */
export const HOSTILE_KINDS = [
  'deep-array',
  'deep-object',
  'deep-mixed',
  'brackets-in-string',
  'wide',
  'huge',
  'over-cap',
  'binary',
  'invalid-utf8',
  'not-json',
  'empty',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** The largest payload an identity may send in one packet (the topic and headers take a little). */
export const payloadCap = (identity: LiveIdentity) =>
  (identity.role === 'web' ? BROKER_LIMITS.browserPacketBytes : BROKER_LIMITS.devicePacketBytes) - 512;

/** A hostile payload of `kind` for `identity`, drawn with `random`. */
export function hostilePayload(kind: HostileKind, identity: LiveIdentity, random: ReturnType<typeof seeded>): Buffer {
  const cap = payloadCap(identity);
  switch (kind) {
    case 'deep-array':
      return Buffer.from(deepArray(Math.min(Math.floor(cap / 2) - 16, 1000 + random.int(30_000))));
    case 'deep-object':
      return Buffer.from(deepObject(Math.min(Math.floor(cap / 6) - 4, 1000 + random.int(20_000))));
    case 'deep-mixed': {
      const depth = Math.min(Math.floor(cap / 8), 2000 + random.int(10_000));
      return Buffer.from(`{"ts":"2026-01-01T00:00:00Z","data":${'[{"a":'.repeat(depth)}0${'}]'.repeat(depth)}}`);
    }
    case 'brackets-in-string':
      return Buffer.from(bracketsInString(Math.min(cap - 200, 1000 + random.int(40_000))));
    case 'wide':
      return Buffer.from(wideObject(Math.min(Math.floor(cap / 40), 100 + random.int(8000))));
    case 'huge':
      return Buffer.from(hugeString(cap - random.int(1000)));
    case 'over-cap':
      return Buffer.from(hugeString(cap + 1024 + random.int(4096)));
    case 'binary':
      return Buffer.from(Array.from({ length: 1 + random.int(4096) }, () => random.int(256)));
    case 'invalid-utf8':
      return invalidUtf8();
    case 'not-json':
      return Buffer.from('{"sn":');
    case 'empty':
      return Buffer.alloc(0);
  }
}

/**
 * Every topic `identity` may publish on (broker/acl.ts), with the retained ones marked: a
 * robot its status, alert, ack, config report, upgrade and the robot log; a controller its
 * track's status and ack, the track log and a robot's command; a console the system messages;
 * a site device its version.
 */
export function publishTopics(identity: LiveIdentity): { topic: string; retain: boolean }[] {
  switch (identity.role) {
    case 'robot':
      return [
        { topic: topics.robotStatus(identity.sn), retain: true },
        { topic: topics.alert(identity.sn), retain: false },
        { topic: topics.robotAck(identity.sn), retain: false },
        { topic: topics.robotConfigReport(identity.sn), retain: true },
        { topic: topics.robotUpgrade(identity.sn), retain: false },
        { topic: topics.log('robot'), retain: false },
      ];
    case 'controller':
      return [
        { topic: topics.trackStatus(identity.trackId), retain: true },
        { topic: topics.trackAck(identity.trackId), retain: false },
        { topic: topics.log('track'), retain: false },
        { topic: topics.robotCommand(`ON-TRACK-${identity.trackId}`), retain: false },
      ];
    case 'web':
      return [
        { topic: topics.system('message'), retain: false },
        { topic: topics.system('alert'), retain: false },
      ];
    default: {
      const device = `${identity.role === 'site_server' ? 'site' : 'tablet'}-${identity.sessionCode}`;
      return [{ topic: topics.deviceVersion(device), retain: true }];
    }
  }
}
