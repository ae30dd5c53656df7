import { afterEach, beforeEach, expect } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { createEngine, type Engine } from '../../main/core/engine';
import { cleanupTempDirs, makeHome } from '../helpers/temp';
import { settled, unwrap } from '../helpers/engine';
import { overwriteRule, writeRule } from './helpers';

export interface IsolationContext {
  server: ModelServer;
  engine: Engine;
  home: string;
}

/** A fresh scripted model server, PARAGENTS_HOME and engine (approving everything) for each test. */
export function useIsolationEngine(): IsolationContext {
  const ctx = {} as IsolationContext;
  beforeEach(async () => {
    ctx.server = await startModelServer({
      script: {
        rules: [
          writeRule('write notes', 'notes.txt', 'hello from the session\n'),
          overwriteRule('rewrite readme', 'README.md', '# repo, rewritten by the session\n'),
        ],
      },
    });
    ctx.home = makeHome(ctx.server.url);
    ctx.engine = await createEngine({ home: ctx.home, env: {}, approvals: 'all' });
  });
  afterEach(async () => {
    await ctx.engine.close();
    await ctx.server.close();
    cleanupTempDirs();
  });
  return ctx;
}

/** Sends a prompt and waits for it to complete. */
export async function runTurn(e: Engine, session: string, text: string): Promise<void> {
  const p = unwrap(await e.handlers['prompt.send']({ session, text }));
  expect(await settled(e, p.id)).toBe('completed');
}
