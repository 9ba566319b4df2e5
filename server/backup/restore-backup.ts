import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, normalize } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import { lockHolder } from '../data-dir-lock.js';
import { BACKUP_FORMAT, BackupRefused, CHECKSUMS_ENTRY, DATA_FOLDER, DATABASE_ENTRY, FILES_PREFIX, HEADER_ENTRY, type BackupChecksums, type BackupHeader } from './backup-format.js';

export type RestoreOptions = {
  /** Replace a data folder that holds data (it is moved aside, not deleted). */
  force?: boolean;
  now?: Date;
};

async function folderEntries(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** An entry's path inside the data folder, or null for a name that would leave it. */
function pathInFolder(name: string): string | null {
  const path = normalize(name);
  return path.startsWith('..') || path.startsWith('/') || path.includes('\0') ? null : path;
}

/**
 * Reads the whole backup into `stage` (a folder beside the data folder) while hashing every entry,
 * then checks the header and every checksum. Throws BackupRefused for a file that is not a whole
 * Cadenza backup; nothing outside `stage` is touched.
 */
async function unpackChecked(file: string, stage: string): Promise<void> {
  const seen: Record<string, string> = {};
  let header: BackupHeader | undefined;
  let checksums: BackupChecksums | undefined;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // A failure of the reading also ends the loop below, which reports it; this one is not lost.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === HEADER_ENTRY || name === CHECKSUMS_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        if (name === HEADER_ENTRY) header = JSON.parse(text) as BackupHeader;
        else checksums = JSON.parse(text) as BackupChecksums;
        continue;
      }
      if (!header) throw new BackupRefused('This is not a Cadenza backup: it does not start with a backup header.');
      const inStage = name === DATABASE_ENTRY ? DATABASE_ENTRY : name.startsWith(FILES_PREFIX) ? pathInFolder(name.slice(FILES_PREFIX.length)) : null;
      if (!inStage) throw new BackupRefused(`The backup holds an entry it should not (${name}); nothing was restored.`);
      const target = join(stage, inStage);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      entry.on('data', (chunk) => { hash.update(chunk as Buffer); });
      await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      seen[name] = hash.digest('hex');
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof BackupRefused) throw error;
    // zlib and tar name the damage in their own terms (unexpected end of file, incorrect header check…).
    throw new BackupRefused(`The backup file is damaged or incomplete (${(error as Error).message}); nothing was restored.`);
  }
  if (header?.kind !== 'cadenza-backup') throw new BackupRefused('This is not a Cadenza backup.');
  if (header.format > BACKUP_FORMAT) throw new BackupRefused(`This backup was written by a newer Cadenza (format ${header.format}); update Cadenza, then restore it.`);
  if (!checksums) throw new BackupRefused('The backup file is incomplete: its list of checksums is missing; nothing was restored.');
  const expected = Object.keys(checksums.entries).sort();
  const found = Object.keys(seen).sort();
  if (expected.join('\n') !== found.join('\n') || expected.some((name) => checksums.entries[name] !== seen[name])) {
    throw new BackupRefused('The backup file is damaged: its contents do not match their checksums; nothing was restored.');
  }
  if (!seen[DATABASE_ENTRY]) throw new BackupRefused('The backup holds no database; nothing was restored.');
}

/**
 * Brings a backup back into `dataDir`: refused while a server runs on that folder, and (unless
 * forced) when the folder holds anything. The backup is unpacked and checked beside the folder
 * first, the database folder is rebuilt from its dump there, and only then is the whole moved into
 * place with one rename; a forced restore moves the old folder aside under a dated name.
 */
export async function restoreBackup(file: string, dataDir: string, options: RestoreOptions = {}): Promise<{ dataDir: string; movedAside?: string }> {
  const holder = lockHolder(dataDir);
  if (holder !== null) throw new BackupRefused(`A Cadenza server (process ${holder}) is running on ${dataDir}: stop it first, then restore.`);
  const existing = await folderEntries(dataDir);
  if (existing && existing.length > 0 && !options.force) {
    throw new BackupRefused(`${dataDir} already holds data. Restore into an empty folder (DATA_DIR=…), or add --force to move this one aside and restore in its place.`);
  }
  const stage = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  try {
    await unpackChecked(file, stage);
    const dump = await readFile(join(stage, DATABASE_ENTRY));
    const pglite = await PGlite.create({ dataDir: join(stage, DATA_FOLDER.database), loadDataDir: new Blob([dump]) });
    await pglite.close();
    await rm(join(stage, dirname(DATABASE_ENTRY)), { recursive: true, force: true });
    let movedAside: string | undefined;
    if (existing && existing.length > 0) {
      movedAside = `${dataDir}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, movedAside);
    } else if (existing) {
      await rmdir(dataDir);
    }
    await rename(stage, dataDir);
    return { dataDir, movedAside };
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    throw error;
  }
}
