// What the Chromium end-to-end tests and the panel benchmark share: the browser, the renderer build, the
// engine's config file and where screenshots go.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createEngine, type Engine } from '../../main/core/engine';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { ensureRendererBuilt, RENDERER_DIR } from '../../main/cli/renderer-build';

export const CHROMIUM = '/usr/bin/chromium';
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Without the networking flags Chromium keeps trying to reach hosts this machine cannot reach. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const haveChromium = (): boolean => existsSync(CHROMIUM);

/**
 * Throws on CI when Chromium is missing, so an end-to-end file fails there instead of being skipped. Call it while
 * the file's tests are collected (a skipped describe's body still runs then).
 */
export function requireChromiumOnCI(env: NodeJS.ProcessEnv = process.env): void {
  if (!haveChromium() && env.CI) {
    throw new Error(`${CHROMIUM} is missing on CI: install it with \`apt-get install -y chromium\` (the e2e test must not be skipped there)`);
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * The panel the browser host serves: the one production build in out/renderer that the test run's global setup
 * (or `paragents serve`) makes, rebuilt here only when a source is newer. Every file serving the same folder
 * saves a vite build per file; nothing writes into it while it is served.
 */
export async function builtPanel(): Promise<string> {
  await ensureRendererBuilt(() => undefined);
  return RENDERER_DIR;
}

/** Writes `config.json` in the engine's home with one provider pointing at the scripted model server. */
export function writeModelConfig(home: string, modelUrl: string, extra: Record<string, unknown> = {}): void {
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      providers: [{ name: 'scripted', baseURL: modelUrl, model: 'scripted-model', apiKey: 'test-key' }],
      defaultProvider: 'scripted',
      maxRetries: 0,
      ...extra,
    }),
  );
}

/**
 * The committed screenshots in docs/screenshots/ are rewritten only with UPDATE_SCREENSHOTS=1; otherwise they go
 * to a scratch folder (same path every run), so running the tests leaves the checkout clean.
 */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'screenshots') : join(tmpdir(), 'paragents-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A real engine behind the browser host, with a Chromium page ready to open it. */
export interface OpenPanel {
  engine: Engine;
  web: WebHost;
  browser: Browser;
  page: Page;
  /** Closes the browser, the host and the engine, in that order. */
  close(): Promise<void>;
}

/** Starts an engine on `home`, serves `staticDir` with the browser host and opens one Chromium page for it. */
export async function openPanel(opts: {
  home: string;
  staticDir: string;
  approvals: 'ask' | 'all' | 'never';
  viewport?: { width: number; height: number };
  /** The engine's environment (default: none, so nothing of this machine's leaks into the panel's tests). */
  env?: Record<string, string | undefined>;
}): Promise<OpenPanel> {
  const engine = await createEngine({ home: opts.home, env: opts.env ?? {}, approvals: opts.approvals });
  const web = await startWebHost({ engine, staticDir: opts.staticDir, port: 0 });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: opts.viewport ?? { width: 1400, height: 860 } });
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return {
    engine,
    web,
    browser,
    page,
    async close() {
      await browser.close();
      await web.close();
      await engine.close();
    },
  };
}
