/** One byte range of a file, both ends inclusive. */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 section 14: one range of the `bytes`
 * unit; several ranges are answered whole, as the RFC allows). `undefined`: no usable range, send
 * the whole file; `'unsatisfiable'`: answer 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
