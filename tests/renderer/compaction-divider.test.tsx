// @vitest-environment jsdom
// Compaction and project-instruction changes as they appear in the transcript.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent } from '../../shared';
import { eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { drawn, renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const SUMMARY = '## Goal\nMake the parser streaming.\n\n## Decisions\n- keep the old API';

function history(): EngineEvent[] {
  const ev = eventMaker('sess-1', 'a1b2c3', 1);
  return [
    ev('session_created', { workspace: '/w/one' }, null),
    ev('prompt_queued', { text: 'read every file under src/', position: 0 }),
    ev('prompt_status', { status: 'running' }),
    ev('instructions_changed', { sources: [{ path: 'AGENTS.md', bytes: 120, truncated: false }, { path: 'sub/AGENTS.md', bytes: 80, truncated: false }], hash: 'h1' }),
    ev('context_compacted', {
      reason: 'auto', tokensBefore: 95_200, tokensAfter: 21_300, prunedToolOutputs: 14, summaryTokens: 1_200, summary: SUMMARY, summaryError: null,
    }),
    ev('context_compacted', {
      reason: 'overflow', tokensBefore: 40_000, tokensAfter: 30_500, prunedToolOutputs: 1, summaryTokens: 0, summary: null,
      summaryError: 'the model server answered 500',
    }),
  ];
}

async function transcript(events: EngineEvent[]): Promise<HTMLElement> {
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
    'session.events': () => ({ ok: true, value: events }),
  });
  await renderFocused(fake);
  return drawn('[role="region"][aria-label="Transcript"]');
}

describe('compaction divider', () => {
  it('shows each compaction\'s reason and figures, and opens to the summary', async () => {
    const region = await transcript(history());
    const dividers = within(region).getAllByRole('group', { name: 'Context compacted' });
    expect(dividers).toHaveLength(2);
    const toggle = within(dividers[0]!).getByRole('button');
    expect(toggle.textContent).toContain('Context compacted (auto): 95.2k → 21.3k tokens · 14 tool outputs pruned · summary 1.2k tokens');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(region).queryByText('Make the parser streaming.')).toBeNull();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    // The Markdown renderer is loaded on first use: the summary is plain text until it is in.
    expect(await within(body).findByRole('heading', { name: 'Goal' })).toBeTruthy();
    expect(within(body).getByText('Make the parser streaming.')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(region).queryByText('Make the parser streaming.')).toBeNull();
  });

  it('says "no summary: pruned only" when the compaction wrote none, with why the summary failed', async () => {
    const region = await transcript(history());
    const divider = within(region).getAllByRole('group', { name: 'Context compacted' })[1]!;
    const toggle = within(divider).getByRole('button');
    expect(toggle.textContent).toContain('Context compacted (overflow): 40k → 30.5k tokens · 1 tool output pruned');
    expect(toggle.textContent).not.toContain('summary');
    await userEvent.setup().click(toggle);
    expect(within(divider).getByText('no summary: pruned only')).toBeTruthy();
    expect(divider.textContent).toContain('the model server answered 500');
  });

  it('appears live, in order, when the event arrives during a turn', async () => {
    const fake = fakeApi({ 'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }) });
    await renderFocused(fake);
    const ev = eventMaker('sess-1', 'a1b2c3', 1);
    act(() => {
      fake.emit(ev('prompt_queued', { text: 'go on', position: 0 }));
      fake.emit(ev('context_compacted', { reason: 'manual', tokensBefore: 3_000, tokensAfter: 900, prunedToolOutputs: 0, summaryTokens: 250, summary: 'short', summaryError: null }));
    });
    const region = document.querySelector('[role="region"][aria-label="Transcript"]') as HTMLElement;
    const divider = await within(region).findByRole('group', { name: 'Context compacted' });
    expect(divider.textContent).toContain('Context compacted (manual): 3k → 900 tokens · 0 tool outputs pruned · summary 250 tokens');
    const items = [...region.querySelectorAll('.item')];
    expect(items.map((i) => i.className.split(' ')[1])).toEqual(['item-user', 'item-compaction']);
  });
});

describe('project instructions note', () => {
  it('names the instruction files the session uses from then on', async () => {
    const region = await transcript(history());
    expect(within(region).getByText('Project instructions changed: AGENTS.md, sub/AGENTS.md')).toBeTruthy();
  });
});
