import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: a single file at a time on a 2-core machine. Most files
    // wait on child processes, sockets and the model server far more than they compute, so three run side by side.
    maxWorkers: 3,
    globalSetup: ['tests/global-setup.ts'],
  },
});
