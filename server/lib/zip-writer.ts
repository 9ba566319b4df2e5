import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import * as zlib from 'node:zlib';

/**
 * A .zip written as it goes (decision 092): each entry's bytes pass through once (deflated or
 * stored) and only the central directory's few bytes an entry are kept until the end, so an
 * archive of any size costs the memory of one chunk. Sizes and checksums follow each entry in a
 * data descriptor (general purpose flag bit 3), names are UTF-8 (bit 11). Offsets and counts past
 * the 32-bit fields use the Zip64 records; a single entry is at most 4 GiB (uploads are 25 MB).
 */

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const FLAGS = 0x0008 | 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** Made by Unix (3), spec 2.0; Zip64 records need 4.5. */
const MADE_BY = (3 << 8) | 20;
const NEEDS = 20;
const NEEDS_ZIP64 = 45;
/** A regular file, rw-r--r--. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

type CentralEntry = { name: Buffer; method: number; time: number; date: number; crc: number; compressed: number; size: number; offset: number };

export type ZipEntryOptions = {
  /** Deflate the bytes (text); false stores them as they are (pictures, recordings: already compressed). */
  compress: boolean;
  modifiedAt: Date;
};

/** The table-driven CRC-32 of zip, for a Node.js without zlib.crc32 (before 20.15). */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32Fallback(data: Buffer, value = 0): number {
  let c = (value ^ MAX_32) >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ MAX_32) >>> 0;
}

const nativeCrc32 = (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32;
export const crc32: (data: Buffer, value?: number) => number = nativeCrc32 ?? crc32Fallback;

/** MS-DOS time and date, as zip keeps them (UTC: the archive says when it was made, not where). */
function dosTimeOf(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly out: Writable) {}

  /** Bytes written so far. */
  get size(): number {
    return this.offset;
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Adds one entry from its bytes, read once; a second entry of the same name is refused. */
  async addEntry(name: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, options: ZipEntryOptions): Promise<void> {
    if (this.names.has(name)) throw new Error(`Two zip entries named ${name}`);
    this.names.add(name);
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length > MAX_16) throw new Error('A zip entry name is too long');
    const method = options.compress ? DEFLATED : STORED;
    const { time, date } = dosTimeOf(options.modifiedAt);
    const offset = this.offset;

    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(NEEDS, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // crc, sizes: 0 here, in the data descriptor after the bytes.
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(Buffer.concat([header, nameBytes]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const chunks = async function* () {
      for await (const piece of source) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        if (chunk.length === 0) continue;
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    };
    if (method === STORED) {
      for await (const chunk of chunks()) {
        compressed += chunk.length;
        await this.write(chunk);
      }
    } else {
      const deflate = zlib.createDeflateRaw({ level: 6 });
      const feeding = (async () => {
        try {
          for await (const chunk of chunks()) if (!deflate.write(chunk)) await once(deflate, 'drain');
          deflate.end();
        } catch (error) {
          deflate.destroy(error as Error);
          throw error;
        }
      })();
      try {
        for await (const out of deflate as AsyncIterable<Buffer>) {
          compressed += out.length;
          await this.write(out);
        }
      } finally {
        await feeding;
      }
    }
    if (size > MAX_32 || compressed > MAX_32) throw new Error(`The zip entry ${name} is larger than 4 GiB`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, method, time, date, crc: crc >>> 0, compressed, size, offset });
  }

  /** Writes the central directory and ends the stream; resolves once every byte is flushed. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const zip64 = e.offset >= MAX_32;
      const extra = zip64 ? Buffer.alloc(12) : Buffer.alloc(0);
      if (zip64) {
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(8, 2);
        extra.writeBigUInt64LE(BigInt(e.offset), 4);
      }
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(MADE_BY, 4);
      record.writeUInt16LE(zip64 ? NEEDS_ZIP64 : NEEDS, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(e.method, 10);
      record.writeUInt16LE(e.time, 12);
      record.writeUInt16LE(e.date, 14);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt16LE(extra.length, 30);
      // comment length, disk number, internal attributes: 0
      record.writeUInt32LE(FILE_ATTRIBUTES, 38);
      record.writeUInt32LE(zip64 ? MAX_32 : e.offset, 42);
      await this.write(Buffer.concat([record, e.name, extra]));
    }
    const directorySize = this.offset - start;
    const count = this.entries.length;
    if (count >= MAX_16 || start >= MAX_32 || directorySize >= MAX_32) {
      const zip64End = this.offset;
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE((3 << 8) | NEEDS_ZIP64, 12);
      record.writeUInt16LE(NEEDS_ZIP64, 14);
      // this disk, the directory's disk: 0
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(directorySize), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(zip64End), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, MAX_16), 8);
    end.writeUInt16LE(Math.min(count, MAX_16), 10);
    end.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    await this.write(end);
    this.out.end();
    await finished(this.out);
  }
}
