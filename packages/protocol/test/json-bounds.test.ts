import { describe, expect, it } from 'vitest';
import { BROKER_LIMITS, jsonDepthExceeds, MAP_LIMITS, PAYLOAD_LIMITS, parseJson } from '../src/index.ts';

const deepArray = (depth: number) => `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const max = PAYLOAD_LIMITS.jsonDepthMax;

describe('bounded JSON parsing', () => {
  it("refuses the outside review's payload (20,000 levels) and deeper, as not JSON", () => {
    expect(parseJson(Buffer.from(deepArray(20_000)))).toBeNull();
    expect(parseJson(deepObject(200_000))).toBeNull();
    expect(parseJson(`[${'{"a":['.repeat(50_000)}`)).toBeNull();
  });

  it('takes exactly the depth limit and refuses one more, arrays and objects alike', () => {
    // deepArray adds the outer object: depth = n + 1.
    expect(parseJson(deepArray(max - 1))).not.toBeNull();
    expect(parseJson(deepArray(max))).toBeNull();
    expect(parseJson(deepObject(max))).not.toBeNull();
    expect(parseJson(deepObject(max + 1))).toBeNull();
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[]]]', 2)).toBe(true);
    // Depth comes back down: siblings do not add up.
    expect(jsonDepthExceeds(`[${'[[]],'.repeat(10_000)}[]]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const text = JSON.stringify({ a: '['.repeat(100_000), b: '{"x":[[[\\"]]]', c: '\\', d: '"[[[[' });
    expect(jsonDepthExceeds(text, 1)).toBe(false);
    expect(parseJson(text)).toEqual(JSON.parse(text));
    // A key full of brackets is a string too.
    expect(parseJson(`{"${'['.repeat(1000)}":1}`)).toEqual({ ['['.repeat(1000)]: 1 });
    // An escaped quote does not end the string: the brackets after it are still inside.
    expect(jsonDepthExceeds(`["\\"${'['.repeat(100)}"]`, 1)).toBe(false);
    // An escaped backslash before the quote does end it: what follows counts.
    expect(jsonDepthExceeds(`["\\\\",${'['.repeat(100)}${']'.repeat(100)}]`, 10)).toBe(true);
  });

  it('leaves an unterminated string or broken text to JSON.parse, which refuses it', () => {
    expect(parseJson('["[[[[')).toBeNull();
    expect(parseJson(']]]]{')).toBeNull();
  });

  it('refuses a payload over the byte limit before decoding it', () => {
    const limits = { jsonBytesMax: 100, jsonDepthMax: max };
    const payload = JSON.stringify({ message: 'x'.repeat(200) });
    expect(parseJson(Buffer.from(payload), limits)).toBeNull();
    expect(parseJson(payload, limits)).toBeNull();
    expect(parseJson(Buffer.from('{"a":1}'), limits)).toEqual({ a: 1 });
    expect(PAYLOAD_LIMITS.jsonBytesMax).toBeGreaterThanOrEqual(BROKER_LIMITS.serverPacketBytes);
  });

  it("takes the largest legitimate payload: a full map with every table page's cells named", () => {
    const points = Array.from({ length: MAP_LIMITS.points }, (_, i) => ({
      number: i,
      type: 'table',
      tableType: 'both',
      leftName: `L${i}`.padEnd(MAP_LIMITS.nameMax, 'x'),
      rightName: `R${i}`.padEnd(MAP_LIMITS.nameMax, 'x'),
      x: i,
      y: i * 2,
    }));
    const paths = Array.from({ length: MAP_LIMITS.paths }, (_, i) => ({ from: i % 2000, to: (i + 1) % 2000, type: 'straight' }));
    const pages = Array.from({ length: MAP_LIMITS.pages }, () => ({
      rows: MAP_LIMITS.rows,
      columns: MAP_LIMITS.columns,
      cells: Array.from({ length: MAP_LIMITS.rows * MAP_LIMITS.columns }, (_, i) => `L${i}`.padEnd(MAP_LIMITS.nameMax, 'x')),
    }));
    const map = { points, paths, tables: { pages } };
    const text = JSON.stringify(map);
    expect(text.length).toBeLessThan(PAYLOAD_LIMITS.jsonBytesMax);
    expect(parseJson(Buffer.from(text))).toEqual(map);
  });
});
