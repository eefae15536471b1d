import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-built ZIP; the options let a test write what a hostile ZIP would. */
export type ZipEntrySpec = {
  name: string;
  data?: Buffer;
  /** 8 deflates (the default), 0 stores. */
  method?: 0 | 8;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: number;
  /** Unix mode bits (e.g. 0o120777 for a symlink), stored in the high half of the external attributes. */
  unixMode?: number;
  /** The compressed size both headers claim, when it should lie (the bytes written stay the real ones). */
  declaredCompressedSize?: number;
  /** Sizes and CRC after the data in a data descriptor (bit 3), as streaming writers do. */
  descriptor?: boolean;
};

/**
 * Builds a ZIP byte by byte (local headers, central directory, end record) so tests can make
 * entries no ZIP library would write: `../` paths, absolute paths, links, lying sizes.
 */
export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const data = spec.data ?? Buffer.alloc(0);
    const method = spec.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(spec.name, 'utf8');
    const size = spec.declaredSize ?? data.length;
    const compressed = spec.declaredCompressedSize ?? body.length;
    const crc = crc32(data);
    const flags = spec.descriptor ? 0x0808 : 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!spec.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressed, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(spec.descriptor ? 16 : 0);
    if (spec.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    locals.push(local, name, body, descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((spec.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length + descriptor.length;
  }
  return withDirectory(Buffer.concat(locals), centrals, entries.length);
}

/** Appends the central directory and the end record to the local part of a ZIP. */
function withDirectory(localPart: Buffer, centrals: Buffer[], count: number): Buffer {
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, directory, end]);
}

/**
 * A ZIP bomb by overlap: one local header and one deflated block, and a central directory
 * whose `names.length` entries all point at it, so a few kilobytes unpack once per name.
 */
export function buildSharedBlockZip(names: string[], data: Buffer): Buffer {
  const single = buildZip([{ name: names[0], data }]);
  const localLength = single.readUInt32LE(single.length - 22 + 16);
  const central = single.subarray(localLength, single.length - 22);
  const fixed = central.subarray(0, 46);
  const centrals = names.flatMap((name) => {
    const raw = Buffer.from(name, 'utf8');
    const header = Buffer.from(fixed);
    header.writeUInt16LE(raw.length, 28);
    return [header, raw];
  });
  return withDirectory(single.subarray(0, localLength), centrals, names.length);
}
