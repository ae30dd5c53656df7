import { describe, expect, it } from 'vitest';
import { completions } from '../../renderer/commands/complete';
import { parseInput } from '../../renderer/commands/parse-input';
import { resolveRef } from '../../renderer/commands/resolve-ref';
import { runInput } from '../../renderer/commands/run-input';
import { createPanelStore } from '../../renderer/store/panel-store';
import { applyEvents } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';
import { asks, eventMaker } from './helpers/events';
import { fakeApi, manualFrames, summary } from './helpers/fake-api';
import { logLineText } from '../../renderer/store/ui-state';
import { english, render, type Msg } from '../../shared/i18n/message';

describe('input parsing', () => {
  it('reads commands, aliases, y/n only when an approval is pending, and // as literal text', () => {
    expect(parseInput('/approve 9ec always', false)).toEqual({ kind: 'command', name: 'approve', args: ['9ec', 'always'], rest: '9ec always' });
    expect(parseInput(':s hello there', false)).toEqual({ kind: 'command', name: 'prompt', args: ['hello', 'there'], rest: 'hello there' });
    expect(parseInput(':a', false)).toMatchObject({ kind: 'command', name: 'approvals' });
    expect(parseInput('Y', true)).toEqual({ kind: 'answer', yes: true });
    expect(parseInput('no', true)).toEqual({ kind: 'answer', yes: false });
    expect(parseInput('y', false)).toEqual({ kind: 'text', text: 'y' });
    expect(parseInput('//etc/hosts is odd', false)).toEqual({ kind: 'text', text: '/etc/hosts is odd' });
    expect(parseInput('   ', false)).toEqual({ kind: 'empty' });
  });

  it('resolves refs in order: exact id, exact ref, unique prefixes, #n', () => {
    const items = [{ id: 'aa11', ref: 'ab12cd' }, { id: 'bb22', ref: 'ab99ff' }];
    expect(resolveRef(items, 'ab12', 'session')).toEqual({ ok: true, item: items[0] });
    const missed = (query: string) => {
      const r = resolveRef(items, query, 'session');
      return r.ok ? null : english(r.message);
    };
    expect(missed('ab')).toBe('ambiguous session prefix: ab');
    expect(resolveRef(items, 'bb', 'session')).toEqual({ ok: true, item: items[1] });
    expect(resolveRef(items, '#2', 'session')).toEqual({ ok: true, item: items[1] });
    expect(missed('zz')).toBe('session not found: zz');
    expect(render('zh-CN', (resolveRef(items, 'zz', 'session') as { message: Msg }).message)).toMatch(/\p{Script=Han}/u);
  });

  it('completes command names, then refs for the command', () => {
    const ev = eventMaker();
    const d = applyEvents(emptyDomain(), [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'x', position: 0 }),
      ev('approval_requested', { approvalId: 'ap', approvalRef: 'c0ffee', callId: 'c', tool: 'Bash', input: { command: 'ls' }, decision: asks, alwaysRule: null }),
    ]);
    expect(completions('/ap', d).map((c) => c.fill)).toEqual(['/approvals', '/approve ']);
    expect(completions('/approve c0', d).map((c) => c.fill)).toEqual(['/approve c0ffee']);
    expect(completions('/switch ', d).map((c) => c.fill)).toEqual(['/switch a1b2c3']);
    expect(completions('hello', d)).toEqual([]);
  });
});

describe('running input', () => {
  it('approves by ref prefix for the session, or always; denies with a message', async () => {
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w')] }),
      'approval.answer': () => ({ ok: false, error: { kind: 'invalid_state', message: 'x' } }),
    });
    const ev = eventMaker();
    fake.handle('session.events', () => ({
      ok: true,
      value: [
        ev('session_created', { workspace: '/w' }, null),
        ev('prompt_queued', { text: 'x', position: 0 }),
        ev('approval_requested', { approvalId: 'ap', approvalRef: 'c0ffee', callId: 'c', tool: 'Bash', input: { command: 'ls' }, decision: asks, alwaysRule: 'Bash(ls)' }),
      ],
    }));
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    await store.getState().actions.hydrate();
    await runInput(store, '/approve c0');
    await runInput(store, '/approve c0ffee always');
    await runInput(store, '/deny c0f use the docs');
    const answers = fake.calls.filter((c) => c.method === 'approval.answer').map((c) => c.input);
    expect(answers).toEqual([
      { approval: 'ap', answer: { kind: 'allow_session' } },
      { approval: 'ap', answer: { kind: 'allow_always' } },
      { approval: 'ap', answer: { kind: 'deny', message: 'use the docs' } },
    ]);
  });

  it('starts a session from plain text when none is focused, in the last workspace, or opens the form', async () => {
    const fake = fakeApi({
      'session.create': ({ workspace }) => ({ ok: true, value: summary('s-new', 'ffffff', workspace) }),
      'prompt.send': ({ session, text }) => ({
        ok: true,
        value: { id: 'p1', ref: 'p00001', sessionId: session, text, status: 'queued', error: null, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null },
      }),
    });
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    await store.getState().actions.hydrate();
    await runInput(store, 'fix the build');
    expect(store.getState().ui.newSessionOpen).toBe(true);
    expect(store.getState().ui.pendingPrompt).toBe('fix the build');
    store.setState((s) => ({ ui: { ...s.ui, lastWorkspace: '/w/last' } }));
    await runInput(store, 'fix the build');
    expect(fake.calls.find((c) => c.method === 'session.create')?.input).toEqual({ workspace: '/w/last' });
    expect(fake.calls.find((c) => c.method === 'prompt.send')?.input).toEqual({ session: 's-new', text: 'fix the build' });
    expect(store.getState().ui.focusedSessionId).toBe('s-new');
    await runInput(store, '/frobnicate');
    expect(store.getState().ui.log.at(-1)).toMatchObject({ tone: 'error' });
    expect(logLineText('en', store.getState().ui.log.at(-1)!)).toBe('unknown command: /frobnicate (try /help)');
  });

  it('/hooks, /mcp and /permissions open their views', async () => {
    const store = createPanelStore(fakeApi({}).api, { schedule: manualFrames().schedule });
    await store.getState().actions.hydrate();
    for (const view of ['hooks', 'mcp', 'permissions'] as const) {
      await runInput(store, `/${view}`);
      expect(store.getState().ui.overlay).toBe(view);
      store.getState().actions.openOverlay('none');
    }
    expect(completions('/hoo', emptyDomain()).map((c) => c.fill)).toEqual(['/hooks']);
  });

  it('/pause asks the engine to pause the focused prompt; /resume goes on with the paused one', async () => {
    const ev = eventMaker();
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w')] }),
      'prompt.pause': () => ({ ok: false, error: { kind: 'invalid_state', message: 'not running' } }),
      'prompt.resume': () => ({ ok: false, error: { kind: 'invalid_state', message: 'not paused' } }),
    });
    fake.handle('session.events', () => ({
      ok: true,
      value: [ev('session_created', { workspace: '/w' }, null), ev('prompt_queued', { text: 'x', position: 0 }), ev('prompt_status', { status: 'running' })],
    }));
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    store.getState().actions.start();
    await store.getState().actions.hydrate();
    store.getState().actions.focus('sess-1');
    await runInput(store, '/pause');
    expect(fake.calls.filter((c) => c.method === 'prompt.pause').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]);
    fake.emit(ev('prompt_status', { status: 'paused' }));
    store.getState().actions.flushEvents();
    await runInput(store, '/resume');
    expect(fake.calls.filter((c) => c.method === 'prompt.resume').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]);
  });

  it('/journal lists who changed which file and /undo reverts one session, reporting what it left alone', async () => {
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w')] }),
      'journal.list': () => ({
        ok: true,
        value: [{ id: 1, sessionId: 'sess-1', sessionRef: 'a1b2c3', promptId: null, tool: 'Write', workspace: '/w', path: '/w/a.txt', beforeSha: null, afterSha: 'ff', beforeKept: false, createdAt: '', undoneAt: null }],
      }),
      'journal.undo': ({ dryRun }) => ({ ok: true, value: { restored: [], deleted: dryRun ? ['/w/a.txt'] : [], refused: dryRun ? [] : [{ path: '/w/a.txt', reason: 'changed since by session b' }] } }),
    });
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    await store.getState().actions.hydrate();
    await runInput(store, '/journal');
    await runInput(store, '/undo a1b2 dry');
    await runInput(store, '/undo a1b2c3');
    expect(store.getState().ui.log.map((l) => [l.tone, logLineText('en', l)])).toEqual([
      ['info', 'a1b2c3 Write created /w/a.txt'],
      ['info', 'would delete /w/a.txt'],
      ['error', 'left alone /w/a.txt: changed since by session b'],
    ]);
    expect(fake.calls.filter((c) => c.method === 'journal.undo').map((c) => c.input)).toEqual([
      { session: 'sess-1', dryRun: true },
      { session: 'sess-1', dryRun: false },
    ]);
  });

  it('/diff lists an isolated session\'s files and /merge previews, refuses on conflicts and merges', async () => {
    let conflicted = true;
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w')] }),
      'worktree.diff': () => ({
        ok: true,
        value: { branch: 'paragents/a1b2c3', baseRef: 'main', base: 'abc', head: 'def', uncommitted: true, files: [{ path: 'src/a.ts', change: 'modified' }], diff: '', truncated: false },
      }),
      'worktree.merge': ({ preview }) => ({
        ok: true,
        value: { preview: preview ?? false, branch: 'paragents/a1b2c3', baseRef: 'main', baseCommit: 'abc', sessionCommit: 'def', upToDate: false, clean: !conflicted, conflicts: conflicted ? ['src/a.ts'] : [], files: ['src/a.ts'], merged: !preview && !conflicted, mergeCommit: null, committed: null },
      }),
    });
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    await store.getState().actions.hydrate();
    await runInput(store, '/diff a1b2');
    await runInput(store, '/merge a1b2 preview');
    conflicted = false;
    await runInput(store, '/merge a1b2');
    expect(store.getState().ui.log.map((l) => [l.tone, logLineText('en', l)])).toEqual([
      ['info', 'paragents/a1b2c3 vs main: 1 file(s), with uncommitted changes'],
      ['info', '  modified src/a.ts'],
      ['error', 'paragents/a1b2c3 would conflict with main in: src/a.ts (nothing was changed)'],
      ['info', 'merged paragents/a1b2c3 into main'],
    ]);
    expect(fake.calls.filter((c) => c.method === 'worktree.merge').map((c) => c.input)).toEqual([
      { session: 'sess-1', preview: true },
      { session: 'sess-1', preview: false },
    ]);
  });
});
