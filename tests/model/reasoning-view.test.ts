import { describe, expect, it } from 'vitest';
import { buildModelView } from '../../main/core/context/view';
import type { TranscriptRow } from '../../main/core/context/compaction-types';
import { withoutReasoning } from '../../main/core/model/provider-message';
import type { ChatMessage } from '../../main/core/model/types';

const counter = { countText: (t: string) => t.length, countMessage: (m: ChatMessage) => JSON.stringify(m).length, countTools: () => 0 };

describe('reasoning kept with an answer', () => {
  it('is left out of the view sent to the model; the rest of each message is unchanged', () => {
    const call = { id: 'c1', type: 'function' as const, function: { name: 'LS', arguments: '{}' } };
    const rows: TranscriptRow[] = [
      { id: 1, promptId: 'p', message: { role: 'user', content: 'list' }, tokens: 3 },
      { id: 2, promptId: 'p', message: { role: 'assistant', content: null, tool_calls: [call], reasoning: 'I will list.' }, tokens: 9 },
      { id: 3, promptId: 'p', message: { role: 'tool', tool_call_id: 'c1', content: 'a.txt' }, tokens: 4 },
      { id: 4, promptId: 'p', message: { role: 'assistant', content: 'One file.', reasoning: 'Only a.txt.' }, tokens: 5 },
    ];
    const view = buildModelView({ system: 'sys', messages: rows, compaction: null, counter, systemTokens: 1 });
    expect(view.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'list' },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
      { role: 'assistant', content: 'One file.' },
    ]);
    expect(JSON.stringify(view.messages)).not.toContain('reasoning');
    // The stored rows keep it.
    expect(rows[3]?.message).toMatchObject({ reasoning: 'Only a.txt.' });
  });

  it('withoutReasoning returns other messages as they are', () => {
    const user: ChatMessage = { role: 'user', content: 'x' };
    const plain: ChatMessage = { role: 'assistant', content: 'y' };
    expect(withoutReasoning(user)).toBe(user);
    expect(withoutReasoning(plain)).toBe(plain);
  });
});
