// A panel opened in one language for the Chromium walks that run in English and in 简体中文: its own engine and
// browser host, a browser context whose locale picks the language (as people's browsers do), and a step that
// takes the screenshot and, in 简体中文, fails on any visible text of the English catalog.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createEngine, type Engine } from '../../main/core/engine';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { translator, type Lang, type MessageKey, type MessageVars, type Translator } from '../../shared/i18n';
import { englishOnPage } from './catalog-check';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server';
import { builtPanel, launchChromium, requireChromiumOnCI, screenshotDir } from './harness';

/** The two walks: each language with the browser locale that asks for it. */
export const WALKS: readonly { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh-CN', locale: 'zh-CN' },
];

/** What one file's walks share: a scratch folder, the panel built once, one scripted model server and one browser. */
export interface WalkFixture {
  dir: string;
  staticDir: string;
  model: ModelServer;
  browser: Browser;
}

/**
 * Sets up a file's shared walk fixture before its tests (folder `paragents-e2e-NAME-…`, the panel's build,
 * the model server with `script`, Chromium) and closes it after them. Read its fields inside hooks and tests.
 * Call it inside the file's `describe.skipIf(!haveChromium())`: on CI without Chromium it fails the file.
 */
export function useWalkFixture(name: string, script: Script): WalkFixture {
  requireChromiumOnCI();
  const fx = {} as WalkFixture;
  beforeAll(async () => {
    fx.dir = mkdtempSync(join(tmpdir(), `paragents-e2e-${name}-`));
    fx.staticDir = await builtPanel();
    fx.model = await startModelServer({ script });
    fx.browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await fx.browser?.close();
    await fx.model?.close();
    if (fx.dir) rmSync(fx.dir, { recursive: true, force: true });
  });
  return fx;
}

export interface LangPanel {
  lang: Lang;
  engine: Engine;
  web: WebHost;
  context: BrowserContext;
  page: Page;
  t: Translator;
  /**
   * The catalog's text for key, and in English the very text the walk expects there (written out, so a changed
   * English text fails the walk as a literal assertion would).
   */
  said(key: MessageKey, vars: MessageVars | undefined, english: string): string;
  /**
   * A screenshot into docs/screenshots/<lang>/ (under UPDATE_SCREENSHOTS=1, else the scratch folder) and the
   * English check: none in 简体中文, some in English.
   */
  step(name: string): Promise<void>;
  /** Closes the context, the host and the engine, in that order. */
  close(): Promise<void>;
}

/** Starts an engine on `home`, serves `staticDir` and opens a page in `browser` with the language's locale. */
export async function openLangPanel(
  browser: Browser,
  opts: { lang: Lang; locale: string; home: string; staticDir: string; approvals: 'ask' | 'all' | 'never'; viewport?: { width: number; height: number } },
): Promise<LangPanel> {
  const engine = await createEngine({ home: opts.home, env: {}, approvals: opts.approvals });
  const web = await startWebHost({ engine, staticDir: opts.staticDir, port: 0 });
  const context = await browser.newContext({ locale: opts.locale, viewport: opts.viewport ?? { width: 1400, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  const t = translator(opts.lang);
  const shots = join(screenshotDir(), opts.lang);
  mkdirSync(shots, { recursive: true });
  return {
    lang: opts.lang,
    engine,
    web,
    context,
    page,
    t,
    said(key, vars, english) {
      const text = t(key, vars);
      if (opts.lang === 'en') expect(text).toBe(english);
      return text;
    },
    async step(name) {
      await page.screenshot({ path: join(shots, `${name}.png`) });
      const english = await englishOnPage(page);
      // In English the same check finds the screen's catalog texts: it is not blind to this screen.
      if (opts.lang === 'en') expect(english.length, `no English catalog text found on the “${name}” screen`).toBeGreaterThan(0);
      else expect(english, `English left on the “${name}” screen`).toEqual([]);
    },
    async close() {
      await context.close();
      await web.close();
      await engine.close();
    },
  };
}
