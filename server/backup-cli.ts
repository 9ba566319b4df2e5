/**
 * `npm run backup [-- FILE]`: a backup of the embedded database and the data folder's files, to
 * FILE or to BACKUP_DIR under a dated name; the file's path is the last line printed (decision 085).
 * A running server writes it (only it may open the database) and keeps answering meanwhile.
 */
import { join, resolve } from 'node:path';
import { readConfig } from './config.js';
import { heldMessage, lockDataDir, lockHolder } from './data-dir-lock.js';
import { openDatabase } from './db/client.js';
import { askServerForBackup, backupFileName, writeBackup } from './backup/index.js';
import { existsSync } from 'node:fs';

const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README "Backups").');
  process.exit(1);
}
const out = resolve(process.argv[2] ?? join(config.backups.dir, backupFileName(new Date(), 'backup')));

async function backUp(): Promise<{ path: string; bytes: number }> {
  if (lockHolder(config.dataDir) !== null) {
    const answer = await askServerForBackup(config.dataDir, out);
    if (!answer) throw new Error(`The server running on ${config.dataDir} does not answer backup requests: restart it with this version of Cadenza, or stop it and run the backup again.`);
    if ('error' in answer) throw new Error(answer.error);
    return answer;
  }
  const database = join(config.dataDir, 'pglite');
  if (!existsSync(database)) throw new Error(`${config.dataDir} holds no database to back up (is DATA_DIR right?).`);
  const lock = lockDataDir(config.dataDir);
  if ('heldBy' in lock) throw new Error(heldMessage(config.dataDir, lock.heldBy));
  const db = await openDatabase({ dataDir: database });
  try {
    return await writeBackup({ snapshot: () => db.snapshot(), dataDir: config.dataDir }, out);
  } finally {
    await db.close();
    lock.release();
  }
}

try {
  const { path, bytes } = await backUp();
  console.log(`Backup written (${(bytes / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run restore ${path}`);
  console.log(path);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
