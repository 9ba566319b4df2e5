import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BACKUP_FORMAT, CHECKSUMS_ENTRY, DATA_FOLDER, DATABASE_ENTRY, FILES_PREFIX, HEADER_ENTRY, type BackupChecksums, type BackupHeader } from './backup-format.js';

export type BackupSource = {
  /** The database's consistent copy (Database.snapshot()). */
  snapshot: () => Promise<Blob | null>;
  dataDir: string;
};

/** Every file under dir, as paths relative to the data folder; none while it is being written (`.part`). */
async function filesUnder(dataDir: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(dataDir, dir), { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.part'))
    .map((e) => relative(dataDir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a backup of the data folder to `outFile` and answers its size. The database is copied
 * first, then the files: a file that a copied row names was stored before that row committed
 * (uploads are renamed into place whole), so it is there to copy. The file appears under its
 * name only once complete (written beside, then renamed).
 */
export async function writeBackup(source: BackupSource, outFile: string, now = new Date()): Promise<{ path: string; bytes: number }> {
  const database = await source.snapshot();
  if (!database) throw new Error('Backups are of the embedded database; on PostgreSQL use pg_dump (see README)');
  await mkdir(dirname(outFile), { recursive: true });
  const partial = `${outFile}.${randomBytes(4).toString('hex')}.part`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  const checksums: BackupChecksums = { entries: {} };

  const addBuffer = (name: string, body: Buffer) => new Promise<void>((resolve, reject) => {
    if (name !== HEADER_ENTRY) checksums.entries[name] = createHash('sha256').update(body).digest('hex');
    pack.entry({ name, size: body.length, mode: 0o600, mtime: now }, body, (error) => (error ? reject(error) : resolve()));
  });
  const addFile = async (name: string, path: string) => {
    const { size } = await stat(path);
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mode: 0o600, mtime: now });
    const reading = createReadStream(path);
    reading.on('data', (chunk) => hash.update(chunk));
    await pipeline(reading, entry);
    checksums.entries[name] = hash.digest('hex');
  };

  try {
    const header: BackupHeader = { kind: 'cadenza-backup', format: BACKUP_FORMAT, createdAt: now.toISOString(), database: 'pglite' };
    await addBuffer(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
    await addBuffer(DATABASE_ENTRY, Buffer.from(await database.arrayBuffer()));
    const keyPath = join(source.dataDir, DATA_FOLDER.encryptionKey);
    if (await exists(keyPath)) await addFile(`${FILES_PREFIX}${DATA_FOLDER.encryptionKey}`, keyPath);
    for (const file of await filesUnder(source.dataDir, DATA_FOLDER.uploads)) {
      // A file deleted since the listing (its row went after the copy was taken) is left out.
      if (await exists(join(source.dataDir, file))) await addFile(`${FILES_PREFIX}${file}`, join(source.dataDir, file));
    }
    await addBuffer(CHECKSUMS_ENTRY, Buffer.from(JSON.stringify(checksums, null, 2)));
    pack.finalize();
    await written;
    await rename(partial, outFile);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  return { path: outFile, bytes: (await stat(outFile)).size };
}
