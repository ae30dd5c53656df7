import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import type { EngineEvent, EventOf } from '../../shared/events';

const write = (path: string, content: string) => ({ name: 'Write', arguments: { path, content } });

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] },
      // The tool call is answered only once the test opens the gate (so the prompt can be paused before it runs).
      { when: 'gated hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }], gate: 'call' }, { content: 'said: {{lastTool}}' }] },
      { when: 'held hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }], gate: 'held' }, { content: 'said: {{lastTool}}' }] },
      { when: 'session A', steps: [{ toolCalls: [write('shared.txt', 'from A\n')] }, { content: 'A done', gate: 'A holds' }] },
      { when: 'session B', steps: [{ toolCalls: [write('shared.txt', 'from B\n')] }, { content: 'B saw {{lastTool}}' }] },
      { when: 'session C', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }] }, { toolCalls: [write('shared.txt', 'from C\n')] }, { content: 'C done' }] },
      { when: 'slow report', steps: [{ content: 'report written', gate: 'report' }] },
    ],
  },
});

const callOf = (log: readonly EngineEvent[], promptId: string): EventOf<'tool_call'> | undefined =>
  log.find((e): e is EventOf<'tool_call'> => e.type === 'tool_call' && e.promptId === promptId);
const resultOf = (log: readonly EngineEvent[], promptId: string): EventOf<'tool_result'> | undefined =>
  log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result' && e.promptId === promptId);

async function session(e: Engine, name: string, workspace = tempDir()): Promise<string> {
  return unwrap(await e.handlers['session.create']({ workspace, name })).id;
}

describe("a prompt's own approvals", () => {
  it('one engine answers each prompt as it was sent: approved (all), blocked (never), a person (default ask)', async () => {
    const engine = await fx.open({ approvals: 'ask' });
    const log = recordEvents(engine);
    const asks = await session(engine, 'asks');
    const approves = await session(engine, 'approves');
    const refuses = await session(engine, 'refuses');

    // The default prompt waits on a person first; the other two run to their end meanwhile.
    const asked = nextEvent(engine, 'approval_requested');
    const pAsk = unwrap(await engine.handlers['prompt.send']({ session: asks, text: 'say hi' }));
    expect((await asked).promptId).toBe(pAsk.id);
    const pAll = unwrap(await engine.handlers['prompt.send']({ session: approves, text: 'say hi', approvals: 'all' }));
    const pNever = unwrap(await engine.handlers['prompt.send']({ session: refuses, text: 'say hi', approvals: 'never' }));
    expect(await settled(engine, pAll.id)).toBe('completed');
    expect(await settled(engine, pNever.id)).toBe('completed');

    expect(callOf(log, pAll.id)?.decision).toMatchObject({ decision: 'auto_approved', source: 'cli' });
    expect(resultOf(log, pAll.id)).toMatchObject({ ok: true, output: 'hi\n' });
    expect(callOf(log, pNever.id)?.decision).toMatchObject({ decision: 'blocked', reason: expect.stringMatching(/^headless run, nobody can approve/) });
    expect(resultOf(log, pNever.id)?.error).toMatch(/blocked by policy/);
    // Only the default prompt raised an approval card, and it is still waiting.
    expect(unwrap(await engine.handlers['approval.list']({})).map((a) => [a.promptId, a.status])).toEqual([[pAsk.id, 'pending']]);
    expect(unwrap(await engine.handlers['session.get']({ session: asks })).prompts[0]?.status).toBe('waiting_approval');

    const [card] = unwrap(await engine.handlers['approval.list']({ session: asks }));
    unwrap(await engine.handlers['approval.answer']({ approval: card?.id ?? '', answer: { kind: 'allow_once' } }));
    expect(await settled(engine, pAsk.id)).toBe('completed');
    expect(resultOf(log, pAsk.id)).toMatchObject({ ok: true, output: 'hi\n' });
  });

  it("a prompt sent with 'ask' to an engine whose default never asks waits for approval.answer", async () => {
    const engine = await fx.open({ approvals: 'never' });
    const s = await session(engine, 's');
    const plain = unwrap(await engine.handlers['prompt.send']({ session: s, text: 'say hi' }));
    expect(await settled(engine, plain.id)).toBe('completed');
    const asked = nextEvent(engine, 'approval_requested');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s, text: 'say hi', approvals: 'ask' }));
    const req = await asked;
    expect(req.promptId).toBe(p.id);
    unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny', message: 'not now' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    const log = unwrap(await engine.handlers['session.events']({ session: s }));
    expect(resultOf(log, plain.id)?.error).toMatch(/blocked by policy: headless run, nobody can approve/);
    expect(resultOf(log, p.id)?.error).toMatch(/the user denied this call\. Their message: not now/);
  });

  it('prompt.resume with approvals answers the rest of the turn that way; a retry keeps the options', async () => {
    const engine = await fx.open({ approvals: 'ask' });
    const log = recordEvents(engine);
    const s = await session(engine, 's');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s, text: 'gated hi' }));
    await fx.server.reached('call');
    const paused = nextEvent(engine, 'prompt_status', (e) => e.promptId === p.id && e.status === 'paused');
    unwrap(await engine.handlers['prompt.pause']({ prompt: p.id }));
    fx.server.openGate('call');
    await paused;
    unwrap(await engine.handlers['prompt.resume']({ prompt: p.id, approvals: 'never' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(callOf(log, p.id)?.decision).toMatchObject({ decision: 'blocked', reason: expect.stringMatching(/^headless run/) });
    expect(log.some((e) => e.type === 'approval_requested')).toBe(false);

    // A retry is sent again as the cancelled prompt was: it is blocked too, without asking anyone.
    const first = unwrap(await engine.handlers['prompt.send']({ session: s, text: 'held hi', approvals: 'never' }));
    await fx.server.reached('held');
    unwrap(await engine.handlers['prompt.cancel']({ prompt: first.id }));
    expect(await settled(engine, first.id)).toBe('cancelled');
    const retried = unwrap(await engine.handlers['prompt.retry']({ prompt: first.id }));
    fx.server.openGate('held');
    expect(await settled(engine, retried.id)).toBe('completed');
    expect(callOf(log, retried.id)?.decision).toMatchObject({ decision: 'blocked', reason: expect.stringMatching(/^headless run/) });
    expect(log.some((e) => e.type === 'approval_requested')).toBe(false);
  });
});

describe("a prompt's own onConflict", () => {
  // A holds its write lease on shared.txt while its answer waits at the gate 'A holds'; each other prompt is sent
  // only then, so its write always meets A's lease.
  it('blocks, overrides or asks a person at a runtime conflict, each prompt as it was sent', async () => {
    const engine = await fx.open();
    const log = recordEvents(engine);
    const ws = tempDir();
    const a = unwrap(await engine.handlers['prompt.send']({ session: await session(engine, 'holder', ws), text: 'session A' }));
    await fx.server.reached('A holds');

    const blocked = unwrap(await engine.handlers['prompt.send']({ session: await session(engine, 'blocks', ws), text: 'session B', onConflict: 'block' }));
    expect(await settled(engine, blocked.id)).toBe('completed');
    expect(resultOf(log, blocked.id)?.error).toMatch(/shared\.txt is being changed by session holder/);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from A\n');

    // Without its own answer the prompt follows the engine's default: a person decides through conflict.resolve.
    const asks = await session(engine, 'asks', ws);
    const held = nextEvent(engine, 'prompt_status', (e) => e.sessionId === asks && e.status === 'conflict');
    const person = unwrap(await engine.handlers['prompt.send']({ session: asks, text: 'session B' }));
    await held;
    unwrap(await engine.handlers['conflict.resolve']({ prompt: person.id, resolution: 'cancel' }));
    expect(await settled(engine, person.id)).toBe('cancelled');

    const overrides = unwrap(await engine.handlers['prompt.send']({ session: await session(engine, 'overrides', ws), text: 'session C', onConflict: 'override' }));
    expect(await settled(engine, overrides.id)).toBe('completed');
    expect(log.filter((e) => e.type === 'tool_result' && e.promptId === overrides.id).map((e) => e.type === 'tool_result' && e.ok)).toEqual([true, true]);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from C\n');

    const resolutions = log.flatMap((e) => (e.type === 'conflict_resolved' ? [[e.promptId, e.resolution]] : []));
    expect(resolutions).toEqual([[blocked.id, 'block'], [person.id, 'cancel'], [overrides.id, 'override']]);
    fx.server.openGate('A holds');
    expect(await settled(engine, a.id)).toBe('completed');
  });

  it('answers a conflict at submission with the prompt’s own onConflict over the engine’s', async () => {
    const engine = await fx.open({ onConflict: 'wait' });
    const ws = tempDir();
    const first = unwrap(await engine.handlers['prompt.send']({ session: await session(engine, 'web-api', ws), text: 'slow report: write the summary to reports/result.json' }));
    const blocked = unwrap(await engine.handlers['prompt.send']({
      session: await session(engine, 'docs', ws),
      text: 'please save the table to ./reports/result.json',
      onConflict: 'block',
    }));
    expect(blocked.status).toBe('failed');
    const waits = unwrap(await engine.handlers['prompt.send']({ session: await session(engine, 'notes', ws), text: 'please save the table to ./reports/result.json' }));
    expect(waits.status).toBe('conflict');
    fx.server.openGate('report');
    expect(await settled(engine, first.id)).toBe('completed');
    expect(await settled(engine, waits.id)).toBe('completed');
    const failed = unwrap(await engine.handlers['session.get']({ session: 'docs' })).prompts[0];
    expect(failed?.error).toMatch(/blocked by --on-conflict block/);
  });
});
