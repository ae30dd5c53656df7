// Everything the panel bench runs against, started in order and stopped in reverse: the scripted model server
// (its own process), the real engine, the browser host with a fresh renderer build, and Chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createEngine } from '../../main/core/engine';
import type { Engine } from '../../main/core/engine/types';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import type { Script } from '../../tests/fixtures/model-server';
import { builtPanel, launchChromium, writeModelConfig } from '../../tests/e2e/harness';
import { spawnModelServer } from '../spawn-model-server';

export interface PanelEnv {
  dir: string;
  engine: Engine;
  web: WebHost;
  page: Page;
  close(): Promise<void>;
}

export async function startPanelEnv(script: Script, opts: { concurrency: number; viewport: { width: number; height: number } }): Promise<PanelEnv> {
  const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-panel-'));
  const stops: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error('cleanup:', error instanceof Error ? error.message : error);
      }
    }
  };
  try {
    const server = await spawnModelServer(script, dir);
    stops.push(() => stopChild(server));
    const home = join(dir, 'home');
    writeModelConfig(home, server.url, { concurrency: opts.concurrency });
    const engine = await createEngine({ home, env: {}, approvals: 'all' });
    stops.push(() => engine.close());
    const staticDir = await builtPanel();
    const web = await startWebHost({ engine, staticDir, port: 0 });
    stops.push(() => web.close());
    const browser: Browser = await launchChromium();
    stops.push(() => browser.close());
    const page = await browser.newPage({ viewport: opts.viewport });
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    mkdirSync(join(dir, 'ws'));
    return { dir, engine, web, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function stopChild(server: Awaited<ReturnType<typeof spawnModelServer>>): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.stop();
  });
}
