/**
 * `npm run restore FILE [-- --force]`: brings a backup of `npm run backup` back into DATA_DIR
 * (decision 085). Refused while a server runs on the folder, and when the folder holds data
 * unless --force (the old folder is then moved aside, not deleted).
 */
import { resolve } from 'node:path';
import { readConfig } from './config.js';
import { BackupRefused, restoreBackup } from './backup/index.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
const config = readConfig();
if (files.length !== 1) {
  console.error('Usage: npm run restore FILE   (add -- --force to replace a data folder that holds data)');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README "Backups").');
  process.exit(1);
}
try {
  const { dataDir, movedAside } = await restoreBackup(resolve(files[0] as string), config.dataDir, { force });
  if (movedAside) console.log(`The data folder that was there is kept at ${movedAside}.`);
  console.log(`Restored into ${dataDir}. Start Cadenza with: npm start`);
} catch (error) {
  console.error(error instanceof BackupRefused ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
