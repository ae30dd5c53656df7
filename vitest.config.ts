import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two workers per core: measured on 2 cores, one worker per core left the CPU idle 40 % of the run (files
    // wait for the CLI's processes, sshd, Chromium and servers), two per core keep it busy and take the run from
    // 593 s to 380 s with the same files and tests.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        extends: true,
        // Files on Node share a worker's loaded modules: a fresh process per file spent about a third of the run
        // starting Node and importing the engine again. They keep no state between files (each opens its own
        // store in its own folder and closes what it starts), and none mocks a module.
        test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: ['tests/**/*.isolated.test.ts'], isolate: false },
      },
      {
        extends: true,
        // A file that checks what a process has loaded gets a fresh one.
        test: { name: 'node-isolated', include: ['tests/**/*.isolated.test.ts'] },
      },
      {
        extends: true,
        // The panel's files each get a fresh jsdom and a fresh copy of the renderer's stores.
        test: { name: 'dom', include: ['tests/**/*.test.tsx'], setupFiles: ['tests/setup-dom.ts'] },
      },
    ],
  },
});
