import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_SCHEME, mimeTypeOf, resolveAppAsset } from './security-policy';

/*
 * The app's pages come from `app://paragents/…`, mapped onto the built renderer folder: never a remote
 * origin, and no file:// privileges needed (the GrantFileProtocolExtraPrivileges fuse is off).
 */

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function handleAppProtocol(rendererRoot: string, csp: string): () => void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('method not allowed', { status: 405 });
    const file = resolveAppAsset(request.url, rendererRoot);
    if (file === null) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: {
          'content-type': mimeTypeOf(file),
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-cache',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
  return () => protocol.unhandle(APP_SCHEME);
}
