#!/usr/bin/env node
// `npm start`: builds the desktop app with electron-vite, then launches Electron on it. Where the Electron
// binary is not installed (it is fetched on first launch, which fails offline), says so in one sentence and
// points at the browser host instead of starting a download.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
register();
const { findElectronBinary } = await import('../main/electron/electron-binary.ts');

const binary = findElectronBinary(root);
if (!binary.installed) {
  console.error(
    `Paragents cannot open the desktop app on this machine because the Electron binary is not installed (${binary.reason}); ` +
      'run the browser host instead with `npx paragents serve`, or install Electron where it can be downloaded (`npx install-electron`).',
  );
  process.exit(1);
}

const { build } = await import('electron-vite');
try {
  await build({ root, configFile: resolve(root, 'electron.vite.config.ts') });
} catch (error) {
  console.error(`Paragents: the desktop build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const child = spawn(binary.path, [root, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
