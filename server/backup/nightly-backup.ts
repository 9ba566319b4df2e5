import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeBackup, type BackupSource } from './write-backup.js';

export const NIGHTLY_BACKUP_JOB = 'nightly-backup';
/** The job looks once an hour whether tonight's backup is due. */
export const NIGHTLY_SWEEP_MS = 60 * 60 * 1000;

export type NightlySettings = {
  /** Where nightly backups go (BACKUP_DIR). */
  dir: string;
  /** How many days of them to keep (BACKUP_KEEP_DAYS); 0 turns nightly backups off. */
  keepDays: number;
  /** From which hour of this machine's day the day's backup is written (BACKUP_HOUR). */
  hour: number;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** This machine's calendar day: a school's owner reads the file names in the computer's own time. */
const localDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
const NIGHTLY = /^cadenza-nightly-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;

export const nightlyFileName = (at: Date) => `cadenza-nightly-${localDay(at)}.tar.gz`;

/**
 * The day's backup once its hour has come, if there is none yet for that day, then the removal of
 * nightly backups older than the days kept. Files of `npm run backup` are never removed.
 * Answers what it wrote and removed.
 */
export async function runNightlyBackup(source: BackupSource, settings: NightlySettings, now: Date): Promise<{ written?: string; removed: string[] }> {
  if (settings.keepDays <= 0) return { removed: [] };
  let written: string | undefined;
  const file = join(settings.dir, nightlyFileName(now));
  const due = now.getHours() >= settings.hour;
  if (due && !(await stat(file).catch(() => null))) written = (await writeBackup(source, file, now)).path;
  const oldest = new Date(now.getFullYear(), now.getMonth(), now.getDate() - settings.keepDays + 1);
  const removed: string[] = [];
  for (const name of await readdir(settings.dir).catch(() => [] as string[])) {
    const day = NIGHTLY.exec(name)?.[1];
    if (day && day < localDay(oldest)) {
      await rm(join(settings.dir, name), { force: true });
      removed.push(name);
    }
  }
  return { written, removed };
}
