// The person's earlier prompts kept verbatim after a compaction take a share of the room the window leaves for
// messages, and give way (more of them elided) before the turn in progress does: a small window with large tool
// definitions and a long system prompt still compacts instead of failing the turn.
import { describe, expect, it } from 'vitest';
import { planCompaction } from '../../main/core/context/compaction-plan';
import { DEFAULT_COMPACTION_SETTINGS, type TranscriptRow } from '../../main/core/context/compaction-types';
import { createTokenCounter } from '../../main/core/context/tokens';
import { PROMPTS_HEADING } from '../../main/core/context/prompts-block';

const counter = createTokenCounter('gpt-4o');

/** `turns` turns of a prompt of about 15 tokens, a tool call with its output and an answer. */
function history(turns: number): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let id = 0;
  for (let t = 0; t < turns; t++) {
    const p = `p${t}`;
    rows.push({ id: ++id, promptId: p, message: { role: 'user', content: `soak session seven, turn number ${t}: read the notes and append to the log` } });
    rows.push({ id: ++id, promptId: p, message: { role: 'assistant', content: null, tool_calls: [{ id: `c${t}`, type: 'function', function: { name: 'Read', arguments: '{"path":"notes.txt"}' } }] } });
    rows.push({ id: ++id, promptId: p, message: { role: 'tool', tool_call_id: `c${t}`, content: 'notes of the session\n'.repeat(30) } });
    rows.push({ id: ++id, promptId: p, message: { role: 'assistant', content: `Done with turn ${t}; the log has one more line.` } });
  }
  return rows;
}

describe('room for the earlier prompts', () => {
  it('takes a share of the room for messages, not of the whole window, and the compaction fits', () => {
    // An 8k window whose definitions and answer room leave 2,000 tokens for messages, 400 of them the system prompt.
    const rows = history(120);
    const plan = planCompaction({ rows, previous: null, counter, budget: { window: 8192, usable: 2000 }, settings: DEFAULT_COMPACTION_SETTINGS, fixedTokens: 400 });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const block = plan.value.compact.promptsBlock ?? '';
    expect(block.startsWith(PROMPTS_HEADING)).toBe(true);
    expect(counter.countText(block)).toBeLessThanOrEqual(DEFAULT_COMPACTION_SETTINGS.userPromptShare * 2000 + 5);
    // The older prompts are elided with a marker that counts them; the newest are kept.
    expect(block).toMatch(/\[\d+ earlier prompts elided\]/);
    const covered = rows.filter((r) => r.id <= (plan.value.compact.coversThrough as number) && r.message.role === 'user');
    expect(covered.length).toBeGreaterThan(50);
    expect(block).toContain(String(covered.at(-1)?.message.content));
    expect(plan.value.compact.estimate).toBeLessThanOrEqual(2000);
  });
});
