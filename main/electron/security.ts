import { app, shell, type Session, type WebContents } from 'electron';
import { externalOpenTarget, isNavigationAllowed, isPermissionGranted } from './security-policy';

/*
 * Electron's security checklist, applied to every webContents the app creates: no navigation away from the
 * app, no new windows (plain web links open in the system browser), no <webview>, and every permission
 * request from the page denied (except clipboard writes from the app itself). The CSP is set as a header
 * on app:// responses (app-protocol.ts) and here for the dev server's responses.
 */

export interface SecurityOptions {
  appUrlPrefixes: readonly string[];
  csp: string;
  log(message: string): void;
}

export function hardenWebContents(contents: WebContents, options: SecurityOptions): void {
  const refuse = (what: string) => (event: { preventDefault(): void; url: string }) => {
    if (isNavigationAllowed(event.url, options.appUrlPrefixes)) return;
    event.preventDefault();
    options.log(`${what} to ${event.url.slice(0, 200)} refused`);
  };
  contents.on('will-navigate', refuse('navigation'));
  contents.on('will-frame-navigate', refuse('frame navigation'));
  contents.on('will-redirect', refuse('redirect'));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalOpenTarget(url);
    if (external !== null) void shell.openExternal(external);
    else options.log(`window.open of ${url.slice(0, 200)} refused`);
    return { action: 'deny' };
  });
}

export function hardenSession(session: Session, options: SecurityOptions): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl || contents.getURL(), options.appUrlPrefixes));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin.endsWith('/') ? requestingOrigin : `${requestingOrigin}/`, options.appUrlPrefixes),
  );
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [options.csp] },
    });
  });
}

/** Applies `hardenWebContents` to every webContents, including ones created later. */
export function hardenAllWebContents(options: SecurityOptions): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, options));
}
