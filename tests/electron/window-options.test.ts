import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../main/electron/csp';
import { buildWindowOptions } from '../../main/electron/window-options';

const state = { bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: false };

describe('window options', () => {
  it('locks down the renderer', () => {
    const options = buildWindowOptions({ preloadPath: '/app/out/preload/index.cjs', state, devTools: false });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
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
      devTools: false,
    });
    expect(options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800, show: false });
  });

  it('uses the bundled CommonJS preload path it is given', () => {
    expect(buildWindowOptions({ preloadPath: '/x/index.cjs', state, devTools: true }).webPreferences?.preload).toBe('/x/index.cjs');
  });
});

describe('content security policy', () => {
  const directives = (csp: string): Map<string, string[]> =>
    new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name ?? '', values]));

  it('allows scripts and connections from the app only, no eval, no framing, no plugins', () => {
    const csp = directives(buildCsp());
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    const all = buildCsp();
    expect(all).not.toContain('unsafe-eval');
    expect(all).not.toMatch(/https?:/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('opens up only to the dev server in development', () => {
    const csp = directives(buildCsp({ devServerOrigin: 'http://localhost:5173' }));
    expect(csp.get('script-src')).toContain('http://localhost:5173');
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });
});
