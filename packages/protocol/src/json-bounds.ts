import { PAYLOAD_LIMITS } from './limits.ts';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const OPEN_OBJECT = 123;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

/**
 * Whether `text` nests arrays and objects at most `maxDepth` levels, found by one loop (no
 * recursion, whatever the text): brackets inside strings do not count. It judges depth only; a
 * text that is not JSON is left for JSON.parse to refuse.
 */
export function jsonDepthWithin(text: string, maxDepth: number = PAYLOAD_LIMITS.jsonDepthMax): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return false;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return true;
}

/** The index of the quote that ends the string opened at `start`, or -1 when it never ends. */
function stringEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
}
