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
 * PGlite is one process's database: a second server on the same folder would corrupt it.
 * Takes the folder's lock file, or answers the pid of the server that holds it.
 */
export function lockDataDir(dataDir: string): { release(): void } | { heldBy: number } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'cadenza.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => { try { unlinkSync(path); } catch { /* already gone */ } } };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (pid && pid !== process.pid && isRunning(pid)) return { heldBy: pid };
      unlinkSync(path); // left behind by a server that crashed
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
