import { defineConfig } from 'vitest/config';
import { BOTH_ENGINES } from './server/test/both-engines';
import { patient } from './tests/patience';

const serverTest = {
  environment: 'node' as const,
  setupFiles: ['server/test/setup.ts'],
  // Each file gets its own database; files run one at a time on two cores (two workers were
  // slower on a loaded machine, decision 063).
  fileParallelism: false,
  // Files share one worker's modules instead of importing the app, Drizzle's schema and PGlite's
  // WebAssembly again each: about half the time on either engine (decision 063, "Import"). Safe
  // because no server test mocks a module or changes process.env (shared-worker.test.ts), and a
  // file's state lives in its own database and app, made in its hooks.
  isolate: false,
  // Stretched by TEST_PATIENCE where CI runs the suite niced beside the browser suite (decision 103).
  testTimeout: patient(30_000),
  hookTimeout: patient(60_000),
  expect: { poll: { timeout: patient(1000) } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: { ...serverTest, name: 'server', include: ['server/**/*.test.ts', 'shared/**/*.test.ts'] },
      },
      // Decision 063: the files of server/test/both-engines.ts once more, on the PostgreSQL (and
      // Redis) that TEST_DATABASE_URL (TEST_REDIS_URL) names; defined only then, so that it never
      // runs them a second time on PGlite (`npm run test:server:pg`).
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...serverTest, name: 'server-pg', include: [...BOTH_ENGINES] } }] : []),
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          // Files share a worker's modules instead of loading React, Mantine and jsdom again each:
          // a third of the CPU time. So test files use no vi.mock (a module another file loaded
          // first stays real), and web/test/setup.ts resets shared state (toasts, storage).
          isolate: false,
          setupFiles: ['web/test/setup.ts'],
          // CI runs these niced beside the browser suite (decision 088), where a test that takes
          // one second on a quiet machine can wait several for the CPU: vitest's 5 s default
          // failed one there. A test that hangs still fails, after 30 s
          // (stretched by TEST_PATIENCE there, decision 103).
          testTimeout: patient(30_000),
          hookTimeout: patient(10_000),
          expect: { poll: { timeout: patient(1000) } },
        },
      },
    ],
  },
});
