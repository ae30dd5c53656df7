import { BrowserWindow, screen } from 'electron';
import { FOCUS_CHANNEL } from '../../shared/ipc-channels';
import { parseFocusHash, type FocusRoute } from '../../shared/focus-route';
import type { FocusState } from './notifications';
import { buildWindowOptions, MIN_WINDOW_SIZE } from './window-options';
import { clampToDisplays, type WindowState } from './window-state';
import type { WindowStateStore } from './window-state-store';

/*
 * The one app window: created from the pure options object, placed where it was last time (clamped to the
 * displays that exist now), its bounds saved when they change, and its focus tracked for notifications.
 */

export interface AppWindowOptions {
  preloadPath: string;
  iconPath: string | null;
  entryUrl: string;
  devTools: boolean;
  stateStore: WindowStateStore;
}

export interface AppWindow {
  readonly window: BrowserWindow;
  focusState(): FocusState;
  /** Brings the window to the front and asks the page to show this session's card. */
  focus(route?: FocusRoute): void;
}

export function createAppWindow(options: AppWindowOptions): AppWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const primary = screen.getPrimaryDisplay().workArea;
  const state = clampToDisplays(options.stateStore.load(), [primary, ...workAreas], MIN_WINDOW_SIZE);
  const window = new BrowserWindow(
    buildWindowOptions({ preloadPath: options.preloadPath, state, iconPath: options.iconPath, devTools: options.devTools }),
  );
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const saveNow = (): void => {
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = null;
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    const b = window.getNormalBounds();
    const bounds = { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
    const next: WindowState = { bounds, maximized: window.isMaximized() };
    try {
      options.stateStore.save(next);
    } catch {
      // Remembering the window is a convenience; a read-only data folder must not break the app.
    }
  };
  const saveSoon = (): void => {
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = setTimeout(saveNow, 500);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', saveNow);

  let focusedSessionId: string | null = null;
  window.webContents.on('did-navigate-in-page', (_event, url, isMainFrame) => {
    if (isMainFrame) focusedSessionId = parseFocusHash(url)?.sessionId ?? null;
  });

  void window.loadURL(options.entryUrl);

  return {
    window,
    focusState: () => ({
      windowFocused: !window.isDestroyed() && window.isVisible() && !window.isMinimized() && window.isFocused(),
      focusedSessionId,
    }),
    focus(route) {
      if (window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      if (route !== undefined) window.webContents.send(FOCUS_CHANNEL, route);
    },
  };
}
