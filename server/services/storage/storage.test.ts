import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { readConfig } from '../../config.js';
import { createStorage } from './create-storage.js';
import { createLocalStorage } from './local-storage.js';
import { createMemoryStorage } from './memory-storage.js';
import { createS3Storage } from './s3-storage.js';
import { StorageNotFoundError, type FileStorage } from './storage.js';

/** The storage interface's contract, run against each adapter (S3 against a local S3 server). */
let dir: string;
let s3: FakeS3;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-storage-'));
  s3 = await startFakeS3('cadenza-test', 'AKIATESTKEY');
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ['local disk', () => createLocalStorage(join(dir, 'uploads'))],
  ['S3-compatible', () => createS3Storage({ endpoint: s3.endpoint, bucket: 'cadenza-test', region: 'us-east-1', accessKeyId: 'AKIATESTKEY', secretAccessKey: 'secret', forcePathStyle: true })],
  ['memory', () => createMemoryStorage()],
];

describe.each(adapters)('%s storage', (_name, make) => {
  it('puts a stream and a buffer, gets them whole and by range, and deletes them', async () => {
    const storage = make();
    const bytes = Buffer.from('0123456789abcdef');
    await storage.put('ab12/cd34', Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), { contentType: 'text/plain', size: bytes.length });
    await storage.put('ab12/ef56', Buffer.from('second'), { contentType: 'text/plain', size: 6 });
    expect(await buffer(await storage.get('ab12/cd34'))).toEqual(bytes);
    expect((await buffer(await storage.get('ab12/cd34', { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await buffer(await storage.get('ab12/ef56'))).toString()).toBe('second');
    await storage.delete('ab12/cd34');
    await expect(storage.get('ab12/cd34')).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete('ab12/cd34');
  });

  it('refuses keys that are not ours (a name, a path outside its root)', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'a/../../b', 'Report.pdf', '/abs', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('the S3 adapter', () => {
  it('signs every request with SigV4 and keeps the content type', async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: 'cadenza-test', region: 'us-east-1', accessKeyId: 'AKIATESTKEY', secretAccessKey: 'secret', forcePathStyle: true });
    await storage.put('aa/bb', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', size: 8 });
    expect(s3.objects.get('aa/bb')?.contentType).toBe('application/pdf');
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.every((r) => r.authorized)).toBe(true);
  });

  it('reports a wrong access key as a failure, not as a missing file', async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: 'cadenza-test', region: 'us-east-1', accessKeyId: 'AKIAOTHER', secretAccessKey: 'secret', forcePathStyle: true });
    const error = await storage.get('aa/bb').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(StorageNotFoundError);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('createStorage', () => {
  it('picks the local disk under DATA_DIR/uploads by default and S3 when S3_BUCKET is set', async () => {
    const local = createStorage(readConfig({ DATA_DIR: dir }));
    expect(local.kind).toBe('local');
    await local.put('cafe/babe', Buffer.from('hi'), { contentType: 'text/plain', size: 2 });
    expect(await readdir(join(dir, 'uploads', 'cafe'))).toEqual(['babe']);
    const config = readConfig({ DATA_DIR: dir, S3_BUCKET: 'cadenza-test', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'AKIATESTKEY', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(config.s3).toMatchObject({ bucket: 'cadenza-test', region: 'us-east-1', forcePathStyle: true });
    expect(readConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '0', S3_ENDPOINT: s3.endpoint }).s3?.forcePathStyle).toBe(false);
    expect(createStorage(config).kind).toBe('s3');
  });
});
