import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowState } from './window-state';

/*
 * The options the one app window is created with. Pure (the electron import is type-only and erased), so a
 * test asserts the security-relevant fields on the very object main.ts passes to `new BrowserWindow`.
 */

export const MIN_WINDOW_SIZE = { width: 720, height: 480 } as const;

export interface WindowOptionsInput {
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  preloadPath: string;
  state: WindowState;
  /** PNG icon for Linux/Windows windows; macOS takes the bundle icon. */
  iconPath?: string | null;
  /** Dev tools only in development builds. */
  devTools: boolean;
}

export function buildWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const { bounds } = input.state;
  return {
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Paragents',
    // Shown once the first paint is ready, so the window never flashes white.
    show: false,
    backgroundColor: '#111318',
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      devTools: input.devTools,
      safeDialogs: true,
    },
  };
}
