import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createEngine, type Engine, type EngineOptions } from '../../main/core/engine';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome } from './temp';

export interface EngineFixtureOptions {
  /** The scripted model server's script for every test of the file (a test may call `server.setScript`). */
  script?: Script;
  /** Options every engine of the file gets unless `open` says otherwise (the default approvals are `all`). */
  engine?: Partial<EngineOptions>;
  /** Close engines with `{ force: true }` (tests that leave turns running on purpose). */
  forceClose?: boolean;
  /**
   * `file`: one server for all the tests of the file, closed with the engines and temp folders after the last one
   * (tests that share a data folder or drive CLI processes); `test` (the default): a fresh one for each test.
   */
  scope?: 'test' | 'file';
}

export interface EngineFixture {
  /** The scripted model server of the running test. */
  readonly server: ModelServer;
  /** The engine `open` made last (throws before one is open). */
  readonly engine: Engine;
  /** A fresh data folder whose config points at the scripted server. */
  home(extra?: Record<string, unknown>): string;
  /** Opens an engine (a fresh home unless `home` is given); it is closed after the test. */
  open(opts?: Partial<EngineOptions>): Promise<Engine>;
  /** Closes an engine early (for restart tests); closing it again after the test is a no-op. */
  close(engine: Engine): Promise<void>;
}

/**
 * The scripted model server, engines on scratch data folders, and the closing of all of them after each test:
 * what nearly every engine test needs, registered once here instead of copied into each file.
 */
export function useEngineFixture(options: EngineFixtureOptions = {}): EngineFixture {
  let server: ModelServer | null = null;
  let last: Engine | null = null;
  const open = new Set<Engine>();

  const [before, after] = options.scope === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    server = await startModelServer(options.script ? { script: options.script } : {});
  });
  after(async () => {
    for (const e of [...open]) await e.close(options.forceClose ? { force: true } : undefined);
    open.clear();
    last = null;
    await server?.close();
    server = null;
    cleanupTempDirs();
  });

  const running = (): ModelServer => {
    if (!server) throw new Error('the engine fixture is used outside a test');
    return server;
  };

  return {
    get server() {
      return running();
    },
    get engine() {
      if (!last) throw new Error('no engine is open: call open() first');
      return last;
    },
    home: (extra = {}) => makeHome(running().url, extra),
    async open(opts = {}) {
      const engine = await createEngine({
        approvals: 'all',
        env: {},
        ...options.engine,
        ...opts,
        home: opts.home ?? options.engine?.home ?? makeHome(running().url),
      });
      open.add(engine);
      last = engine;
      return engine;
    },
    async close(engine) {
      if (!open.delete(engine)) return;
      await engine.close(options.forceClose ? { force: true } : undefined);
      if (last === engine) last = null;
    },
  };
}
