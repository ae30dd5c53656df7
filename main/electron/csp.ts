/*
 * The Content-Security-Policy of the app's pages. Scripts only from the app itself, no eval, no plugins, no
 * framing, no remote connections: the engine is reached over IPC, never over the network from the page.
 * Inline styles are allowed (React style props and small libraries inject them); they cannot run code, and
 * with img/font/connect limited to the app they cannot leak data either.
 */

export interface CspOptions {
  /** Dev-server origin (e.g. `http://localhost:5173`) in development; its HMR socket and React refresh need it. */
  devServerOrigin?: string | null;
}

export function buildCsp(options: CspOptions = {}): string {
  const dev = options.devServerOrigin ?? null;
  const devSocket = dev === null ? null : dev.replace(/^http/, 'ws');
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', dev === null ? ["'self'"] : ["'self'", "'unsafe-inline'", dev]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', dev === null || devSocket === null ? ["'self'"] : ["'self'", dev, devSocket]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
