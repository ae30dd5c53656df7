import { beforeEach, expect } from 'vitest';
import type { ModelServer } from '../fixtures/model-server';
import type { Engine } from '../../main/core/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { settled, unwrap } from '../helpers/engine';
import { overwriteRule, writeRule } from './helpers';

export interface IsolationContext {
  server: ModelServer;
  engine: Engine;
  home: string;
}

/** A fresh scripted model server, PARAGENTS_HOME and engine (approving everything) for each test. */
export function useIsolationEngine(): IsolationContext {
  const fx = useEngineFixture({
    script: {
      rules: [
        writeRule('write notes', 'notes.txt', 'hello from the session\n'),
        overwriteRule('rewrite readme', 'README.md', '# repo, rewritten by the session\n'),
      ],
    },
  });
  const ctx = {} as IsolationContext;
  // Registered after the fixture's, so its server is up when this runs.
  beforeEach(async () => {
    ctx.server = fx.server;
    ctx.home = fx.home();
    ctx.engine = await fx.open({ home: ctx.home });
  });
  return ctx;
}

/** Sends a prompt and waits for it to complete. */
export async function runTurn(e: Engine, session: string, text: string): Promise<void> {
  const p = unwrap(await e.handlers['prompt.send']({ session, text }));
  expect(await settled(e, p.id)).toBe('completed');
}
