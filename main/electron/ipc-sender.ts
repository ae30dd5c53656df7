/*
 * Who may call the engine: only the main frame of the app's own window, showing the app's own pages.
 * The renderer displays text written by an LLM, so a subframe, another window or a page that navigated
 * away is refused. Pure: the electron adapter fills `SenderInfo` from the IPC event.
 */

export interface SenderInfo {
  /** webContents id of the sender. */
  webContentsId: number;
  /** URL of the sending frame; null when the frame is gone (navigated or destroyed). */
  frameUrl: string | null;
  /** True when the sending frame is the top-level frame of its webContents. */
  isMainFrame: boolean;
}

export interface TrustedSenderOptions {
  /** The app window's webContents id, or null while no window exists. */
  windowWebContentsId(): number | null;
  /**
   * URL prefixes the app is served from, each ending in '/': `app://paragents/`, and in development the
   * dev server's origin. Compared against the normalised frame URL.
   */
  appUrlPrefixes: readonly string[];
}

export function isAppUrl(url: string, prefixes: readonly string[]): boolean {
  let normalised: string;
  try {
    normalised = new URL(url).href;
  } catch {
    return false;
  }
  return prefixes.some((prefix) => prefix.endsWith('/') && normalised.startsWith(prefix));
}

/** Returns null when trusted, otherwise why not. */
export function createSenderCheck(options: TrustedSenderOptions): (sender: SenderInfo) => string | null {
  return (sender) => {
    const expected = options.windowWebContentsId();
    if (expected === null || sender.webContentsId !== expected) return 'sender is not the Paragents window';
    if (!sender.isMainFrame) return 'sender is not the main frame';
    if (sender.frameUrl === null) return 'sender frame is gone';
    if (!isAppUrl(sender.frameUrl, options.appUrlPrefixes)) return 'sender is not showing the Paragents app';
    return null;
  };
}
