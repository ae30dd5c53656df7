// What an end-to-end file with one panel shares: the Chromium check, a scratch folder, the renderer built into it,
// the scripted model server, the engine's config and settings files, the panel opened on them, and the closing.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../../main/core/engine/types';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server';
import { builtPanel, openPanel, requireChromiumOnCI, writeModelConfig, type OpenPanel } from './harness';

/** Where the provider points when no model server runs: nothing answers, and no turn runs there. */
const NO_MODEL = 'http://127.0.0.1:9/v1';

export interface E2EPanelOptions {
  /** The scratch folder is `paragents-e2e-NAME-…` (its real path, so it matches the paths the engine reports). */
  name: string;
  /**
   * The scripted model server's script. Without one no server runs: the provider is only configured so the panel
   * opens on its sessions, not on the setup view. A function is called once the scratch folder exists (for a
   * script that names paths in it).
   */
  script?: Script | ((fx: E2EPanel) => Script);
  /** More fields of config.json. */
  config?: Record<string, unknown>;
  /** Files written as JSON into the engine's home before it starts, by file name (settings.json, …). */
  homeFiles?: Record<string, unknown>;
  /** Runs after the folder and the home exist and before the engine starts (workspaces, stored histories). */
  prepare?: (fx: E2EPanel) => void | Promise<void>;
  approvals: 'ask' | 'all' | 'never';
  env?: Record<string, string | undefined>;
  viewport?: { width: number; height: number };
}

/** The fixture's parts; read them inside hooks and tests (they are set before the file's tests run). */
export interface E2EPanel {
  readonly dir: string;
  readonly home: string;
  readonly staticDir: string;
  /** Only when the options gave a script. */
  readonly model: ModelServer;
  readonly panel: OpenPanel;
  readonly engine: Engine;
  readonly page: Page;
}

/** Call inside the file's `describe.skipIf(!haveChromium())`: sets the panel up before its tests and closes it after. */
export function useE2EPanel(opts: E2EPanelOptions): E2EPanel {
  requireChromiumOnCI();
  let dir: string | undefined;
  let staticDir: string | undefined;
  let model: ModelServer | undefined;
  let panel: OpenPanel | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the e2e panel's ${what} is not set up (read it inside a hook or test)`);
    return value;
  };
  const fx: E2EPanel = {
    get dir() {
      return need(dir, 'folder');
    },
    get home() {
      return join(need(dir, 'folder'), 'home');
    },
    get staticDir() {
      return need(staticDir, 'panel build');
    },
    get model() {
      return need(model, 'model server');
    },
    get panel() {
      return need(panel, 'panel');
    },
    get engine() {
      return need(panel, 'panel').engine;
    },
    get page() {
      return need(panel, 'panel').page;
    },
  };

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), `paragents-e2e-${opts.name}-`)));
    mkdirSync(fx.home);
    staticDir = await builtPanel();
    await opts.prepare?.(fx);
    if (opts.script) model = await startModelServer({ script: typeof opts.script === 'function' ? opts.script(fx) : opts.script });
    writeModelConfig(fx.home, model?.url ?? NO_MODEL, opts.config);
    for (const [file, content] of Object.entries(opts.homeFiles ?? {})) writeFileSync(join(fx.home, file), JSON.stringify(content));
    panel = await openPanel({ home: fx.home, staticDir: fx.staticDir, approvals: opts.approvals, env: opts.env, viewport: opts.viewport });
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return fx;
}
