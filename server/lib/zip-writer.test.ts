import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import extract from 'extract-zip';
import { crc32, ZipWriter } from './zip-writer.js';

/** The export's zip (decision 092): what it writes, read back by extract-zip as an owner's unzip would. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('ZipWriter', () => {
  it('writes deflated and stored entries, from strings and streams, that unzip to the same bytes', async () => {
    const path = join(dir, 'a.zip');
    const zip = new ZipWriter(createWriteStream(path));
    const big = Buffer.alloc(300_000, 'abc,def\r\n');
    const noise = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));
    const at = new Date('2026-11-29T22:00:00Z');
    await zip.addEntry('table.csv', (async function* () { yield 'id,name\r\n'; yield big; })(), { compress: true, modifiedAt: at });
    await zip.addEntry('files/1/Ünïcode name.bin', Readable.from([noise.subarray(0, 1000), noise.subarray(1000)]), { compress: false, modifiedAt: at });
    await zip.addEntry('empty.txt', [], { compress: true, modifiedAt: at });
    await zip.finish();
    expect(zip.size).toBe((await readFile(path)).length);

    await extract(path, { dir: join(dir, 'a') });
    expect(await readFile(join(dir, 'a', 'table.csv'))).toEqual(Buffer.concat([Buffer.from('id,name\r\n'), big]));
    expect(await readFile(join(dir, 'a', 'files', '1', 'Ünïcode name.bin'))).toEqual(noise);
    expect((await readFile(join(dir, 'a', 'empty.txt'))).length).toBe(0);
    // The deflated entry is smaller than its text.
    expect(zip.size).toBeLessThan(big.length / 10 + noise.length + 1000);
  });

  it('refuses a second entry of the same name', async () => {
    const zip = new ZipWriter(createWriteStream(join(dir, 'b.zip')));
    await zip.addEntry('a.csv', ['x'], { compress: true, modifiedAt: new Date() });
    await expect(zip.addEntry('a.csv', ['y'], { compress: true, modifiedAt: new Date() })).rejects.toThrow('Two zip entries');
    await zip.finish();
  });

  it('computes the CRC-32 of zip, in pieces as at once', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('6789'), crc32(Buffer.from('12345')))).toBe(0xcbf43926);
  });
});
