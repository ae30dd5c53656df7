import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { CallRecord } from '../../main/core/engine/tool-call/call-record';
import { applyApprovalsMode, decideCall } from '../../main/core/engine/tool-call/decide';
import { guardCall } from '../../main/core/engine/tool-call/guard';
import { executeCall } from '../../main/core/engine/tool-call/execute';
import type { CallContext } from '../../main/core/engine/tool-call/call-context';
import type { TurnDeps } from '../../main/core/engine/turn-context';
import type { CallGate } from '../../main/core/kernel/call-gate';
import type { AuthorizeVerdict } from '../../main/core/engine/authorizer';
import type { PreparedCall } from '../../main/core/policy/prepare';
import type { ToolDefinition } from '../../main/core/tools/types';
import { parseToolCall } from '../../main/core/tools';
import type { EngineEvent } from '../../shared/events';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';
import { english, msg } from '../../shared/i18n/message';

afterEach(() => cleanupTempDirs());

const ask: AuthorizeVerdict = { decision: 'needs_approval', rule: null, source: 'mode', reason: 'writes ask in default mode', alwaysRules: [], alwaysRule: null };

describe('decide: the --approve mode answers "ask" in headless runs', () => {
  it.each([
    ['ask', 'needs_approval', 'mode'],
    ['all', 'auto_approved', 'cli'],
    ['never', 'blocked', 'cli'],
  ] as const)('--approve %s turns needs_approval into %s', (mode, decision, source) => {
    const v = applyApprovalsMode(ask, mode);
    expect(v.decision).toBe(decision);
    expect(v.source).toBe(source);
  });

  it('leaves an allowed or blocked decision alone in every mode', () => {
    for (const mode of ['ask', 'all', 'never'] as const) {
      expect(applyApprovalsMode({ ...ask, decision: 'auto_approved' }, mode).decision).toBe('auto_approved');
      expect(applyApprovalsMode({ ...ask, decision: 'blocked' }, mode).decision).toBe('blocked');
    }
  });
});

/** A real store with one session, one running prompt and one assistant message asking for `Write`. */
function fixture(gate: CallGate | null = null) {
  const ws = tempDir();
  const t = openTestStore(join(tempDir(), 'p.db'));
  const { store, bus, prompts } = t;
  const session = store.sessions.create({ workspace: ws, name: null, mode: 'default' });
  const prompt = promptAt(t, session.id, 'write it', 'running');
  const call = { id: 'call-1', type: 'function' as const, function: { name: 'Write', arguments: JSON.stringify({ path: 'a.txt', content: 'x' }) } };
  const messageId = store.transcript.append(session.id, prompt.id, { role: 'assistant', content: null, tool_calls: [call] });
  const holder = { id: messageId, promptId: prompt.id, message: { role: 'assistant' as const, content: null, tool_calls: [call] }, tokens: null };
  const seen: EngineEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  const record = new CallRecord(store, bus, { sessionId: session.id, promptId: prompt.id }, holder, call);
  const deps = { store, bus, prompts, gate, approvals: 'ask', headless: false } as unknown as TurnDeps;
  const ctl = new AbortController();
  const c: CallContext = { deps, session, prompt, holder, call, signal: ctl.signal, force: new AbortController().signal, lease: {} as never, record };
  return { store, seen, c, ctl, ws, session, prompt };
}

function prepared(tool: ToolDefinition, input: unknown, workspace: string): PreparedCall {
  return { name: tool.name, tool, input, workspace, effects: [], shell: null } as unknown as PreparedCall;
}

describe('record: each write about a call goes with its event in one transaction', () => {
  it('stores the result row, the transcript message and the tool_result together', () => {
    const f = fixture();
    f.c.record.answer(false, 'refused');
    const row = f.store.toolCalls.find(f.c.holder.id, 'call-1');
    expect(row?.status).toBe('done');
    expect(row?.output).toBe('Error: refused');
    const last = f.store.transcript.list(f.session.id).at(-1)?.message;
    expect(last).toEqual({ role: 'tool', tool_call_id: 'call-1', content: 'Error: refused' });
    expect(f.seen.map((e) => e.type)).toEqual(['tool_result']);
    expect(f.seen[0]?.seq).toBeGreaterThan(0);
  });
});

describe('decide: a call left mid-run by a stopped process is never run again', () => {
  it('answers it as interrupted without asking the policy', async () => {
    const f = fixture();
    f.c.record.setStatus('running');
    const fresh = new CallRecord(f.store, f.c.deps.bus, { sessionId: f.session.id, promptId: f.prompt.id }, f.c.holder, f.c.call);
    const out = await decideCall({ ...f.c, record: fresh });
    expect(out.next).toBe(false);
    expect(f.seen.map((e) => e.type)).toEqual(['tool_call', 'tool_result']);
    const result = f.seen[1];
    expect(result?.type === 'tool_result' && result.error).toMatch(/interrupted by a restart/);
  });
});

describe('guard: a refusal from the conflict gate is the call\'s answer', () => {
  it('records the gate\'s error and stops the call', async () => {
    const refusal = msg('reasons.conflictLeased', { paths: 'a.txt', count: 1, owners: msg('reasons.session', { name: 'b' }) });
    const gate: CallGate = { beforeCall: async () => ({ proceed: false, error: english(refusal), errorMsg: refusal }) };
    const f = fixture(gate);
    const parsed = parseToolCall('Write', f.c.call.function.arguments);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const out = await guardCall(f.c, { prepared: prepared(parsed.value.tool, parsed.value.input, f.ws), verdict: { ...ask, decision: 'auto_approved' }, pendingApproval: null }, null);
    expect(out.next).toBe(false);
    const result = f.seen.find((e) => e.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.error).toBe('a.txt is being written by session b (leased until its turn ends)');
    expect(result?.type === 'tool_result' && result.errorMsg).toEqual(refusal);
  });
});

describe('execute: the gate\'s after-call work runs whatever happens to the run', () => {
  it('calls afterCall when the run is cancelled, then records the cancel and rethrows', async () => {
    const after: boolean[] = [];
    const gate: CallGate = { beforeCall: async () => ({ proceed: true }), afterCall: ({ ok }) => void after.push(ok) };
    const f = fixture(gate);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slow: ToolDefinition = {
      ...(parseToolCall('Write', f.c.call.function.arguments) as { ok: true; value: { tool: ToolDefinition } }).value.tool,
      run: (_input, ctx) =>
        new Promise((resolve) => {
          started();
          ctx.signal.addEventListener('abort', () => resolve({ ok: false, error: 'aborted' }), { once: true });
        }),
    };
    const done = executeCall(f.c, { prepared: prepared(slow, {}, f.ws), verdict: { ...ask, decision: 'auto_approved' }, pendingApproval: null });
    await running;
    f.ctl.abort(new Error('cancelled by the user'));
    await expect(done).rejects.toThrow('cancelled by the user');
    expect(after).toEqual([false]);
    expect(f.store.toolCalls.find(f.c.holder.id, 'call-1')?.output).toBe('Error: cancelled by the user while running.');
  });

  it('calls afterCall even when the tool throws', async () => {
    const after: boolean[] = [];
    const gate: CallGate = { beforeCall: async () => ({ proceed: true }), afterCall: ({ ok }) => void after.push(ok) };
    const f = fixture(gate);
    const broken = { name: 'Write', run: async () => Promise.reject(new Error('disk gone')) } as unknown as ToolDefinition;
    await expect(executeCall(f.c, { prepared: prepared(broken, {}, f.ws), verdict: { ...ask, decision: 'auto_approved' }, pendingApproval: null })).rejects.toThrow('disk gone');
    expect(after).toEqual([false]);
  });
});
