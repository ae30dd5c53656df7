// The one projection from an event to its transcript notice: its English is the sentence the panel and the stored
// transcript always wrote, byte for byte; the same Msg renders in Chinese; the panel and `buildTranscript` agree.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events';
import { eventNote } from '../../shared/transcript-notes';
import { buildTranscript } from '../../shared/transcript';
import { english, msg, render } from '../../shared/i18n';
import { applyEvents } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';

let seq = 0;
function ev(type: string, extra: Record<string, unknown>, promptId: string | null = 'p-1'): EngineEvent {
  seq++;
  return {
    type, seq, ts: `2025-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`, sessionId: 's-1', sessionRef: 'a1b2c3', sessionName: null,
    promptId, promptRef: promptId ? '100000' : null, ...extra,
  } as unknown as EngineEvent;
}

const conflict = {
  conflictId: 'cf-1', kind: 'write_write', otherSessionId: 's-2', otherSessionRef: 'f0f0f0', otherSessionName: null, paths: ['src/b.ts', 'src/c.ts'],
  detail: 'src/b.ts is being written by session f0f0f0 (leased until its turn ends)',
  detailMsg: msg('reasons.conflictLeased', { count: 1, paths: 'src/b.ts', owners: msg('reasons.session', { name: 'f0f0f0' }) }),
};

/** Each event with the English its notice always had. */
const CASES: [EngineEvent, string, 'info' | 'warn' | 'error'][] = [
  [ev('session_created', { workspace: '/w', forkedFrom: { sessionId: 's-0', sessionRef: '0a0a0a', seq: 4 } }, null), "forked from session 0a0a0a: its finished turns are this session's history", 'info'],
  [ev('session_reopened', {}, null), 'session reopened', 'info'],
  [ev('session_mode', { mode: 'acceptEdits', modeSource: 'local' }, null), 'mode: acceptEdits (from local project settings)', 'info'],
  [ev('session_mode', { mode: 'plan', modeSource: 'default' }, null), 'mode: plan (built in)', 'info'],
  [ev('conflict', conflict), 'conflict (write_write) with f0f0f0 on src/b.ts, src/c.ts: src/b.ts is being written by session f0f0f0 (leased until its turn ends)', 'warn'],
  [ev('conflict', { ...conflict, otherSessionRef: null, paths: [], detailMsg: undefined, detail: 'as written' }), 'conflict (write_write) with another session: as written', 'warn'],
  [ev('conflict_resolved', { conflictId: 'cf-1', resolution: 'override' }), 'conflict resolved: override', 'info'],
  [ev('model_retry', { provider: 'p', attempt: 2, delayMs: 1500, error: '429 slow down' }), 'model request failed (429 slow down); retry 2 after 1500 ms', 'warn'],
  [ev('model_retry', { provider: 'spare', attempt: 0, delayMs: 0, error: 'falling back after: connection refused' }), 'model request failed (connection refused); trying provider spare next', 'warn'],
  [ev('turn_started', { resumed: true }), 'turn resumed', 'info'],
  [ev('turn_failed', { error: 'boom' }), 'failed: boom', 'error'],
  [ev('turn_cancelled', { reason: 'cancelled at a conflict by the user', reasonMsg: msg('reasons.cancelledAtConflict') }), 'cancelled: cancelled at a conflict by the user', 'warn'],
  [ev('budget_reached', { kind: 'daily', unit: 'usd', limit: 1, used: 1.02 }), "paused: today's budget of $1.00 is used up ($1.02)", 'warn'],
  [ev('session_budget', { budget: { unit: 'tokens', limit: 50000 } }, null), 'budget 50k tokens', 'info'],
  [ev('session_budget', { budget: null }, null), 'no budget', 'info'],
  [ev('instructions_changed', { sources: [] }), 'Project instructions changed: none from now on', 'info'],
  [
    ev('instructions_changed', { sources: [{ path: 'AGENTS.md', bytes: 10, truncated: false }, { path: 'docs/x.md', bytes: 9, truncated: true }, { path: 'CLAUDE.md', bytes: 1, truncated: false }] }),
    'Project instructions changed: AGENTS.md, docs/x.md (truncated), CLAUDE.md',
    'info',
  ],
];

describe('eventNote', () => {
  it.each(CASES.map(([e, text, tone]) => [e.type, e, text, tone] as const))('%s: the English is the old sentence, byte for byte', (_type, e, text, tone) => {
    const note = eventNote(e);
    expect(note).not.toBeNull();
    expect(english(note!.msg)).toBe(text);
    expect(note!.tone).toBe(tone);
    // The same note in Chinese: worded in Han characters, not the English sentence.
    const zh = render('zh-CN', note!.msg);
    expect(zh).not.toBe(text);
    expect(zh).toMatch(/\p{Script=Han}/u);
  });

  it('the panel words a retry in seconds, the stored transcript in milliseconds, as each always did', () => {
    const retry = ev('model_retry', { provider: 'p', attempt: 1, delayMs: 2000, error: '500' });
    expect(english(eventNote(retry, 'seconds')!.msg)).toBe('model request failed (500); retry 1 in 2 s');
    expect(english(eventNote(retry)!.msg)).toBe('model request failed (500); retry 1 after 2000 ms');
  });

  it("nests the engine's own Msg (a turn's failure) so it renders in the same language", () => {
    const failed = ev('turn_failed', { error: 'cancelled at a conflict by the user', errorMsg: msg('reasons.cancelledAtConflict') });
    expect(render('zh-CN', eventNote(failed)!.msg)).toBe(`失败：${render('zh-CN', msg('reasons.cancelledAtConflict'))}`);
  });

  it('events that are entries of their own or figures give no notice', () => {
    expect(eventNote(ev('turn_started', { resumed: false }))).toBeNull();
    expect(eventNote(ev('session_created', { workspace: '/w', forkedFrom: null }, null))).toBeNull();
    expect(eventNote(ev('prompt_queued', { text: 'x', position: 0 }))).toBeNull();
  });

  it('the panel and the stored transcript carry the same Msg for the same event', () => {
    const events = [
      ev('session_created', { workspace: '/w', forkedFrom: null }, null),
      ev('prompt_queued', { text: 'go', position: 0 }),
      ev('model_retry', { provider: 'p', attempt: 0, delayMs: 0, error: 'falling back after: refused' }),
      ev('turn_failed', { error: 'boom' }),
    ];
    const panel = applyEvents(emptyDomain(), events).transcripts['s-1']!.filter((i) => i.kind === 'notice');
    const stored = buildTranscript(events).filter((e) => e.kind === 'note');
    expect(panel.map((i) => (i.kind === 'notice' ? i.msg : null))[0]).toEqual(stored.map((e) => (e.kind === 'note' ? e.msg : null))[0]);
    expect(panel.map((i) => i.text)).toEqual(['model request failed (refused); trying provider p next', 'failed: boom']);
  });
});
