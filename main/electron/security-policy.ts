import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { isAppUrl } from './ipc-sender';

/*
 * The decisions behind the window's security hooks, pure so they are tested without Electron: where the page
 * may navigate (nowhere but the app), which links open in the system browser (plain http/https only, never
 * inside the app), which permission requests are granted (none but writing to the clipboard from the app),
 * and which file an `app://` URL maps to (only files under the renderer folder).
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'paragents';
export const APP_ORIGIN_PREFIX = `${APP_SCHEME}://${APP_HOST}/`;
export const APP_ENTRY_URL = `${APP_ORIGIN_PREFIX}index.html`;

/** In-app navigation is never allowed except reloading the app's own pages. */
export function isNavigationAllowed(url: string, appUrlPrefixes: readonly string[]): boolean {
  return isAppUrl(url, appUrlPrefixes);
}

/** `window.open` and target=_blank links: always denied in-app; plain web links go to the system browser. */
export function externalOpenTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

/** Permissions the page may use: copying to the clipboard from the app itself, nothing else. */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionGranted(permission: string, requestingUrl: string, appUrlPrefixes: readonly string[]): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appUrlPrefixes);
}

/** The file served for an `app://paragents/...` request, or null (other host, traversal, odd path). */
export function resolveAppAsset(requestUrl: string, rendererRoot: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relativePath = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rendererRoot);
  const file = resolve(root, relativePath);
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
  return file;
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export const mimeTypeOf = (file: string): string => MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
