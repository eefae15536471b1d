const decoder = new TextDecoder();
/** `{`: the first byte of a feed message sent as plain JSON text (never of a zlib stream). */
const OPEN_BRACE = 0x7b;

/**
 * The robot feed message's JSON text. Servers send it zlib-compressed (docs/protocol.md, "The
 * consoles' robot feed"): statuses repeat themselves, so a small share of the bytes crosses the
 * broker to every console. A message that arrives as JSON text (a server of an earlier version
 * during an upgrade) is read as it is. Rejects when the bytes are not a zlib stream.
 */
export async function robotFeedText(payload: Uint8Array | string): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (payload[0] === OPEN_BRACE) return decoder.decode(payload);
  const inflate = new DecompressionStream('deflate');
  const writer = inflate.writable.getWriter();
  // The write settles as the reader drains; a bad stream rejects the read below as well.
  void writer.write(payload as Uint8Array<ArrayBuffer>).catch(() => {});
  void writer.close().catch(() => {});
  return new Response(inflate.readable).text();
}
