import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockRecord, processStartTime } from './data-dir-lock.js';
import packageJson from '../package.json' with { type: 'json' };

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A live process that is not a Cadenza server, killed after the test. */
async function withOtherProcess(test: (pid: number) => void | Promise<void>) {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  await new Promise((resolve) => other.once('spawn', resolve));
  try {
    await test(other.pid!);
  } finally {
    other.kill();
  }
}

describe('the data folder lock', () => {
  it('is taken by the first server, naming its process and start time, and released on stop', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    if ('release' in lock) lock.release();
    expect(existsSync(join(dir, 'cadenza.pid'))).toBe(false);
  });

  it('names the running server that holds it, and leaves its lock alone', async () => {
    const dir = freshDir();
    await withOtherProcess((pid) => {
      writeFileSync(join(dir, 'cadenza.pid'), lockRecord(pid));
      expect(lockDataDir(dir)).toEqual({ heldBy: pid });
      expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(lockRecord(pid));
    });
  });

  it('takes over a lock left behind by a server that crashed', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'cadenza.pid'), String(gone.pid));
    const lock = lockDataDir(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(lockRecord());
  });

  it('takes over a lock whose process id now belongs to another, live process', () => {
    // The crashed server's pid was given to a process that started at another time (here our
    // parent, and pid 1): alive, but not the server that wrote the lock.
    for (const pid of [process.ppid, 1]) {
      const dir = freshDir();
      const started = Number(processStartTime(pid));
      expect(started).toBeGreaterThanOrEqual(0);
      writeFileSync(join(dir, 'cadenza.pid'), `${pid} ${started + 1}`);
      const lock = lockDataDir(dir);
      expect('release' in lock, `pid ${pid}`).toBe(true);
      expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(lockRecord());
    }
  });
});

describe('npm start', () => {
  const check = (dataDir: string) => spawnSync('node_modules/.bin/tsx', ['server/check-data-folder.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });

  it('checks the data folder before it builds anything', () => {
    expect(packageJson.scripts.start).toMatch(/^tsx server\/check-data-folder\.ts && npm run build && /);
  });

  it('stops at the check while another server holds the folder, and passes a free one', async () => {
    const dir = freshDir();
    expect(check(dir).status).toBe(0);
    await withOtherProcess((pid) => {
      writeFileSync(join(dir, 'cadenza.pid'), lockRecord(pid));
      const refused = check(dir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`Cadenza is already running on the data folder ${dir} (process ${pid})`);
      expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(lockRecord(pid));
    });
  });
});
