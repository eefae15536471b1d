import { deflateSync } from 'node:zlib';
import type { TrackMapInput } from '@railserve/protocol';

/** A valid 1x1 PNG (signature, IHDR, IDAT, IEND), so the file really is an image. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixel = deflateSync(Buffer.from([0, 200, 120, 40]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixel),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A map at the schema's point limit: a grid of points joined in a chain. */
export function largeMap(points: number): TrackMapInput {
  return {
    points: Array.from({ length: points }, (_, i) => ({
      number: i + 1,
      type: 'path' as const,
      x: (i % 50) * 40,
      y: Math.floor(i / 50) * 40,
    })),
    paths: Array.from({ length: points - 1 }, (_, i) => ({ from: i + 1, to: i + 2, type: 'bidirectional' as const })),
  };
}
