import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { IllegalTransition } from '../../main/core/kernel/prompt-lifecycle';
import { PROMPT_TRANSITIONS } from '../../main/core/kernel/prompt-transitions';
import { PromptStatus, isTerminal } from '../../shared/status';
import type { EngineEvent } from '../../shared/events';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

function setup() {
  const { store, db, bus, prompts } = openTestStore(join(tempDir(), 'p.db'));
  const session = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
  const seen: EngineEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  return { store, db, bus, prompts, session, seen };
}

/** A prompt moved into `status` along legal moves, so every starting point can be tried; what it announced on the way is not counted. */
function promptIn(ctx: ReturnType<typeof setup>, status: PromptStatus) {
  const p = promptAt(ctx, ctx.session.id, `in ${status}`, status);
  ctx.seen.length = 0;
  return p;
}

const ALL = PromptStatus.options;

describe('prompt transition table', () => {
  it('has an entry for every status, and terminal statuses lead nowhere', () => {
    expect(Object.keys(PROMPT_TRANSITIONS).sort()).toEqual([...ALL].sort());
    for (const s of ALL) {
      if (isTerminal(s)) expect(PROMPT_TRANSITIONS[s]).toEqual([]);
      else expect(PROMPT_TRANSITIONS[s].length).toBeGreaterThan(0);
      expect(PROMPT_TRANSITIONS[s]).not.toContain(s);
    }
  });

  const illegal = ALL.flatMap((from) => ALL.filter((to) => !PROMPT_TRANSITIONS[from].includes(to)).map((to) => [from, to] as const));

  it.each(illegal)('refuses %s → %s and changes nothing', (from, to) => {
    const ctx = setup();
    const p = promptIn(ctx, from);
    const before = ctx.store.events.list({ sessionId: ctx.session.id }).length;
    let hooked = 0;
    ctx.prompts.onTerminal(() => hooked++);
    expect(() => ctx.prompts.transition(p.id, to)).toThrow(IllegalTransition);
    expect(ctx.store.prompts.get(p.id)?.status).toBe(from);
    expect(ctx.store.events.list({ sessionId: ctx.session.id })).toHaveLength(before);
    expect(ctx.seen).toHaveLength(0);
    expect(hooked).toBe(0);
  });

  const legal = ALL.flatMap((from) => PROMPT_TRANSITIONS[from].map((to) => [from, to] as const));

  it.each(legal)('allows %s → %s: row and event written together', (from, to) => {
    const ctx = setup();
    const p = promptIn(ctx, from);
    const row = ctx.prompts.transition(p.id, to, { error: 'e', reason: 'r', content: 'c' });
    expect(row.status).toBe(to);
    expect(ctx.store.prompts.get(p.id)?.status).toBe(to);
    const statusEvents = ctx.seen.filter((e) => e.type === 'prompt_status');
    expect(statusEvents.map((e) => e.type === 'prompt_status' && e.status)).toEqual([to]);
    expect(statusEvents[0]?.seq).toBeGreaterThan(0);
    if (isTerminal(to)) expect(row.finished_at).not.toBeNull();
  });
});

describe('prompt lifecycle', () => {
  it('announces each ending once, with the turn event that belongs to it', () => {
    const ctx = setup();
    const a = promptIn(ctx, 'running');
    const b = promptIn(ctx, 'running');
    const c = promptIn(ctx, 'queued');
    ctx.prompts.transition(a.id, 'completed', { content: 'done' });
    ctx.prompts.transition(b.id, 'failed', { error: 'model said no' });
    ctx.prompts.transition(c.id, 'cancelled', { reason: 'cancelled by the user' });
    const kinds = ctx.seen.map((e) => `${e.type}:${e.promptId === a.id ? 'a' : e.promptId === b.id ? 'b' : 'c'}`);
    expect(kinds).toEqual([
      'prompt_status:a', 'turn_completed:a',
      'prompt_status:b', 'turn_failed:b',
      'prompt_status:c', 'turn_cancelled:c',
    ]);
    expect(ctx.store.prompts.get(b.id)?.error).toBe('model said no');
    expect(ctx.store.prompts.get(c.id)?.error).toBe('cancelled by the user');
  });

  it('calls terminal hooks directly, after the ending is committed and published, even with no event listener', () => {
    const ctx = setup();
    const p = promptIn(ctx, 'running');
    const calls: { id: string; status: string; published: boolean; inTx: boolean }[] = [];
    ctx.prompts.onTerminal((row) =>
      calls.push({ id: row.id, status: row.status, published: ctx.seen.some((e) => e.type === 'turn_cancelled'), inTx: ctx.db.inTransaction }),
    );
    ctx.bus.batch(() => {
      ctx.prompts.transition(p.id, 'cancelled', { reason: 'x' });
      expect(calls).toHaveLength(0);
    });
    expect(calls).toEqual([{ id: p.id, status: 'cancelled', published: true, inTx: false }]);
  });

  it('does not call terminal hooks for a move that is rolled back', () => {
    const ctx = setup();
    const p = promptIn(ctx, 'running');
    let hooked = 0;
    ctx.prompts.onTerminal(() => hooked++);
    expect(() =>
      ctx.bus.batch(() => {
        ctx.prompts.transition(p.id, 'failed', { error: 'x' });
        throw new Error('later write failed');
      }),
    ).toThrow('later write failed');
    expect(ctx.store.prompts.get(p.id)?.status).toBe('running');
    expect(hooked).toBe(0);
    expect(ctx.seen).toHaveLength(0);
  });

  it('withdraws the pending approvals of a prompt that ends', () => {
    const ctx = setup();
    const p = promptIn(ctx, 'waiting_approval');
    const messageId = ctx.store.transcript.append(ctx.session.id, p.id, {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } }],
    });
    const call = ctx.store.toolCalls.create({ sessionId: ctx.session.id, promptId: p.id, messageId, callId: 'c1', tool: 'Bash', inputJson: '{}' });
    const approval = ctx.store.approvals.create({
      sessionId: ctx.session.id,
      promptId: p.id,
      toolCallId: call.id,
      tool: 'Bash',
      input: { command: 'ls' },
      decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'asks' },
      alwaysRules: [],
    });
    ctx.prompts.transition(p.id, 'cancelled', { reason: 'bye' });
    expect(ctx.store.approvals.get(approval.id)?.status).toBe('cancelled');
    expect(ctx.seen.map((e) => e.type)).toEqual(['approval_resolved', 'prompt_status', 'turn_cancelled']);
  });

  it('enqueues a prompt announced as queued, or as what the admission decided', () => {
    const ctx = setup();
    const free = ctx.prompts.enqueue(ctx.session.id, 'free', () => undefined);
    const held = ctx.prompts.enqueue(ctx.session.id, 'held', (p) => ctx.prompts.transition(p.id, 'conflict'));
    expect(free.status).toBe('queued');
    expect(held.status).toBe('conflict');
    const statuses = ctx.seen.filter((e) => e.type === 'prompt_status').map((e) => e.type === 'prompt_status' && [e.promptId, e.status]);
    expect(statuses).toEqual([[free.id, 'queued'], [held.id, 'conflict']]);
  });
});
