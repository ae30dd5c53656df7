import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { createTokenCounter, REPLY_PRIMING_TOKENS, type TokenCounter } from '../../main/core/context/tokens';
import { messagesTokens, tokensOf } from '../../main/core/context/message-tokens';
import type { ChatMessage } from '../../main/core/model/types';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

/** A session's mode as the policy would report it with no settings file naming one. */
const builtIn = { mode: 'default', source: 'default' } as const;

/** The real counter, with the messages it tokenizes counted. */
function countingCounter(model = 'gpt-4o'): TokenCounter & { messagesCounted: () => number } {
  const real = createTokenCounter(model);
  let counted = 0;
  return {
    ...real,
    encoding: real.encoding,
    countMessage(m: ChatMessage) {
      counted++;
      return real.countMessage(m);
    },
    messagesCounted: () => counted,
  };
}

describe('migration 005 (message tokens, context meter)', () => {
  it('upgrades a version-4 database: old messages and sessions have no counts yet, and get them later', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const v4 = migrations.findIndex((m) => m.version === 4);
    expect(migrate(db, migrations.slice(0, v4 + 1))).toBe(4);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'ref1', '/ws', 'now')`).run();
    db.prepare(`INSERT INTO messages (session_id, prompt_id, message_json, created_at) VALUES ('s1', NULL, ?, 'now')`)
      .run(JSON.stringify({ role: 'user', content: 'written before counts were kept' }));
    db.close();

    const store = new Store(file); // opening migrates to the latest version
    const [old] = store.transcript.list('s1');
    expect(old?.tokens).toBeNull();
    const session = store.sessions.get('s1');
    expect(session && store.summaries.session(session, builtIn).context).toBeNull();

    const counter = countingCounter();
    const n = tokensOf(store, counter, old!);
    expect(n).toBe(createTokenCounter('gpt-4o').countMessage(old!.message));
    expect(store.transcript.list('s1')[0]?.tokens).toBe(n);
    store.sessions.setContextMeter('s1', 12_345, 128_000);
    expect(store.summaries.session(store.sessions.get('s1')!, builtIn).context).toEqual({ tokens: 12_345, window: 128_000 });
    store.close();

    const reopened = new Store(file);
    expect(reopened.transcript.list('s1')[0]?.tokens).toBe(n);
    expect(reopened.summaries.session(reopened.sessions.get('s1')!, builtIn).context).toEqual({ tokens: 12_345, window: 128_000 });
    reopened.close();
  });
});

describe('message token counts', () => {
  it('are kept with the message: a long session is never re-tokenized, each step counts only its new messages', () => {
    const file = join(tempDir(), 'long.db');
    const store = new Store(file);
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const counter = countingCounter();
    const STEPS = 60;
    const perStep: number[] = [];
    let expectedTotal = REPLY_PRIMING_TOKENS;
    for (let step = 0; step < STEPS; step++) {
      const before = counter.messagesCounted();
      const call = { id: `call_${step}`, type: 'function' as const, function: { name: 'Read', arguments: `{"path":"f${step}.ts"}` } };
      const assistant: ChatMessage = { role: 'assistant', content: null, tool_calls: [call] };
      // One message counted as it is stored, one stored without a count (counted when the view is next sized).
      store.transcript.append(s.id, null, assistant, counter.countMessage(assistant));
      store.transcript.append(s.id, null, { role: 'tool', tool_call_id: call.id, content: `contents of file ${step}\n`.repeat(20) });
      // What sizing every request does: the tokens of the whole view.
      const total = messagesTokens(store, counter, store.transcript.list(s.id));
      perStep.push(counter.messagesCounted() - before);
      expectedTotal += createTokenCounter('gpt-4o').countMessage(assistant);
      expectedTotal += createTokenCounter('gpt-4o').countMessage({ role: 'tool', tool_call_id: call.id, content: `contents of file ${step}\n`.repeat(20) });
      expect(total).toBe(expectedTotal);
    }
    // O(new messages) per step, not O(session length): 2 per step, 2 × STEPS in all.
    expect(perStep).toEqual(Array(STEPS).fill(2));
    expect(counter.messagesCounted()).toBe(2 * STEPS);
    store.close();

    // After a restart the counts come from the rows: sizing the view tokenizes nothing.
    const reopened = new Store(file);
    const fresh = countingCounter();
    expect(messagesTokens(reopened, fresh, reopened.transcript.list(s.id))).toBe(expectedTotal);
    expect(fresh.messagesCounted()).toBe(0);
    reopened.close();
  });

  it('setMessageTokens inside a rolled back transaction leaves no count behind, in the cache or the table', () => {
    const store = new Store(join(tempDir(), 'tx.db'));
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const id = store.transcript.append(s.id, null, { role: 'user', content: 'hi' });
    expect(store.transcript.list(s.id)[0]?.tokens).toBeNull();
    expect(() =>
      store.tx(() => {
        store.transcript.setTokens(id, 42);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.transcript.list(s.id)[0]?.tokens).toBeNull();
    store.transcript.setTokens(id, 7);
    expect(store.transcript.list(s.id)[0]?.tokens).toBe(7);
    store.close();
  });
});
