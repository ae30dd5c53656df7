import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliIn as cli } from './in-process';
import { toolPairingProblems } from '../../main/core/context/view-pairing';
import type { ChatMessage } from '../../main/core/model/types';
import { tempDir } from '../helpers/temp';
import { moveTo, openTestStore, promptAt } from '../helpers/prompt-moves';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { makeRepo } from '../worktree/helpers';
import type { SessionRow } from '../../main/core/store/rows';
import { copySessionHistory } from '../../main/core/store/fork';
import { copyCompaction } from '../../main/core/context/fork-compaction';
import { CompactionStore } from '../../main/core/context/compaction-store';
import { createTokenCounter } from '../../main/core/context/tokens';
import { buildModelView } from '../../main/core/context/view';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'remember the colour blue', steps: [{ content: 'Noted: blue.' }] },
      { when: 'read the notes', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { content: 'The notes say: {{lastTool}}' }] },
      { when: 'overwrite the notes', steps: [{ content: 'Overwriting.', toolCalls: [{ name: 'Write', arguments: { path: 'notes.txt', content: 'gone\n' } }] }, { content: 'done' }] },
    ],
  },
});

interface WireRequest {
  messages: ChatMessage[];
}

/** The chat request whose last message is the person's prompt `text`. */
function requestFor(text: string): WireRequest {
  const found = fx.server.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => r.body as WireRequest)
    .find((b) => b.messages.at(-1)?.role === 'user' && b.messages.at(-1)?.content === text);
  if (!found) throw new Error(`no model request ended with the prompt "${text}"`);
  return found;
}

function storedMessages(home: string, sessionId: string): string[] {
  const db = new Database(join(home, 'paragents.db'), { readonly: true });
  try {
    return (db.prepare('SELECT message_json FROM messages WHERE session_id = ? ORDER BY id').all(sessionId) as { message_json: string }[]).map((r) => r.message_json);
  } finally {
    db.close();
  }
}

describe('session.fork', () => {
  it('copies the finished history only: both sessions then send the same prefix, and the source is untouched', async () => {
    const home = fx.home();
    const ws = tempDir();
    writeFileSync(join(ws, 'notes.txt'), 'buy milk\n');
    const engine = await fx.open({ home, approvals: 'ask' });
    const h = engine.handlers;
    const a = unwrap(await h['session.create']({ workspace: ws, name: 'first', mode: 'default' }));
    for (const text of ['remember the colour blue', 'read the notes']) {
      const p = unwrap(await h['prompt.send']({ session: a.id, text }));
      expect(await settled(engine, p.id)).toBe('completed');
    }
    // A third turn waits for approval of a Write: it is in progress when the first fork is made.
    const asked = nextEvent(engine, 'approval_requested');
    const p3 = unwrap(await h['prompt.send']({ session: a.id, text: 'overwrite the notes' }));
    const approval = await asked;
    const sourceEventsBefore = unwrap(await h['session.events']({ session: a.id })).length;
    const sourceMessagesBefore = storedMessages(home, a.id);

    const created = nextEvent(engine, 'session_created', (e) => e.forkedFrom !== undefined);
    const f1 = unwrap(await h['session.fork']({ session: 'first', name: 'second' }));
    expect(f1).toMatchObject({ prompts: 2, skippedPrompts: 1, sharedWorktree: null, forkedFrom: { id: a.id, ref: a.ref, name: 'first' } });
    expect(f1.session).toMatchObject({ name: 'second', workspace: ws, mode: 'default', status: 'completed', queueLength: 0 });
    expect((await created).forkedFrom).toEqual({ sessionId: a.id, sessionRef: a.ref, seq: expect.any(Number) });
    // The turn in progress was not copied: neither its prompt nor its messages.
    const fork1Prompts = unwrap(await h['session.get']({ session: f1.session.id })).prompts;
    expect(fork1Prompts.map((p) => [p.text, p.status])).toEqual([['remember the colour blue', 'completed'], ['read the notes', 'completed']]);
    const fork1Messages = storedMessages(home, f1.session.id);
    expect(fork1Messages).toEqual(sourceMessagesBefore.slice(0, fork1Messages.length));
    expect(fork1Messages.join('\n')).not.toContain('overwrite the notes');
    expect(f1.messages).toBe(fork1Messages.length);

    // The source is untouched by the fork: same messages, no event of its own added.
    expect(storedMessages(home, a.id)).toEqual(sourceMessagesBefore);
    expect(unwrap(await h['session.events']({ session: a.id }))).toHaveLength(sourceEventsBefore);

    // Cancelled while waiting, the third turn is finished but leaves its Write call without a result.
    unwrap(await h['prompt.cancel']({ prompt: p3.id }));
    expect(await settled(engine, p3.id)).toBe('cancelled');
    expect(unwrap(await h['approval.list']({ session: a.id })).find((x) => x.id === approval.approvalId)?.status).toBe('cancelled');
    const f2 = unwrap(await h['session.fork']({ session: a.id }));
    expect(f2).toMatchObject({ prompts: 3, skippedPrompts: 0 });
    const fork2Messages = storedMessages(home, f2.session.id).map((m) => JSON.parse(m) as ChatMessage);
    // The dangling call is not copied: its assistant message keeps its text without the call.
    expect(fork2Messages.at(-1)).toEqual({ role: 'assistant', content: 'Overwriting.' });
    expect(toolPairingProblems(fork2Messages)).toEqual([]);

    // Each session goes on in its own direction.
    for (const [session, text] of [[a.id, 'go on in the first'], [f1.session.id, 'go on in the second'], [f2.session.id, 'go on in the third']] as const) {
      const p = unwrap(await h['prompt.send']({ session, text }));
      expect(await settled(engine, p.id)).toBe('completed');
    }
    const first = requestFor('go on in the first').messages;
    const second = requestFor('go on in the second').messages;
    const third = requestFor('go on in the third').messages;
    // The same history prefix: the system prompt and the two finished turns, with the Read and its result.
    const prefix = second.slice(0, -1);
    expect(prefix.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    expect(first.slice(0, prefix.length)).toEqual(prefix);
    expect(third.slice(0, prefix.length)).toEqual(prefix);
    expect(prefix.find((m) => m.role === 'tool')?.content).toContain('buy milk');
    // The first session still has its own third turn (closed with a "not run" result); the first fork does not.
    expect(JSON.stringify(first)).toContain('overwrite the notes');
    expect(JSON.stringify(second)).not.toContain('overwrite the notes');
    for (const req of [first, second, third]) expect(toolPairingProblems(req)).toEqual([]);
    // Nothing was written: the Write was never approved.
    expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('buy milk\n');
  });

  it('refuses a taken name and names an unknown session', async () => {
    const home = fx.home();
    const engine = await fx.open({ home });
    const h = engine.handlers;
    const a = unwrap(await h['session.create']({ workspace: tempDir(), name: 'taken' }));
    const dup = await h['session.fork']({ session: a.id, name: 'taken' });
    expect(dup.ok).toBe(false);
    expect(!dup.ok && dup.error.message).toBe('a session named "taken" already exists');
    const missing = await h['session.fork']({ session: 'nope' });
    expect(!missing.ok && missing.error.message).toBe('session not found: "nope"');
  });
});

describe('paragents sessions fork', () => {
  it('forks an isolated session into the same worktree folder and says so', async () => {
    const home = fx.home();
    const repo = makeRepo();
    const engine = await fx.open({ home });
    const iso = unwrap(await engine.handlers['session.create']({ workspace: repo, name: 'iso', isolate: true }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: iso.id, text: 'remember the colour blue' }));
    expect(await settled(engine, p.id)).toBe('completed');
    await fx.close(engine);

    const r = await cli(home, ['sessions', 'fork', 'iso', '--name', 'iso-b']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^forked session iso into [0-9a-f]{6} "iso-b": 1 finished prompt and 3 messages copied$/);
    const folder = iso.worktree?.path as string;
    expect(r.out.join('\n')).toContain(`the fork works in the same worktree folder (${folder}), not in a new one`);
    expect(r.out).toContain(`workspace: ${iso.workspace}`);

    // The fork's transcript starts with the history it copied, then marks where it begins.
    const md = (await cli(home, ['sessions', 'show', 'iso-b', '--markdown'])).out.join('\n');
    expect(md).toMatch(new RegExp(`^# Session iso-b \\([0-9a-f]{6}\\)\n\n- Workspace: \`${iso.workspace}\``));
    expect(md).toContain(`- Forked from session \`${iso.ref}\`: its finished turns come first`);
    expect(md.indexOf('> remember the colour blue')).toBeGreaterThan(0);
    expect(md.indexOf('> remember the colour blue')).toBeLessThan(md.indexOf(`*Forked here from session \`${iso.ref}\`: what follows happened in session iso-b`));
    const text = (await cli(home, ['sessions', 'show', 'iso-b'])).out.join('\n');
    expect(text).toMatch(/you:\n {4}remember the colour blue\n[^]*── forked here into session iso-b/);

    const again = await cli(home, ['sessions', 'fork', 'iso', '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out[0] as string)).toMatchObject({ sharedWorktree: folder, prompts: 1, session: { workspace: iso.workspace } });

    const missing = await cli(home, ['sessions', 'fork', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.err).toEqual(['paragents sessions fork: session not found: "nope"']);
  });
});

describe('fork of a compacted session (store level)', () => {
  it('copies the latest compaction that covers only finished turns, re-pointed, so the fork sees the same view', () => {
    const t = openTestStore(join(tempDir(), 'paragents.db'));
    const { store, db } = t;
    const compactions = new CompactionStore(db);
    const counter = createTokenCounter('gpt-4o');
    const s = store.sessions.create({ workspace: tempDir(), name: 'long', mode: 'default' });
    const call = (id: string, name: string) => ({ id, type: 'function' as const, function: { name, arguments: '{"path":"a.txt"}' } });
    const p1 = promptAt(t, s.id, 'first prompt');
    const p2 = promptAt(t, s.id, 'second prompt');
    const p3 = promptAt(t, s.id, 'third prompt, still running');
    store.transcript.append(s.id, null, { role: 'system', content: 'system prompt' });
    store.transcript.append(s.id, p1.id, { role: 'user', content: 'first prompt' });
    store.transcript.append(s.id, p1.id, { role: 'assistant', content: null, tool_calls: [call('c1', 'Read')] });
    store.transcript.append(s.id, p1.id, { role: 'tool', tool_call_id: 'c1', content: 'x'.repeat(5000) });
    const p1End = store.transcript.append(s.id, p1.id, { role: 'assistant', content: 'read it' });
    store.transcript.append(s.id, p2.id, { role: 'user', content: 'second prompt' });
    store.transcript.append(s.id, p2.id, { role: 'assistant', content: null, tool_calls: [call('c2', 'Read')] });
    const p2Tool = store.transcript.append(s.id, p2.id, { role: 'tool', tool_call_id: 'c2', content: 'y'.repeat(5000) });
    store.transcript.append(s.id, p2.id, { role: 'assistant', content: 'read it again' }, 7);
    const p3User = store.transcript.append(s.id, p3.id, { role: 'user', content: 'third prompt, still running' });
    store.transcript.append(s.id, p3.id, { role: 'assistant', content: null, tool_calls: [call('c3', 'Read')] });
    moveTo(t, p1.id, 'completed');
    moveTo(t, p2.id, 'completed');
    moveTo(t, p3.id, 'running');

    const record = (coversThrough: number, summary: string) => ({
      sessionId: s.id, coversThrough, summary, note: null, promptsBlock: '## prompts\n- first prompt', prunedIds: [p2Tool],
      headTokens: 40, encoding: counter.encoding, tokensBefore: 4000, tokensAfter: 300, reason: 'auto' as const,
      prunedToolOutputs: 2, summaryTokens: 20, focus: null, summaryError: null,
    });
    const usable = compactions.add(record(p1End, 'Summary of the first turn.'));
    // A later compaction that covers the turn in progress would describe work the fork does not have.
    compactions.add(record(p3User, 'Summary that mentions the third prompt.'));

    const copy = store.tx(() => copySessionHistory(store, store.sessions.get(s.id) as SessionRow, 'long-fork', (sessionId, p) => t.prompts.copyFinished(sessionId, p)));
    expect(copy.firstLeftOut).toBe(p3User);
    const forked = store.tx(() => copyCompaction(compactions, s.id, copy));
    expect(forked).toMatchObject({ sessionId: copy.row.id, summary: 'Summary of the first turn.', coversThrough: copy.messageIds.get(p1End), prunedIds: [copy.messageIds.get(p2Tool)] });
    expect(compactions.latest(copy.row.id)?.id).toBe(forked?.id);

    const sourceView = buildModelView({ system: 'system prompt', messages: store.transcript.list(s.id), compaction: usable, counter }).messages;
    const forkView = buildModelView({ system: 'system prompt', messages: store.transcript.list(copy.row.id), compaction: compactions.latest(copy.row.id), counter }).messages;
    // The source's view under the same compaction, less the turn in progress.
    expect(forkView).toEqual(sourceView.slice(0, sourceView.length - 2));
    expect(forkView[1]?.content).toContain('Summary of the first turn.');
    expect(JSON.stringify(forkView)).not.toContain('y'.repeat(100));
    // Stored counts travel with the messages.
    expect(store.transcript.list(copy.row.id).at(-1)).toMatchObject({ message: { role: 'assistant', content: 'read it again' }, tokens: 7 });
    // The source is not changed.
    expect(store.transcript.list(s.id)).toHaveLength(11);
    expect(compactions.list(s.id)).toHaveLength(2);
    store.close();
  });
});
