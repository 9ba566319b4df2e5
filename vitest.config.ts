import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          setupFiles: ['server/test/setup.ts'],
          // Each file gets its own database; files run one at a time on two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
        },
      },
    ],
  },
});
