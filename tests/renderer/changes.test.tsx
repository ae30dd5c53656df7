// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromptSummary } from '../../shared';
import type { ChangedFile, SessionChanges } from '../../shared/changes';
import { msg } from '../../shared/i18n/message';
import type { PanelStore } from '../../renderer/store/panel-store';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';
import { installDiffViewShims, withClientHeight } from './helpers/diff-view-shims';

beforeAll(installDiffViewShims);
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const file = (display: string, extra: Partial<ChangedFile> = {}): ChangedFile => ({
  path: `/w/one/${display}`, display, change: 'modified', added: 1, removed: 1, binary: false, otherSessions: [], revertable: true, changedSince: false, ...extra,
});

const changes = (files: ChangedFile[], worktree: SessionChanges['worktree'] = null): SessionChanges => ({
  sessionId: 'sess-1', sessionRef: 'a1b2c3', source: worktree ? 'worktree' : 'journal', root: '/w/one', worktree, files,
});

const prompt = (sessionId: string, text: string): PromptSummary => ({
  id: 'p-review', ref: 'p-rev', sessionId, text, status: 'queued', error: null,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null,
});

const APP_BEFORE = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n';
const APP_AFTER = 'const a = 1;\nconst b = 20;\nconst c = 30;\nconst d = 4;\nconst e = 50;\n';

function review(files: ChangedFile[], worktree: SessionChanges['worktree'] = null): FakeApi {
  return fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'web' })] }),
    'session.changes': () => ({ ok: true, value: changes(files, worktree) }),
    'session.fileDiff': ({ path }) => ({
      ok: true,
      value: { path, display: path.slice('/w/one/'.length), before: APP_BEFORE, after: APP_AFTER, binary: false, tooLarge: false },
    }),
    'prompt.send': ({ session, text }) => ({ ok: true, value: prompt(session, text) }),
  });
}

async function openChanges(fake: FakeApi): Promise<PanelStore> {
  const { store } = renderPanel(fake);
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
  store.getState().actions.focus('sess-1');
  const tabs = await screen.findByRole('tablist');
  expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Transcript', 'Changes']);
  await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Changes' }));
  expect(screen.getByRole('tab', { name: 'Changes' }).getAttribute('aria-selected')).toBe('true');
  await screen.findByRole('list', { name: 'Changed files' });
  return store;
}

/** A click on a line number of the new file, as the diff view's selection sees it (Shift held when `shift`). */
function clickLineNumber(line: number, shift = false): void {
  const cell = document.querySelector(`[data-line-new-num="${line}"]`);
  if (!cell) throw new Error(`no line number ${line} drawn`);
  fireEvent.mouseDown(cell, { shiftKey: shift });
  fireEvent.mouseUp(document);
}

describe('Changes tab', () => {
  it('lists the files with their line counts and marks the ones other sessions changed, naming them', async () => {
    const fake = review([
      file('src/app.ts', { added: 3, removed: 3 }),
      file('notes.md', { change: 'added', added: 2, removed: 0, otherSessions: [{ id: 's2', ref: 'b2c3d4', name: 'docs' }, { id: 's3', ref: 'c3d4e5', name: null }] }),
    ]);
    await openChanges(fake);
    const list = screen.getByRole('list', { name: 'Changed files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['src/app.tsmodified+3 −3', 'notes.mdadded+2 −0⚠ Also changed by docs, c3d4e5']);
    expect(fake.calls.find((c) => c.method === 'session.changes')?.input).toEqual({ session: 'sess-1' });
    // The first file's diff is open, syntax highlighted, in the unified layout; the toggle shows it side by side.
    const diff = await screen.findByRole('region', { name: 'src/app.ts' });
    await waitFor(() => expect(diff.querySelector('.hljs-keyword')?.textContent).toBe('const'));
    expect(diff.querySelector('.unified-diff-view')).not.toBeNull();
    await userEvent.setup().click(within(diff).getByRole('button', { name: 'Side by side' }));
    await waitFor(() => expect(diff.querySelector('.split-diff-view')).not.toBeNull());
    expect(fake.calls.find((c) => c.method === 'session.fileDiff')?.input).toEqual({ session: 'sess-1', path: '/w/one/src/app.ts' });
  });

  it('reverts the file shown, and gives the refusal naming the other session when the engine refuses', async () => {
    const fake = review([file('src/app.ts'), file('shared.md', { otherSessions: [{ id: 's2', ref: 'b2c3d4', name: 'B' }] })]);
    fake.handle('journal.undo', ({ path }) =>
      path === '/w/one/shared.md'
        ? { ok: true, value: { restored: [], deleted: [], refused: [{ path, reason: 'changed since by session B', reasonMsg: msg('reasons.undoChangedBy', { who: msg('reasons.session', { name: 'B' }) }) }] } }
        : { ok: true, value: { restored: [path ?? ''], deleted: [], refused: [] } },
    );
    await openChanges(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Reverted src/app.ts.'));
    expect(fake.calls.filter((c) => c.method === 'journal.undo').map((c) => c.input)).toEqual([{ session: 'sess-1', path: '/w/one/src/app.ts' }]);

    await user.click(screen.getByRole('button', { name: 'shared.md' }));
    await screen.findByRole('region', { name: 'shared.md' });
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Not reverted: shared.md was changed since by session B.'));
    // The list is asked again after each revert.
    expect(fake.calls.filter((c) => c.method === 'session.changes').length).toBeGreaterThanOrEqual(3);
  });

  it('merges an isolated session only after showing the preview and the person confirming', async () => {
    const fake = review([file('src/app.ts')], { branch: 'paragents/a1b2c3', baseRef: 'main', state: 'active' });
    const outcome = { preview: true, branch: 'paragents/a1b2c3', baseRef: 'main', baseCommit: 'b'.repeat(40), sessionCommit: 'c'.repeat(40), upToDate: false,
      clean: true, conflicts: [], files: ['src/app.ts', 'README.md'], merged: false, mergeCommit: null, committed: null };
    fake.handle('worktree.merge', ({ preview }) => ({ ok: true, value: preview ? outcome : { ...outcome, preview: false, merged: true, mergeCommit: 'd'.repeat(40) } }));
    await openChanges(fake);
    expect(screen.getByText('Branch paragents/a1b2c3 against main.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge preview' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['src/app.ts', 'README.md']);
    expect(within(dialog).getByText('No file would conflict.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'worktree.merge').map((c) => c.input)).toEqual([{ session: 'sess-1', preview: true }]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm merge' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Merged paragents/a1b2c3 into main.'));
    expect(fake.calls.filter((c) => c.method === 'worktree.merge').map((c) => c.input)).toEqual([{ session: 'sess-1', preview: true }, { session: 'sess-1' }]);
    expect(screen.queryByRole('dialog', { name: 'Merge preview' })).toBeNull();
  });

  it('does not offer to confirm a merge whose preview conflicts', async () => {
    const fake = review([file('src/app.ts')], { branch: 'paragents/a1b2c3', baseRef: 'main', state: 'active' });
    fake.handle('worktree.merge', () => ({ ok: true, value: { preview: true, branch: 'paragents/a1b2c3', baseRef: 'main', baseCommit: 'b', sessionCommit: 'c', upToDate: false,
      clean: false, conflicts: ['src/app.ts'], files: ['src/app.ts'], merged: false, mergeCommit: null, committed: null } }));
    await openChanges(fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge preview' });
    expect(within(dialog).getByText('Files that would conflict').nextElementSibling?.textContent).toBe('src/app.ts');
    expect((within(dialog).getByRole('button', { name: 'Confirm merge' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the line comments as one prompt quoting each file:line range, then shows the transcript', async () => {
    const fake = review([file('src/app.ts')]);
    await openChanges(fake);
    const diff = await screen.findByRole('region', { name: 'src/app.ts' });
    await waitFor(() => expect(diff.querySelector('[data-line-new-num="2"]')).not.toBeNull());
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send comments' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    // A range: click line 2's number, Shift+click line 3's.
    clickLineNumber(2);
    clickLineNumber(3, true);
    await user.click(await within(diff).findByRole('button', { name: 'Comment on lines 2–3' }));
    await user.type(await within(diff).findByRole('textbox', { name: 'Comment on src/app.ts:2–3' }), 'Why multiply by ten?');
    await user.click(within(diff).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(within(diff).queryByRole('textbox', { name: /Comment on/ })).toBeNull());

    // One line, with the diff view's own "+" button on that line.
    const row = diff.querySelector('[data-line-new-num="5"]')?.closest('tr');
    const plus = row?.querySelector('.diff-add-widget');
    if (!plus) throw new Error('no + button on line 5');
    fireEvent.mouseDown(plus);
    await user.type(await within(diff).findByRole('textbox', { name: 'Comment on src/app.ts:5' }), 'Keep e at 5.');
    await user.click(within(diff).getByRole('button', { name: 'Add comment' }));

    // The comments show under their lines and in the list beside the files.
    await waitFor(() => expect(within(diff).getAllByText(/Why multiply by ten\?|Keep e at 5\./)).toHaveLength(2));
    expect(send.textContent).toBe('Send comments 2');
    // Side by side, each comment stays under its line (the other side of that line has none).
    await user.click(within(diff).getByRole('button', { name: 'Side by side' }));
    await waitFor(() => expect(diff.querySelector('.split-diff-view')).not.toBeNull());
    expect(within(diff).getAllByText(/Why multiply by ten\?|Keep e at 5\./)).toHaveLength(2);
    await user.click(send);
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'prompt.send')?.input).toEqual({
      session: 'sess-1',
      text: [
        'Please address these review comments:',
        '',
        '- src/app.ts:2-3: Why multiply by ten?',
        '  > const b = 20;',
        '  > const c = 30;',
        '- src/app.ts:5: Keep e at 5.',
        '  > const e = 50;',
      ].join('\n'),
    }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Transcript' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('draws a large diff piece by piece as it scrolls, not every line at once', async () => {
    const after = Array.from({ length: 6000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const fake = review([file('big.txt', { change: 'added', added: 6000, removed: 0 })]);
    fake.handle('session.fileDiff', ({ path }) => ({ ok: true, value: { path, display: 'big.txt', before: null, after, binary: false, tooLarge: false } }));
    await withClientHeight(600, async () => {
      await openChanges(fake);
      const diff = await screen.findByRole('region', { name: 'big.txt' });
      const body = await within(diff).findByTestId('large-diff');
      await waitFor(() => expect(body.querySelector('[data-line-new-num="1"]')).not.toBeNull());
      // 6,000 lines in pieces of 100: only the piece in view and the two after it are drawn.
      expect(body.querySelectorAll('tr.diff-line').length).toBeLessThanOrEqual(300);
      expect(body.querySelector('[data-line-new-num="6000"]')).toBeNull();
    });
  });
});
