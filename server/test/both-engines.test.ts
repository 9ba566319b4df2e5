import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOTH_ENGINES } from './both-engines.js';

/** Decision 063: the list of files that run on PostgreSQL too names real files, and misses none that asks for it. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = 'server/test/both-engines.test.ts';

const testFiles = ['server', 'shared'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/')),
);
// Spelled in pieces, so this file does not name itself.
const ENGINE_VARIABLES = ['DATABASE', 'REDIS'].map((what) => `TEST_${what}_URL`);

describe('the files that run on both engines', () => {
  it('names each file once, and each exists', () => {
    expect(new Set(BOTH_ENGINES).size).toBe(BOTH_ENGINES.length);
    expect(BOTH_ENGINES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('names every file that reads TEST_DATABASE_URL or TEST_REDIS_URL (it would otherwise never meet PostgreSQL or Redis)', () => {
    const asking = testFiles.filter((file) => file !== SELF && ENGINE_VARIABLES.some((v) => readFileSync(join(ROOT, file), 'utf8').includes(v)));
    expect(asking.length).toBeGreaterThan(0);
    expect(asking.filter((file) => !BOTH_ENGINES.includes(file))).toEqual([]);
  });
});
