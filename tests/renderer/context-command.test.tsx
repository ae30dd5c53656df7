// @vitest-environment jsdom
// /context: what the focused session's model sees now, part by part, with the total and the window.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionContext } from '../../shared/session-context';
import { runInput } from '../../renderer/commands/run-input';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const CONTEXT: SessionContext = {
  sessionId: 'sess-1',
  sessionRef: 'a1b2c3',
  workspace: '/w/one',
  provider: 'local',
  model: 'qwen2.5-coder',
  encoding: 'o200k_base',
  window: 32_768,
  windowSource: 'endpoint',
  parts: [
    { kind: 'system', label: 'system prompt', source: null, tokens: 812, items: 1, truncated: false },
    { kind: 'instructions', label: 'AGENTS.md', source: 'AGENTS.md', tokens: 240, items: 1, truncated: false },
    { kind: 'instructions', label: 'sub/AGENTS.md', source: 'sub/AGENTS.md', tokens: 4_096, items: 1, truncated: true },
    { kind: 'summary', label: 'summary (auto compaction, 2025-01-01T00:00:09Z)', source: null, tokens: 1_200, items: 1, truncated: false },
    { kind: 'prompts', label: 'your prompts (verbatim)', source: null, tokens: 310, items: 4, truncated: false },
    { kind: 'messages', label: 'answers and tool results', source: null, tokens: 6_500, items: 12, truncated: false },
    { kind: 'tools', label: 'tool specs', source: null, tokens: 1_900, items: 9, truncated: false },
  ],
  totalTokens: 15_058,
  compacted: true,
  instructionsHash: 'h1',
};

function engine(): FakeApi {
  return fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one'), summary('sess-2', 'b2c3d4', '/w/two')] }),
    'session.context': ({ session }) =>
      session === 'sess-1' ? { ok: true, value: CONTEXT } : { ok: false, error: { kind: 'not_found', message: `session not found: ${session}` } },
  });
}

async function panel(fake: FakeApi) {
  return (await renderFocused(fake)).store;
}

const row = (table: HTMLElement, part: string, what: string) =>
  (within(table).getAllByRole('row') as HTMLTableRowElement[]).find(
    (r) => r.cells[0]?.textContent === part && r.cells[1]?.textContent === what,
  );

describe('/context', () => {
  it('asks the engine for the focused session\'s context and lists each part with its tokens, the total and the window', async () => {
    const fake = engine();
    const store = await panel(fake);
    await act(() => runInput(store, '/context'));
    const view = await screen.findByRole('region', { name: 'Context' });
    expect(fake.calls.filter((c) => c.method === 'session.context').map((c) => c.input)).toEqual([{ session: 'sess-1' }]);
    const table = await within(view).findByRole('table');
    const cells = (r: HTMLTableRowElement | undefined) => [...(r?.cells ?? [])].map((c) => c.textContent);
    expect(cells(row(table, 'System prompt', 'system prompt'))).toEqual(['System prompt', 'system prompt', '812', '']);
    expect(cells(row(table, 'Project instructions', 'AGENTS.md'))).toEqual(['Project instructions', 'AGENTS.md', '240', '']);
    expect(cells(row(table, 'Project instructions', 'sub/AGENTS.md'))).toEqual(['Project instructions', 'sub/AGENTS.md', '4,096', 'truncated at its size cap']);
    expect(cells(row(table, 'Summary', 'summary (auto compaction, 2025-01-01T00:00:09Z)'))[2]).toBe('1,200');
    expect(cells(row(table, 'Your prompts, verbatim', 'your prompts (verbatim)'))).toEqual(['Your prompts, verbatim', 'your prompts (verbatim)', '310', '4 messages']);
    expect(cells(row(table, 'Recent messages', 'answers and tool results'))).toEqual(['Recent messages', 'answers and tool results', '6,500', '12 messages']);
    expect(cells(row(table, 'Tool definitions', 'tool specs'))).toEqual(['Tool definitions', 'tool specs', '1,900', '9 tools']);
    expect(cells(row(table, 'Total', ''))).toEqual(['Total', '', '15,058', 'of 32,768 (46.0 %)']);
    expect(view.textContent).toContain("32,768 tokens (from the endpoint's model list)");
    expect(view.textContent).toContain('qwen2.5-coder on local · tokenizer o200k_base');
    expect(view.textContent).toContain('The view is compacted');
    await userEvent.setup().click(within(view).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Context' })).toBeNull();
  });

  it('names a session to look at another one (it is brought to the front), and shows the engine\'s refusal', async () => {
    const fake = engine();
    const store = await panel(fake);
    await act(() => runInput(store, '/context b2c3d4'));
    expect(store.getState().ui.focusedSessionId).toBe('sess-2');
    const view = await screen.findByRole('region', { name: 'Context' });
    expect((await within(view).findByRole('alert')).textContent).toBe('session not found: sess-2');
    expect(fake.calls.filter((c) => c.method === 'session.context').map((c) => c.input)).toEqual([{ session: 'sess-2' }]);
  });

  it('is also in the session menu, and Refresh asks again', async () => {
    const fake = engine();
    await panel(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Session menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Show context' }));
    const view = await screen.findByRole('region', { name: 'Context' });
    await within(view).findByRole('table');
    await user.click(within(view).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.context')).toHaveLength(2));
  });
});
