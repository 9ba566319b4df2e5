import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 063, "Import": the server project runs its files in one worker that keeps its modules
 * (`isolate: false`), so a file must leave nothing behind in the modules or the process that the
 * next file would find: no module mocks, no stubbed globals or environment, no writes to process.env,
 * in the test files nor in their helpers (server/test/; setup.ts alone sets TZ, the same for every file).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = 'server/test/shared-worker.test.ts';

const testFiles = ['server', 'shared'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/')),
).filter((file) => file.endsWith('.test.ts') || file.startsWith('server/test/'));

const LEFT_BEHIND = [
  /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bdelete\s+process\.env\b/,
  /\bObject\.assign\(\s*process\.env\b/,
];

describe('server test files in one shared worker', () => {
  it('leave no module mock, stubbed global or environment behind for the next file', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    const offenders = testFiles
      .filter((file) => file !== SELF && file !== 'server/test/setup.ts')
      .filter((file) => LEFT_BEHIND.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });
});
