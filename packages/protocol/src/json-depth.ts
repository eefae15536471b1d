const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels deep, found by one
 * iterative scan before anything parses it: no recursion, no allocation, so it is safe on any
 * input (an HTTP body, a broker payload). Brackets inside strings do not count. The text need not
 * be valid JSON (the parser refuses that afterwards); a stray closing bracket never lowers the
 * count below zero, so it cannot hide the depth that follows. UTF-8 bytes are scanned as they
 * are: the six characters that matter are ASCII and never part of a multi-byte character.
 */
export function jsonDepthExceeds(text: string | Uint8Array, maxDepth: number): boolean {
  const bytes = typeof text === 'string' ? undefined : text;
  const length = text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = bytes ? bytes[i] : (text as string).charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return false;
}
