import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/*
 * Desktop build (`electron-vite build` → out/):
 * - main:     main/electron/main.ts → out/main/index.js (ESM, package.json "main"); node_modules stay external
 *             (better-sqlite3 is native and loaded from node_modules / app.asar.unpacked).
 * - preload:  preload/index.ts → out/preload/index.cjs, ONE self-contained CommonJS file: a sandboxed preload
 *             can only require('electron'), so zod and the shared contract are bundled in.
 * - renderer: renderer/index.html → out/renderer, served to the window from app://paragents/.
 */
const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(root, 'main/electron/main.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
