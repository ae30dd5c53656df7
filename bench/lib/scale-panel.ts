// The panel half of the scale bench: the real engine on the scale data folder, the browser host serving a fresh
// renderer build, and Chromium. Measures the first paint of the session list, opening long sessions, scrolling
// one to its first message, and the renderer's JS heap after many sessions were opened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createEngine } from '../../main/core/engine';
import { startWebHost } from '../../main/web/web-host';
import { builtPanel, launchChromium, writeModelConfig } from '../../tests/e2e/harness';
import { firstMarker, lastMarker, sessionName } from './scale-data';
import { DOM_ELEMENTS, FIRST_ROW_PROBE, FIRST_ROW_TIME, OPEN_SESSION, SCROLL_TO_TOP } from './scale-probes';

export interface PanelFigures {
  /** ms from navigation start to the session list's first row painted, one per fresh page. */
  firstPaint: number[];
  /** ms from the click on a session's row to its last message painted, one per session opened. */
  open: number[];
  /** Elements in the page with a 2,000-message session open. */
  domElements: number | null;
  /** ms from the first scroll up to the session's first message painted. */
  scrollToTop: number | null;
  /** V8 heap in use after a GC, bytes: after opening `heapSessions` sessions one after another. */
  heapAfterOpening: number | null;
  heapSessions: number;
  errors: string[];
}

const VIEWPORT = { width: 1400, height: 860 };
const TIMEOUT_MS = 60_000;

export async function measurePanel(home: string, sessions: number, opts: { firstPaintRuns: number; openRuns: number; heapSessions: number }): Promise<PanelFigures> {
  const figures: PanelFigures = { firstPaint: [], open: [], domElements: null, scrollToTop: null, heapAfterOpening: null, heapSessions: opts.heapSessions, errors: [] };
  const scratch = mkdtempSync(join(tmpdir(), 'paragents-bench-scale-'));
  // A provider is configured (never called): without one the panel opens its setup view first.
  writeModelConfig(home, 'http://127.0.0.1:9/v1');
  const engine = await createEngine({ home, env: {} });
  let browser: Browser | null = null;
  const web = await (async () => {
    return startWebHost({ engine, staticDir: await builtPanel(), port: 0 });
  })().catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  try {
    browser = await launchChromium();
    for (let run = 0; run < opts.firstPaintRuns; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await page.addInitScript(FIRST_ROW_PROBE);
      await page.goto(web.url);
      const at = await pollPage(page, FIRST_ROW_TIME, TIMEOUT_MS).catch((e: unknown) => note(figures, 'first paint', e));
      if (at !== null) figures.firstPaint.push(at);
      if (run < opts.firstPaintRuns - 1 || at === null) await context.close();
      if (at === null) return figures;
      if (run === opts.firstPaintRuns - 1) await measureSessions(page, sessions, opts, figures);
    }
    return figures;
  } finally {
    await browser?.close();
    await web.close();
    await engine.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measureSessions(page: Page, sessions: number, opts: { openRuns: number; heapSessions: number }, figures: PanelFigures): Promise<void> {
  await page.waitForTimeout(500); // the focused session's own first page lands
  // Sessions far from the first (focused) one, none opened before.
  const picks = Array.from({ length: Math.max(opts.openRuns, opts.heapSessions) }, (_, i) => (Math.floor(sessions / 2) + i * 7) % sessions);
  const open = async (i: number): Promise<number | null> =>
    callInPage(page, OPEN_SESSION, { name: sessionName(i), marker: lastMarker(i), timeoutMs: TIMEOUT_MS }).then(
      (ms) => ms,
      (e: unknown) => note(figures, `open ${sessionName(i)}`, e),
    );
  for (const i of picks.slice(0, opts.openRuns)) {
    const ms = await open(i);
    if (ms === null) return;
    figures.open.push(ms);
    await page.waitForTimeout(150);
  }
  figures.domElements = (await page.evaluate(DOM_ELEMENTS)) as number;

  const last = picks[opts.openRuns - 1] as number;
  figures.scrollToTop = await callInPage(page, SCROLL_TO_TOP, { marker: firstMarker(last), timeoutMs: 4 * TIMEOUT_MS }).then(
    (ms) => ms,
    (e: unknown) => note(figures, 'scroll to top', e),
  );

  for (const i of picks.slice(opts.openRuns, opts.heapSessions)) {
    if ((await open(i)) === null) return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  figures.heapAfterOpening = heap.usedSize;
}

/** Calls a page function given as source text with one JSON argument, and resolves with what its promise gives. */
async function callInPage(page: Page, source: string, arg: unknown): Promise<number> {
  const value = (await page.evaluate(`(${source})(${JSON.stringify(arg)})`)) as unknown;
  if (typeof value !== 'number') throw new Error(`the page answered ${JSON.stringify(value)}, not a number`);
  return value;
}

/**
 * The value of an expression once the page has set it. Polled from here: the panel's CSP refuses the string
 * evaluation that waitForFunction does in the page; the time itself is taken in the page, so polling adds nothing.
 */
async function pollPage(page: Page, expression: string, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = (await page.evaluate(expression)) as number | undefined;
    if (typeof value === 'number') return value;
    if (Date.now() > until) throw new Error(`${expression} not set in ${timeoutMs} ms`);
    await page.waitForTimeout(25);
  }
}

function note(figures: PanelFigures, what: string, e: unknown): null {
  figures.errors.push(`${what}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  return null;
}
