import { describe, expect, it } from 'vitest';
import { applyEvent, applyEvents, applyPromptSummary, applySummaries, coalesceDeltas, laterStatus } from '../../renderer/store/reducer';
import { displayStatus, pendingApprovalsOf, queuedPrompts, sessionPrompts } from '../../renderer/store/status';
import { emptyDomain, type DomainState } from '../../renderer/store/types';
import type { EngineEvent, SessionSummary } from '../../shared';
import { asks, auto, eventMaker } from './helpers/events';

function runTurnWithApproval(): EngineEvent[] {
  const ev = eventMaker();
  return [
    ev('session_created', { workspace: '/w/one' }, null),
    ev('prompt_queued', { text: 'run the tests', position: 0 }),
    ev('prompt_status', { status: 'running' }),
    ev('turn_started', { resumed: false }),
    ev('assistant_delta', { text: 'Let me ' }),
    ev('assistant_delta', { text: 'check.' }),
    ev('assistant_message', { content: 'Let me check.', toolCalls: [{ id: 'c1', name: 'Bash' }] }),
    ev('tool_call', { callId: 'c1', tool: 'Bash', input: { command: 'git log -1' }, decision: auto }),
    ev('tool_result', { callId: 'c1', tool: 'Bash', ok: true, output: 'commit abc', error: null }),
    ev('tool_call', { callId: 'c2', tool: 'Bash', input: { command: 'npm test' }, decision: asks }),
    ev('approval_requested', { approvalId: 'ap-1', approvalRef: 'feed01', callId: 'c2', tool: 'Bash', input: { command: 'npm test' }, decision: asks, alwaysRule: 'Bash(npm test)' }),
    ev('prompt_status', { status: 'waiting_approval' }),
  ];
}

const stored = (events: EngineEvent[]) => events.filter((e) => e.type !== 'assistant_delta');

describe('reducer', () => {
  it('builds the transcript, tool calls and a pending approval from events', () => {
    const s = applyEvents(emptyDomain(), runTurnWithApproval());
    const session = s.sessions['sess-1']!;
    expect(session.workspace).toBe('/w/one');
    const items = s.transcripts['sess-1']!;
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(items[1]).toMatchObject({ kind: 'assistant', text: 'Let me check.', streaming: false });
    expect(items[2]).toMatchObject({ kind: 'tool', status: 'done', output: 'commit abc', decision: auto });
    expect(items[3]).toMatchObject({ kind: 'tool', status: 'waiting_approval', approvalId: 'ap-1' });
    expect(pendingApprovalsOf(s).map((a) => a.ref)).toEqual(['feed01']);
    expect(displayStatus(s, session)).toBe('waiting_approval');
  });

  it('streams deltas into one assistant item, then replaces it with the stored message', () => {
    const ev = eventMaker();
    let s = applyEvents(emptyDomain(), [ev('session_created', { workspace: '/w' }, null), ev('prompt_queued', { text: 'hi', position: 0 }), ev('prompt_status', { status: 'running' })]);
    s = applyEvent(s, ev('assistant_delta', { text: 'Hel' }));
    s = applyEvent(s, ev('assistant_delta', { text: 'lo' }));
    expect(s.transcripts['sess-1']!.at(-1)).toMatchObject({ kind: 'assistant', text: 'Hello', streaming: true });
    s = applyEvent(s, ev('assistant_message', { content: 'Hello!', toolCalls: [] }));
    s = applyEvent(s, ev('prompt_status', { status: 'completed' }));
    s = applyEvent(s, ev('turn_completed', { content: 'Hello!' }));
    const assistants = s.transcripts['sess-1']!.filter((i) => i.kind === 'assistant');
    expect(assistants).toEqual([expect.objectContaining({ text: 'Hello!', streaming: false })]);
    expect(displayStatus(s, s.sessions['sess-1']!)).toBe('completed');
  });

  it('replaying the stored events after a reload gives the same panel (deltas are not stored)', () => {
    const events = runTurnWithApproval();
    const live = applyEvents(emptyDomain(), events);
    const replayed = applyEvents(emptyDomain(), stored(events));
    // Keys may differ (a streamed item keeps its live key); what is shown must not.
    const shown = (d: DomainState) => d.transcripts['sess-1']!.map(({ key: _key, ...rest }) => rest);
    expect(shown(replayed)).toEqual(shown(live));
    expect(replayed.approvals).toEqual(live.approvals);
    expect(replayed.prompts).toEqual(live.prompts);
  });

  it('ignores events it has already applied (live events overlapping a replay)', () => {
    const events = stored(runTurnWithApproval());
    const once = applyEvents(emptyDomain(), events);
    const twice = applyEvents(once, events.slice(3));
    expect(twice).toBe(once);
  });

  it('marks the tool denied when its approval is denied, and the session failed when the turn fails', () => {
    const ev = eventMaker('sess-1', 'a1b2c3', 100);
    let s = applyEvents(emptyDomain(), runTurnWithApproval());
    s = applyEvents(s, [
      ev('approval_resolved', { approvalId: 'ap-1', approvalRef: 'feed01', status: 'denied', answer: { kind: 'deny' } }),
      ev('tool_result', { callId: 'c2', tool: 'Bash', ok: false, output: null, error: 'denied by the user' }),
      ev('prompt_status', { status: 'failed' }),
      ev('turn_failed', { error: 'approval denied (feed01)' }),
    ]);
    const tool = s.transcripts['sess-1']!.find((i) => i.kind === 'tool' && i.callId === 'c2');
    expect(tool).toMatchObject({ status: 'denied', error: 'denied by the user' });
    expect(pendingApprovalsOf(s)).toEqual([]);
    expect(displayStatus(s, s.sessions['sess-1']!)).toBe('failed');
    expect(s.transcripts['sess-1']!.at(-1)).toMatchObject({ kind: 'notice', tone: 'error' });
  });

  it('keeps a visible queue behind the running prompt and derives status by precedence', () => {
    const ev = eventMaker();
    const s = applyEvents(emptyDomain(), [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'first', position: 0 }, 'p-1'),
      ev('prompt_status', { status: 'running' }, 'p-1'),
      ev('prompt_queued', { text: 'second', position: 1 }, 'p-2'),
      ev('prompt_queued', { text: 'third', position: 2 }, 'p-3'),
    ]);
    const session = s.sessions['sess-1']!;
    expect(queuedPrompts(sessionPrompts(s, session)).map((p) => p.text)).toEqual(['second', 'third']);
    expect(displayStatus(s, session)).toBe('running');
    const conflicted = applyEvents(s, [
      ev('conflict', { conflictId: 'k1', kind: 'write_write', otherSessionId: 'sess-2', otherSessionRef: 'bbbbbb', otherSessionName: null, paths: ['out.txt'], detail: '' }, 'p-1'),
    ]);
    expect(displayStatus(conflicted, session)).toBe('conflict');
    const resolved = applyEvents(conflicted, [ev('conflict_resolved', { conflictId: 'k1', resolution: 'override' }, 'p-1')]);
    expect(displayStatus(resolved, session)).toBe('running');
  });

  it('keeps a running prompt running when the prompt.send reply (a snapshot saying queued) arrives after its events', () => {
    const ev = eventMaker();
    const events = [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'alpha: write a note', position: 0 }, 'p-1'),
      ev('prompt_status', { status: 'queued' }, 'p-1'),
      ev('prompt_status', { status: 'running' }, 'p-1'),
      ev('turn_started', { resumed: false }, 'p-1'),
      ev('assistant_delta', { text: 'Notes' }, 'p-1'),
    ];
    const reply = { id: 'p-1', ref: '100000', sessionId: 'sess-1', text: 'alpha: write a note', status: 'queued' as const, error: null, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null };
    // The events were flushed in one animation frame, then the reply resolved: the order seen in Chromium.
    const late = applyPromptSummary(applyEvents(emptyDomain(), events), reply);
    expect(late.prompts['p-1']!.status).toBe('running');
    expect(displayStatus(late, late.sessions['sess-1']!)).toBe('running');
    // The reply first, then the events: the same result.
    const early = applyEvents(applyPromptSummary(applyEvents(emptyDomain(), events.slice(0, 1)), reply), events.slice(1));
    expect(displayStatus(early, early.sessions['sess-1']!)).toBe('running');
    // A reply further along than the events (a cancel answered before its event arrives) still counts.
    const cancelled = applyPromptSummary(late, { ...reply, status: 'cancelled' });
    expect(cancelled.prompts['p-1']!.status).toBe('cancelled');
    expect(laterStatus('completed', 'running')).toBe('completed');
    expect(laterStatus('conflict', 'queued')).toBe('conflict');
  });

  it('shows running, not queued, while one prompt runs and others wait; conflict and approval still come first', () => {
    const ev = eventMaker();
    const base = applyEvents(emptyDomain(), [
      ev('session_created', { workspace: '/w' }, null),
      ev('prompt_queued', { text: 'first', position: 0 }, 'p-1'),
      ev('prompt_queued', { text: 'second', position: 1 }, 'p-2'),
    ]);
    const session = base.sessions['sess-1']!;
    expect(displayStatus(base, session)).toBe('queued');
    const running = applyEvents(base, [ev('prompt_status', { status: 'running' }, 'p-1')]);
    expect(displayStatus(running, session)).toBe('running');
    expect(queuedPrompts(sessionPrompts(running, session)).map((p) => p.text)).toEqual(['second']);
    // The second prompt is held at submission by a conflict: the session needs a person.
    const held = applyEvents(running, [ev('prompt_status', { status: 'conflict' }, 'p-2')]);
    expect(displayStatus(held, session)).toBe('conflict');
    const asking = applyEvents(running, [ev('prompt_status', { status: 'waiting_approval' }, 'p-1')]);
    expect(displayStatus(asking, session)).toBe('waiting_approval');
    const done = applyEvents(running, [ev('prompt_status', { status: 'completed' }, 'p-1'), ev('turn_completed', { content: 'ok' }, 'p-1'), ev('prompt_status', { status: 'running' }, 'p-2')]);
    expect(displayStatus(done, session)).toBe('running');
  });

  it('drops half-streamed text when the model request is retried', () => {
    const ev = eventMaker();
    let s = applyEvents(emptyDomain(), [ev('session_created', { workspace: '/w' }, null), ev('prompt_queued', { text: 'x', position: 0 })]);
    s = applyEvents(s, [ev('assistant_delta', { text: 'partial' }), ev('model_retry', { provider: 'p', attempt: 1, delayMs: 1000, error: '500' })]);
    expect(s.transcripts['sess-1']!.some((i) => i.kind === 'assistant')).toBe(false);
  });

  it('coalesces consecutive deltas of one prompt', () => {
    const ev = eventMaker();
    const out = coalesceDeltas([ev('assistant_delta', { text: 'a' }), ev('assistant_delta', { text: 'b' }), ev('assistant_delta', { text: 'c' }, 'p-2')]);
    expect(out.map((e) => (e.type === 'assistant_delta' ? e.text : ''))).toEqual(['ab', 'c']);
  });

  it('seeds mode, usage and closed state from summaries', () => {
    const summary: SessionSummary = {
      id: 's9', ref: '999999', name: 'docs', workspace: '/w/docs', mode: 'plan', modeSource: 'session', status: 'idle', queueLength: 0, pendingApprovals: 0,
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, createdAt: '2025-01-01T00:00:00Z', closedAt: null,
    };
    const s: DomainState = applySummaries(emptyDomain(), [summary]);
    expect(s.sessions.s9).toMatchObject({ name: 'docs', mode: 'plan', totalTokens: 3, closed: false });
    expect(displayStatus(s, s.sessions.s9!)).toBe('idle');
  });
});
