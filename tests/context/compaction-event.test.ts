import { describe, expect, it } from 'vitest';
import { EngineEvent, type EventOf } from '../../shared/events';
import { eventJsonLine, eventTextLine } from '../../main/cli/format';
import { applyEvent } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';

const event: EventOf<'context_compacted'> = {
  seq: 7,
  ts: '2026-01-01T00:00:00.000Z',
  sessionId: 's1',
  sessionRef: 'abc123',
  sessionName: null,
  promptId: 'p1',
  promptRef: 'def456',
  type: 'context_compacted',
  reason: 'auto',
  tokensBefore: 5400,
  tokensAfter: 2900,
  prunedToolOutputs: 3,
  summaryTokens: 210,
  summary: '## Goal\nship it',
  summaryError: null,
};

describe('context_compacted', () => {
  it('is part of the event contract', () => {
    expect(EngineEvent.parse(event)).toEqual(event);
    expect(() => EngineEvent.parse({ ...event, reason: 'sometimes' })).toThrow();
  });

  it('prints one line with its figures, and says when the summary failed', () => {
    expect(eventTextLine(event)).toBe('[S:abc123][P:def456] context compacted (near the window): 5400 → 2900 tokens, 3 tool outputs pruned, summary 210 tokens');
    expect(eventTextLine({ ...event, reason: 'overflow', summary: null, summaryTokens: 0, summaryError: 'server error (500)' })).toBe(
      '[S:abc123][P:def456] context compacted (the provider refused the request as too long): 5400 → 2900 tokens, 3 tool outputs pruned, no summary (server error (500)); pruned only',
    );
    expect(JSON.parse(eventJsonLine(event))).toMatchObject({ type: 'context_compacted', tokensBefore: 5400, tokensAfter: 2900, summary: '## Goal\nship it' });
  });

  it('becomes a divider item in the transcript of a session whose history is loaded, with the summary', () => {
    // The panel keeps transcripts only for sessions it has loaded (shown ones); others keep their summary.
    const loaded = { ...emptyDomain(), transcripts: { s1: [] } };
    expect(applyEvent(emptyDomain(), event).transcripts.s1).toBeUndefined();
    const state = applyEvent(loaded, event);
    expect(state.transcripts.s1).toEqual([
      {
        kind: 'compaction',
        key: 'compaction:7',
        promptId: 'p1',
        reason: 'auto',
        tokensBefore: 5400,
        tokensAfter: 2900,
        prunedToolOutputs: 3,
        summaryTokens: 210,
        summary: '## Goal\nship it',
        summaryError: null,
      },
    ]);
  });
});
