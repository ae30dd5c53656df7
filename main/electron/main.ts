import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog } from 'electron';
import { registerAppScheme } from './app-protocol';
import { startDesktop, type DesktopApp, type DesktopPaths } from './desktop-app';
import { createQuitGuard } from './quit-guard';

/*
 * The Electron entry (built to out/main/index.js): one instance, the engine started at launch, and a quit
 * that waits for the engine to close (running turns cancelled and recorded) before the process exits.
 */

const here = dirname(fileURLToPath(import.meta.url));
const paths: DesktopPaths = {
  preload: join(here, '../preload/index.cjs'),
  renderer: join(here, '../renderer'),
  icons: app.isPackaged ? join(process.resourcesPath, 'icons') : join(app.getAppPath(), 'build', 'runtime-icons'),
};

let desktop: DesktopApp | null = null;
const guard = createQuitGuard({
  closers: [async () => {
    for (const close of desktop?.closers ?? []) await close();
  }],
  quit: () => app.quit(),
  report: (error) => console.error('[paragents] shutdown:', error),
});

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => desktop?.showWindow());
  app.on('before-quit', (event) => {
    guard.onBeforeQuit(() => event.preventDefault());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => desktop?.showWindow());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app
    .whenReady()
    .then(async () => {
      desktop = await startDesktop(paths, () => app.quit());
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      dialog.showErrorBox('Paragents could not start', message);
      app.exit(1);
    });
}
