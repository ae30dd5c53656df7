import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events';
import { buildTranscript } from '../../shared/transcript';
import { transcriptMarkdown } from '../../shared/transcript-markdown';

let seq = 0;
function ev(extra: Record<string, unknown>): EngineEvent {
  seq++;
  return {
    seq,
    ts: `2025-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`,
    sessionId: 's',
    sessionRef: 'abc123',
    sessionName: null,
    promptId: 'p',
    promptRef: 'p00001',
    ...extra,
  } as EngineEvent;
}

const events = (): EngineEvent[] => [
  ev({ type: 'session_created', workspace: '/w', promptId: null, promptRef: null }),
  ev({ type: 'prompt_queued', text: 'read a.txt', position: 0 }),
  ev({ type: 'assistant_message', content: '', toolCalls: [{ id: 'c1', name: 'Read' }], reasoning: 'I need the file first.' }),
  ev({ type: 'tool_call', callId: 'c1', tool: 'Read', input: { path: 'a.txt' }, decision: null }),
  ev({ type: 'tool_result', callId: 'c1', tool: 'Read', ok: true, output: 'hello', error: null }),
  ev({ type: 'assistant_message', content: 'It says hello.', toolCalls: [], reasoning: 'The tool returned hello.' }),
  ev({ type: 'turn_completed', content: 'It says hello.' }),
];

describe('reasoning in the stored transcript', () => {
  it('rides with its answer, and a tool-calling step that only thought keeps its thinking', () => {
    const answers = buildTranscript(events()).filter((e) => e.kind === 'assistant');
    expect(answers.map((e) => [e.text, e.reasoning])).toEqual([
      ['', 'I need the file first.'],
      ['It says hello.', 'The tool returned hello.'],
    ]);
  });

  it('is folded away under "Thinking…" in the Markdown export', () => {
    const md = transcriptMarkdown(events());
    expect(md).toContain('<details><summary>Thinking…</summary>\n\nThe tool returned hello.\n\n</details>\n\nIt says hello.');
    expect(md).toContain('<details><summary>Thinking…</summary>\n\nI need the file first.\n\n</details>');
    // The final answer is printed once, after its thinking.
    expect(md.split('It says hello.')).toHaveLength(2);
  });
});
