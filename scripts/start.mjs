#!/usr/bin/env node
// `npm start`: builds the desktop app with electron-vite, then launches Electron on it. Where no Electron window
// can open (the binary is not installed — it is fetched on first launch, which fails offline — or there is no
// display), it says why in one sentence and runs the browser host instead: the same panel, on loopback, opened
// in the default browser where there is one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
register();
const { findElectronBinary } = await import('../main/electron/electron-binary.ts');

/** Linux and the BSDs need an X11 or Wayland display for a window; macOS and Windows always have one. */
function noDisplay(env) {
  if (process.platform === 'darwin' || process.platform === 'win32') return null;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? null : 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)';
}

function onPath(command, env) {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** The command that opens a URL in the default browser here, or null when there is none. */
function browserOpener(env) {
  if (process.platform === 'darwin') return ['open'];
  if (process.platform === 'win32') return ['cmd', '/c', 'start', '""'];
  if (noDisplay(env) || !onPath('xdg-open', env)) return null;
  return ['xdg-open'];
}

function serveInstead(why) {
  console.error(`Paragents cannot open the desktop window because ${why}; starting the browser host instead (the same panel at a loopback URL).`);
  const child = spawn(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  child.on('exit', (code) => {
    if (code !== 0) process.exit(code ?? 1);
    const serve = spawn(process.execPath, [join(root, 'bin/paragents.js'), 'serve', ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'inherit'] });
    const opener = browserOpener(process.env);
    let opened = false;
    serve.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const url = /https?:\/\/\S+\?token=\S+/.exec(chunk.toString())?.[0];
      if (url && opener && !opened) {
        opened = true;
        const [cmd, ...args] = opener;
        const browser = spawn(cmd, [...args, url], { stdio: 'ignore', detached: true });
        browser.on('error', () => console.error(`Paragents could not open a browser; open ${url} yourself.`));
        browser.unref();
      }
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => serve.kill(signal));
    serve.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}

const binary = findElectronBinary(root);
const display = noDisplay(process.env);
if (!binary.installed) {
  serveInstead(`the Electron binary is not installed (${binary.reason})`);
} else if (display) {
  serveInstead(display);
} else {
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
}
