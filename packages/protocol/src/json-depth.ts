const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

type JsonText = string | Uint8Array;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels deep, found by one
 * iterative scan before anything parses it: no recursion, no allocation, so it is safe on any
 * input (an HTTP body, a broker payload). Brackets inside strings do not count, and a string is
 * skipped from quote to quote. The text need not be valid JSON (the parser refuses that
 * afterwards); a stray closing bracket never lowers the count below zero, so it cannot hide the
 * depth that follows. UTF-8 bytes are scanned as they are: the six characters that matter are
 * ASCII and never part of a multi-byte character.
 */
export function jsonDepthExceeds(text: JsonText, maxDepth: number): boolean {
  const length = text.length;
  let depth = 0;
  for (let i = 0; i < length; i++) {
    const c = codeAt(text, i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return false;
}

function codeAt(text: JsonText, i: number): number {
  return typeof text === 'string' ? text.charCodeAt(i) : (text[i] as number);
}

/** The index of the quote that ends the string opened at `start`, or -1 when it never ends. */
function stringEnd(text: JsonText, start: number): number {
  let end = start;
  for (;;) {
    end = typeof text === 'string' ? text.indexOf('"', end + 1) : text.indexOf(QUOTE, end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (codeAt(text, end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
}
