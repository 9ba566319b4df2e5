import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started (clock ticks since boot, field 22 of /proc/<pid>/stat), or null where
 * there is no /proc. A pid is reused once its process is gone; pid and start time together are not.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** What the lock file says: this process's pid and start time. */
export function lockRecord(pid = process.pid): string {
  const started = processStartTime(pid);
  return started ? `${pid} ${started}` : String(pid);
}

const lockFile = (dataDir: string) => join(dataDir, 'cadenza.pid');

/**
 * The pid of the live server that holds the folder, or null. A lock whose pid is gone, or now
 * names another process (its start time differs), was left behind by a server that crashed.
 */
export function lockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const [pidText, started] = text.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return null;
  // Without /proc (macOS) or in an older lock there is no start time: a live pid has to do.
  const startedNow = processStartTime(pid);
  if (started && startedNow && started !== startedNow) return null;
  return pid;
}

/** The message of a start refused because another server holds the folder. */
export function heldMessage(dataDir: string, pid: number): string {
  return `Cadenza is already running on the data folder ${dataDir} (process ${pid}).\n` +
    'Stop that server first, or start this one with another DATA_DIR. The data was not touched.';
}

/**
 * PGlite is one process's database: a second server on the same folder would corrupt it.
 * Takes the folder's lock file, or answers the pid of the server that holds it.
 */
export function lockDataDir(dataDir: string): { release(): void } | { heldBy: number } {
  mkdirSync(dataDir, { recursive: true });
  const path = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, lockRecord());
      closeSync(fd);
      return { release: () => { try { unlinkSync(path); } catch { /* already gone */ } } };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) return { heldBy: holder };
      try { unlinkSync(path); } catch { /* another starter removed it first */ }
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
