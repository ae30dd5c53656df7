import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import type { Msg } from '../../shared/i18n/message';
import { expectSentence } from '../helpers/sentence';
import { openTestStore, promptAt } from '../helpers/prompt-moves';
import { makeHome, tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { closedPort } from '../model/helpers';

const fx = useEngineFixture();

/** The keys of a Msg and of every sentence inside it, outermost first. */
function keysOf(m: Msg): string[] {
  const inner = Object.values(m.vars ?? {}).flatMap((v) => (typeof v === 'object' ? keysOf(v) : []));
  return [m.key, ...inner];
}

async function failedTurn(e: Engine, text: string) {
  const log = recordEvents(e);
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text }));
  expect(await settled(e, p.id)).toBe('failed');
  const failed = log.find((x) => x.type === 'turn_failed');
  if (failed?.type !== 'turn_failed') throw new Error('no turn_failed event');
  return { log, session: s, prompt: p, failed };
}

describe('turn outcomes and model failures as data', () => {
  it('a 429 then success: the retry carries the rate limit as a Msg, the server words kept as a value', async () => {
    fx.server.setScript({ rules: [{ when: 'busy', steps: [{ content: 'fine now', fault: { type: '429', retryAfter: 0 } }] }] });
    const e = await fx.open();
    const log = recordEvents(e);
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'busy server' }));
    expect(await settled(e, p.id)).toBe('completed');
    const retry = log.find((x) => x.type === 'model_retry');
    if (retry?.type !== 'model_retry') throw new Error('no model_retry event');
    expect(retry.error).toBe('rate limited (429: Rate limit reached (scripted))');
    const m = expectSentence(retry.errorMsg, retry.error);
    expect(m).toEqual({ key: 'engineErrors.model.rateLimited', vars: { detail: 'Rate limit reached (scripted)' } });
  });

  it('a 401: turn_failed and the prompt row carry the Msg, and it round-trips through SQLite after a restart', async () => {
    fx.server.setScript({ rules: [{ when: 'key', steps: [{ content: 'never', fault: { type: '401', times: 5 } }] }] });
    const home = fx.home({ maxRetries: 0 });
    const e = await fx.open({ home });
    const { failed, prompt, session } = await failedTurn(e, 'check the key');
    const m = expectSentence(failed.errorMsg, failed.error);
    expect(failed.error).toBe(
      `model request failed: provider "scripted" (${fx.server.url}): the API key was rejected (401: Incorrect API key provided (scripted)); check the key`,
    );
    expect(keysOf(m)).toEqual(['engineErrors.model.failed', 'engineErrors.model.provider', 'engineErrors.model.keyRejected']);

    const shown = unwrap(await e.handlers['session.get']({ session: session.id })).prompts.find((x) => x.id === prompt.id);
    expect(shown?.error).toBe(failed.error);
    expect(shown?.errorMsg).toEqual(m);

    await fx.close(e);
    const again = await fx.open({ home });
    const reread = unwrap(await again.handlers['session.get']({ session: session.id })).prompts.find((x) => x.id === prompt.id);
    expect(reread?.error).toBe(failed.error);
    expect(reread?.errorMsg).toEqual(m);

    // A fork copies the failed prompt with its error as data.
    const fork = unwrap(await again.handlers['session.fork']({ session: session.id, name: 'fork' }));
    const copied = unwrap(await again.handlers['session.get']({ session: fork.session.id })).prompts;
    expect(copied.map((x) => [x.error, x.errorMsg])).toEqual([[failed.error, m]]);
  });

  it('an unreachable host: the failure names the provider and why, as nested sentences', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const e = await fx.open({ home: makeHome(url, { maxRetries: 0 }) });
    const { failed } = await failedTurn(e, 'hello');
    expect(failed.error).toBe(`model request failed: provider "scripted" (${url}): connection refused`);
    const m = expectSentence(failed.errorMsg, failed.error);
    expect(keysOf(m)).toEqual(['engineErrors.model.failed', 'engineErrors.model.provider', 'engineErrors.model.unreachable.refused']);
  });

  it('max steps: the failure is notices.error.maxSteps with its figures', async () => {
    fx.server.setScript({ rules: [{ when: 'loop', steps: Array.from({ length: 10 }, () => ({ toolCalls: [{ name: 'LS', arguments: {} }] })) }] });
    const e = await fx.open({ home: fx.home({ maxSteps: 3 }) });
    const { failed } = await failedTurn(e, 'loop forever');
    expect(failed.error).toBe('Max steps exceeded: the turn made 3 model calls (limit 3)');
    expect(expectSentence(failed.errorMsg, failed.error)).toEqual({ key: 'notices.error.maxSteps', vars: { steps: 3, limit: 3 } });
  });

  it('a retry of a failed prompt queues it again without the error; the failed attempt keeps its Msg', async () => {
    fx.server.setScript({ rules: [{ when: 'key', steps: [{ content: 'never', fault: { type: '401', times: 5 } }] }] });
    const e = await fx.open({ home: fx.home({ maxRetries: 0 }) });
    const { failed, prompt, session } = await failedTurn(e, 'check the key');
    const m = expectSentence(failed.errorMsg, failed.error);
    fx.server.setScript({ rules: [{ when: 'key', steps: [{ content: 'fine now' }] }] });

    const retried = unwrap(await e.handlers['prompt.retry']({ prompt: prompt.id }));
    expect(retried.text).toBe('check the key');
    expect(retried.error).toBeNull();
    expect(retried.errorMsg).toBeUndefined();
    expect(await settled(e, retried.id)).toBe('completed');

    const prompts = unwrap(await e.handlers['session.get']({ session: session.id })).prompts;
    const shown = prompts.find((x) => x.id === retried.id);
    expect(shown?.error).toBeNull();
    expect(shown?.errorMsg).toBeUndefined();
    const first = prompts.find((x) => x.id === prompt.id);
    expect(first?.status).toBe('failed');
    expect(first?.errorMsg).toEqual(m);
  });
});

describe('the prompt row keeps its error as data', () => {
  it('an old row with no error_msg reads as its text; a new one reads its Msg back', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store, db } = t;
    const s = store.sessions.create({ workspace: tempDir(), name: null, mode: null });
    const old = promptAt(t, s.id, 'old');
    // Written before the column existed: the English only.
    db.prepare(`UPDATE prompts SET status = 'failed', error = 'failed: something', error_msg = NULL WHERE id = ?`).run(old.id);
    const oldSummary = store.summaries.prompt(store.prompts.get(old.id)!);
    expect(oldSummary.error).toBe('failed: something');
    expect('errorMsg' in oldSummary).toBe(false);

    const why: Msg = { key: 'notices.error.maxSteps', vars: { steps: 4, limit: 4 } };
    const fresh = promptAt(t, s.id, 'new', 'failed', { detail: { error: why } });
    const summary = store.summaries.prompt(store.prompts.get(fresh.id)!);
    expect(summary.error).toBe('Max steps exceeded: the turn made 4 model calls (limit 4)');
    expect(summary.errorMsg).toEqual(why);
    store.close();
  });
});
