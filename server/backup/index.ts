/** Backups of the embedded database and the data folder's files (decision 085). */
export { BackupRefused, backupFileName } from './backup-format.js';
export { writeBackup, type BackupSource } from './write-backup.js';
export { restoreBackup } from './restore-backup.js';
export { serveBackups, askServerForBackup } from './backup-socket.js';
export { runNightlyBackup, NIGHTLY_BACKUP_JOB, NIGHTLY_SWEEP_MS, type NightlySettings } from './nightly-backup.js';
