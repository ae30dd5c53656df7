import { describe, expect, it } from 'vitest';
import { applyEvents, applySummaries } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';
import type { EngineEvent } from '../../shared';
import { eventMaker } from './helpers/events';
import { summary } from './helpers/fake-api';

const ev = eventMaker('sess-1', 'a1b2c3', 1);
const usage = (promptTotalTokens: number, usd: number): EngineEvent =>
  ev('usage', {
    provider: 'p', model: 'm', promptTokens: 100, completionTokens: 50, totalTokens: 150, sessionTotalTokens: promptTotalTokens,
    cost: 0.001, promptTotalTokens, promptCost: { usd, unpricedTokens: 0 }, sessionCost: { usd, unpricedTokens: 0 },
  });

describe('money and budgets in the reducer', () => {
  it("keeps the turn's usage footer after the turn's last item, with the turn's latest totals", () => {
    const s = applyEvents(emptyDomain(), [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'list it', position: 0 }),
      ev('prompt_status', { status: 'running' }),
      ev('assistant_message', { content: 'Listing.', toolCalls: [{ id: 'c1', name: 'LS' }] }),
      usage(150, 0.001),
      ev('tool_call', { callId: 'c1', tool: 'LS', input: {}, decision: null }),
      ev('tool_result', { callId: 'c1', tool: 'LS', ok: true, output: 'a.ts', error: null }),
      ev('assistant_message', { content: 'There is a.ts.', toolCalls: [] }),
      usage(300, 0.002),
      ev('prompt_status', { status: 'completed' }),
      ev('turn_completed', { content: 'There is a.ts.' }),
    ]);
    const items = s.transcripts['sess-1'] ?? [];
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'tool', 'assistant', 'usage']);
    expect(items.at(-1)).toMatchObject({ kind: 'usage', promptId: 'p-1', totalTokens: 300, cost: { usd: 0.002, unpricedTokens: 0 } });
    expect(s.sessions['sess-1']?.cost).toEqual({ usd: 0.002, unpricedTokens: 0 });
  });

  it('marks a prompt at a budget until it moves on, and takes the budget from events and summaries', () => {
    let s = applyEvents(emptyDomain(), [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'list it', position: 0 }),
      ev('prompt_status', { status: 'running' }),
      ev('prompt_status', { status: 'paused' }),
      ev('budget_reached', { kind: 'daily', unit: 'usd', limit: 1, used: 1.2 }),
    ]);
    expect(s.prompts['p-1']?.budgetStop).toEqual({ kind: 'daily', unit: 'usd', limit: 1, used: 1.2 });
    s = applyEvents(s, [ev('prompt_status', { status: 'running' }), ev('session_budget', { budget: { unit: 'tokens', limit: 5000 } }, null)]);
    expect(s.prompts['p-1']?.budgetStop).toBeNull();
    expect(s.sessions['sess-1']?.budget).toEqual({ unit: 'tokens', limit: 5000 });
    // A person's own pause later is not a budget stop.
    s = applyEvents(s, [ev('prompt_status', { status: 'paused' })]);
    expect(s.prompts['p-1']?.budgetStop ?? null).toBeNull();
    s = applySummaries(s, [summary('sess-1', 'a1b2c3', '/w', { budget: null, cost: { usd: 3, unpricedTokens: 10 } })]);
    expect(s.sessions['sess-1']).toMatchObject({ budget: null, cost: { usd: 3, unpricedTokens: 10 } });
    // An older engine's summary says nothing of money: what is known stays.
    s = applySummaries(s, [summary('sess-1', 'a1b2c3', '/w')]);
    expect(s.sessions['sess-1']).toMatchObject({ budget: null, cost: { usd: 3, unpricedTokens: 10 } });
  });
});
