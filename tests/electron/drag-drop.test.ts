import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { err, ok } from '../../shared/result';
import { formatPathsForPrompt, MAX_WORKSPACES_PER_DROP, openWorkspace, planDrop } from '../../main/electron/drag-drop';
import { createTrustStore } from '../../main/electron/trust-store';
import { isTrustedWorkspace } from '../../main/core/policy/trust';
import { createWorkspaceActions } from '../../main/electron/workspace-actions';
import { installDropBridge, type DragEventLike, type ElementLike } from '../../preload/drop-bridge';
import { formatFocusHash, parseFocusHash } from '../../shared/focus-route';
import { session } from './fakes';

describe('drop planning', () => {
  it('turns anything dropped on a prompt box into its paths', () => {
    const plan = planDrop({ kind: 'prompt', sessionId: 's' }, [
      { path: '/w/a.ts', kind: 'file' },
      { path: '/w/my docs', kind: 'directory' },
      { path: '/gone', kind: 'missing' },
    ]);
    expect(plan).toEqual({ kind: 'insert_paths', text: '/w/a.ts "/w/my docs" ' });
  });

  it('opens folders dropped on the window and ignores loose files there', () => {
    expect(planDrop({ kind: 'window' }, [{ path: '/w/a', kind: 'directory' }, { path: '/w/b.txt', kind: 'file' }])).toEqual({
      kind: 'open_workspaces',
      folders: ['/w/a'],
      skipped: 0,
    });
    expect(planDrop({ kind: 'window' }, [{ path: '/w/b.txt', kind: 'file' }])).toMatchObject({ kind: 'ignore' });
    expect(planDrop({ kind: 'window' }, [{ path: '/x', kind: 'missing' }])).toMatchObject({ kind: 'ignore' });
    const many = Array.from({ length: MAX_WORKSPACES_PER_DROP + 2 }, (_, i) => ({ path: `/w/${i}`, kind: 'directory' as const }));
    expect(planDrop({ kind: 'window' }, many)).toMatchObject({ folders: many.slice(0, MAX_WORKSPACES_PER_DROP).map((e) => e.path), skipped: 2 });
  });

  it('quotes paths with spaces and quotes', () => {
    expect(formatPathsForPrompt(['/a b/"c"'])).toBe('"/a b/\\"c\\"" ');
  });
});

describe('opening a workspace', () => {
  const deps = (trusted: boolean, answer: boolean) => ({
    isTrusted: vi.fn(() => trusted),
    remember: vi.fn(),
    askTrust: vi.fn(async () => answer),
    createSession: vi.fn(async (input: { workspace: string; name: string }) => ok(session({ workspace: input.workspace, name: input.name }))),
  });

  it('asks for trust the first time, remembers it, and creates a session named after the folder', async () => {
    const d = deps(false, true);
    const result = await openWorkspace('/home/u/web-api', d);
    expect(result).toMatchObject({ ok: true, value: { workspace: '/home/u/web-api', name: 'web-api' } });
    expect(d.askTrust).toHaveBeenCalledWith('/home/u/web-api');
    expect(d.remember).toHaveBeenCalledWith('/home/u/web-api');
  });

  it('does not ask again for a trusted folder', async () => {
    const d = deps(true, false);
    expect((await openWorkspace('/w', d)).ok).toBe(true);
    expect(d.askTrust).not.toHaveBeenCalled();
  });

  it('creates nothing when trust is refused', async () => {
    const d = deps(false, false);
    expect(await openWorkspace('/w', d)).toMatchObject({ ok: false, error: { kind: 'policy' } });
    expect(d.createSession).not.toHaveBeenCalled();
    expect(d.remember).not.toHaveBeenCalled();
  });
});

describe('workspace actions on real folders', () => {
  it('creates sessions for dropped folders, asking trust once per folder', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-home-'));
    const root = mkdtempSync(join(tmpdir(), 'paragents-ws-'));
    mkdirSync(join(root, 'proj', 'sub'), { recursive: true });
    writeFileSync(join(root, 'notes.txt'), 'x');
    const created: string[] = [];
    const askTrust = vi.fn(async () => true);
    const opened = vi.fn();
    const actions = createWorkspaceActions({
      handlers: {
        'session.create': async (input) => {
          created.push(input.workspace);
          return ok(session({ id: `s${created.length}`, workspace: input.workspace }));
        },
      },
      trust: createTrustStore(home),
      askTrust,
      opened,
    });

    const reply = await actions.handleDrop({ paths: [join(root, 'proj'), join(root, 'notes.txt')], target: { kind: 'window' } });
    expect(reply).toEqual({ kind: 'done', message: '1 session created' });
    expect(await actions.openFolders([join(root, 'proj')])).toEqual({ kind: 'done', message: '1 session created' });
    expect(askTrust).toHaveBeenCalledTimes(1);
    expect(await actions.openFolders([join(root, 'proj', 'sub')])).toEqual({ kind: 'done', message: '1 session created' });
    expect(askTrust).toHaveBeenCalledTimes(2);
    expect(created).toEqual([join(root, 'proj'), join(root, 'proj'), join(root, 'proj', 'sub')]);
    expect(opened).toHaveBeenCalledTimes(3);
    // Recorded in the engine's own trust list.
    expect(isTrustedWorkspace(home, join(root, 'proj'))).toBe(true);

    expect(await actions.handleDrop({ paths: [join(root, 'notes.txt')], target: { kind: 'prompt', sessionId: 's1' } })).toEqual({
      kind: 'insert_paths',
      text: `${join(root, 'notes.txt')} `,
    });
    expect(createTrustStore(home).isTrusted(join(root, 'other'))).toBe(false);
  });

  it('reports a session the engine refused', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-home-'));
    const folder = mkdtempSync(join(tmpdir(), 'paragents-ws-'));
    const actions = createWorkspaceActions({
      handlers: { 'session.create': async () => err('invalid_input', 'workspace is not a git repo') },
      trust: createTrustStore(home),
      askTrust: async () => true,
      opened: vi.fn(),
    });
    expect(await actions.openFolders([folder])).toEqual({ kind: 'done', message: '0 sessions created; workspace is not a git repo' });
  });
});

describe('preload drop bridge', () => {
  function setup(reply: { kind: 'insert_paths'; text: string } | { kind: 'done'; message: string }) {
    const listeners = new Map<string, (e: DragEventLike) => void>();
    const document = {
      addEventListener: (type: string, l: (e: DragEventLike) => void) => listeners.set(type, l),
      removeEventListener: (type: string) => listeners.delete(type),
      execCommand: vi.fn(() => true),
    };
    const send = vi.fn(async () => reply);
    const dispose = installDropBridge({ document, pathForFile: (f) => (f as { path: string }).path, send });
    return { listeners, document, send, dispose };
  }
  const prompt: ElementLike = {
    closest: () => prompt,
    getAttribute: (name) => (name === 'data-session-id' ? 'sess-1' : null),
    focus: vi.fn(),
  };
  const elsewhere: ElementLike = { closest: () => null, getAttribute: () => null, focus: vi.fn() };
  const drop = (target: unknown, files: Array<{ path: string }>) => {
    const preventDefault = vi.fn<() => void>();
    const event: DragEventLike = { target, dataTransfer: { types: ['Files'], files, dropEffect: 'none' }, preventDefault };
    return Object.assign(event, { preventDefault });
  };

  it('sends dropped paths with the prompt box it landed on, then types the reply into it', async () => {
    const { listeners, document, send } = setup({ kind: 'insert_paths', text: '/a.ts ' });
    const event = drop(prompt, [{ path: '/a.ts' }, { path: '' }]);
    listeners.get('drop')?.(event);
    await vi.waitFor(() => expect(document.execCommand).toHaveBeenCalledWith('insertText', false, '/a.ts '));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith({ paths: ['/a.ts'], target: { kind: 'prompt', sessionId: 'sess-1' } });
  });

  it('sends window drops without typing anything, ignores non-file drags and can be removed', async () => {
    const { listeners, document, send, dispose } = setup({ kind: 'done', message: '1 session created' });
    listeners.get('drop')?.(drop(elsewhere, [{ path: '/proj' }]));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ paths: ['/proj'], target: { kind: 'window' } }));
    expect(document.execCommand).not.toHaveBeenCalled();
    const text = { target: elsewhere, dataTransfer: { types: ['text/plain'], files: [], dropEffect: 'none' }, preventDefault: vi.fn() };
    listeners.get('dragover')?.(text);
    expect(text.preventDefault).not.toHaveBeenCalled();
    dispose();
    expect(listeners.size).toBe(0);
  });
});

describe('focus route', () => {
  it('round-trips and refuses anything but plain ids', () => {
    expect(formatFocusHash({ sessionId: 's1', approvalId: null })).toBe('#/session/s1');
    expect(parseFocusHash('app://paragents/index.html#/session/s1/approval/a1')).toEqual({ sessionId: 's1', approvalId: 'a1' });
    expect(parseFocusHash('app://paragents/index.html')).toBeNull();
    expect(parseFocusHash('#/session/<script>')).toBeNull();
    expect(() => formatFocusHash({ sessionId: 'a/b', approvalId: null })).toThrow();
  });
});
