import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../src/index.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const bytes = (text: string) => new TextEncoder().encode(text);

/** The depth of a parsed value, by an explicit stack (the reference the scan is checked against). */
function parsedDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const inner of Object.values(item)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects to the limit and one past it', () => {
    expect(jsonDepthExceeds(nested(64), 64)).toBe(false);
    expect(jsonDepthExceeds(nested(65), 64)).toBe(true);
    expect(jsonDepthExceeds(`{"a":${nested(63)}}`, 64)).toBe(false);
    expect(jsonDepthExceeds(`{"a":{"b":${nested(63)}}}`, 64)).toBe(true);
    expect(jsonDepthExceeds('{}', 0)).toBe(true);
    expect(jsonDepthExceeds('"text" 1 true null', 0)).toBe(false);
  });

  it('scans 500,000 levels without running out of stack, as text and as bytes', () => {
    const deep = `{"data":${nested(500_000)}}`;
    expect(jsonDepthExceeds(deep, 64)).toBe(true);
    expect(jsonDepthExceeds(bytes(deep), 64)).toBe(true);
    expect(jsonDepthExceeds(`[${'[],'.repeat(200_000)}[]]`, 2)).toBe(false);
  });

  it('ignores brackets in strings, escaped quotes included', () => {
    const inString = JSON.stringify({ text: '[[[[{{{{', quoted: 'a\\"[[[[', back: '\\' });
    expect(jsonDepthExceeds(inString, 1)).toBe(false);
    expect(jsonDepthExceeds(bytes(inString), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ key: 'x\\', '[[[': [[1]] }), 3)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ key: 'x\\', '[[[': [[[1]]] }), 3)).toBe(true);
  });

  it('cannot be fooled by closing brackets before the opening ones', () => {
    expect(jsonDepthExceeds(`${']'.repeat(100)}${nested(65)}`, 64)).toBe(true);
    // Inside an unclosed string nothing counts; the parser refuses such text anyway.
    expect(jsonDepthExceeds(`"${nested(65)}`, 64)).toBe(false);
  });

  it('agrees with the parsed depth on generated JSON, multi-byte text and escapes included', () => {
    let seed = 2026;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const words = ['', 'a', '[', ']{', '"', '\\', '\\"', '桌號', '😀', '\u0000'];
    const value = (depth: number): unknown => {
      const kind = depth > 8 ? random(3) : random(5);
      if (kind === 0) return words[random(words.length)];
      if (kind === 1) return random(3) === 0 ? null : random(1000);
      if (kind === 2) return random(2) === 0;
      if (kind === 3) return Array.from({ length: random(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, () => [words[random(words.length)], value(depth + 1)]));
    };
    for (let run = 0; run < 2000; run++) {
      const text = JSON.stringify(value(0));
      const limit = random(10);
      const expected = parsedDepth(JSON.parse(text)) > limit;
      expect(jsonDepthExceeds(text, limit), text).toBe(expected);
      expect(jsonDepthExceeds(bytes(text), limit), text).toBe(expected);
    }
  });
});
