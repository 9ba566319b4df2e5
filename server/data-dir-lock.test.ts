import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cadenza-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the data folder lock', () => {
  it('is taken by the first server and released on stop', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(String(process.pid));
    if ('release' in lock) lock.release();
    expect(existsSync(join(dir, 'cadenza.pid'))).toBe(false);
  });

  it('names the running server that holds it, and leaves its lock alone', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'cadenza.pid'), String(other.pid));
      expect(lockDataDir(dir)).toEqual({ heldBy: other.pid });
      expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left behind by a server that crashed', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'cadenza.pid'), String(gone.pid));
    const lock = lockDataDir(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(join(dir, 'cadenza.pid'), 'utf8')).toBe(String(process.pid));
  });
});
