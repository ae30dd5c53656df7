import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two workers per core: measured on 2 cores, one worker per core left the CPU idle 40 % of the run (files
    // wait for the CLI's processes, sshd, Chromium and servers), two per core keep it busy and take the run from
    // 593 s to 380 s with the same files and tests.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    setupFiles: ['tests/setup-dom.ts'],
    globalSetup: ['tests/global-setup.ts'],
  },
});
