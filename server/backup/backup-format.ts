/**
 * What a backup file holds (decision 085): one gzip-compressed tar whose first entry says what it
 * is and whose last lists a SHA-256 of every other entry, so that a restore can tell a whole file
 * from a damaged or cut one before anything is moved into place.
 */
export const BACKUP_FORMAT = 1;

/** The first entry: what wrote the file, and when. */
export const HEADER_ENTRY = 'cadenza-backup.json';
/** The last entry: every other entry's name and SHA-256. */
export const CHECKSUMS_ENTRY = 'checksums.json';
/** The embedded database's folder, as PGlite dumps it (a tar inside the tar). */
export const DATABASE_ENTRY = 'database/pglite.tar';
/** The data folder's own files (uploads, the encryption key) under this prefix, at their paths in the folder. */
export const FILES_PREFIX = 'files/';

/** Inside the data folder: the database, the uploads and the key a backup carries. */
export const DATA_FOLDER = { database: 'pglite', uploads: 'uploads', encryptionKey: 'encryption.key' } as const;

export type BackupHeader = { kind: 'cadenza-backup'; format: number; createdAt: string; database: 'pglite' };
export type BackupChecksums = { entries: Record<string, string> };

/** A backup that cannot be restored, with a message for the person who ran the command. */
export class BackupRefused extends Error {}

/** `cadenza-backup-2026-11-29-1142.tar.gz`: the date first, so a folder of them sorts by age. */
export function backupFileName(at: Date, kind: 'backup' | 'nightly'): string {
  const iso = at.toISOString();
  const stamp = kind === 'nightly' ? iso.slice(0, 10) : `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return `cadenza-${kind}-${stamp}.tar.gz`;
}
