/** What a file is by its content (magic bytes), never by its name. */
export type FileType = 'png' | 'jpeg' | 'webp' | 'wav' | 'mp3' | 'm4a' | 'ogg' | 'zip' | 'json' | 'binary';

/** How many leading bytes `detectFileType` looks at. */
export const FILE_TYPE_HEAD_BYTES = 64;

export const FILE_TYPE_MEDIA: Record<FileType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  zip: 'application/zip',
  json: 'application/json',
  binary: 'application/octet-stream',
};

const ascii = (head: Uint8Array, offset: number, text: string) =>
  head.length >= offset + text.length && [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));

const bytes = (head: Uint8Array, offset: number, values: number[]) =>
  head.length >= offset + values.length && values.every((v, i) => head[offset + i] === v);

/** An MPEG audio frame header: 11 sync bits, a valid version, layer III/II/I, bitrate and rate indexes. */
function isMpegFrame(head: Uint8Array, offset: number): boolean {
  if (head.length < offset + 4) return false;
  const [b0, b1, b2] = [head[offset], head[offset + 1], head[offset + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const rate = (b2 >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && bitrate !== 0 && rate !== 3;
}

function looksLikeJson(head: Uint8Array): boolean {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x7b || head[i] === 0x5b;
}

/** Detects the type from the first bytes of a file (at least `FILE_TYPE_HEAD_BYTES` where the file has them). */
export function detectFileType(head: Uint8Array): FileType {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 4, 'ftyp') && ['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'dash', 'iso2'].some((b) => ascii(head, 8, b)))
    return 'm4a';
  if (ascii(head, 0, 'ID3') || isMpegFrame(head, 0)) return 'mp3';
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(head, 0, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (looksLikeJson(head)) return 'json';
  return 'binary';
}
