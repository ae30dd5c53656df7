// Why a prompt stopped at a conflict, or was cancelled by a request, is data: turn_failed.errorMsg and
// turn_cancelled.reasonMsg are set, their English is the error or reason (unchanged), and they render in Chinese.
import { expect, it } from 'vitest';
import type { Msg } from '../../shared/i18n/message';
import type { EngineEvent } from '../../shared/events';
import { expectSentence } from '../helpers/sentence';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { newSession, ofType, send } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'slow report', steps: [{ content: 'report written', gate: 'report' }] },
      { when: 'session A', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'shared.txt', content: 'from A\n' } }] }, { content: 'A done', gate: 'A holds' }] },
      { when: 'session B', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'shared.txt', content: 'from B\n' } }] }, { content: 'B done' }] },
      { when: 'nap', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'sleep 30' } }] }, { content: 'woke' }] },
    ],
  },
});

/** The sentence and its Msg agree, and the Msg is painted in Chinese. */
function expectData(text: string | undefined, m: Msg | undefined, key: string): Msg {
  expect(m?.key).toBe(key);
  return expectSentence(m, text ?? '');
}

const cancelledOf = (log: readonly EngineEvent[], promptId: string) => ofType(log, 'turn_cancelled').find((e) => e.promptId === promptId);

it('--on-conflict block fails the prompt with each conflict as data, joined as the English was', async () => {
  const engine = await fx.open({ onConflict: 'block' });
  const log = recordEvents(engine);
  const ws = tempDir();
  const a = await newSession(engine, ws, 'web-api');
  const c = await newSession(engine, ws, 'reports');
  const b = await newSession(engine, ws, 'docs');
  const pa = await send(engine, a, 'slow report: write to reports/result.json');
  const pc = await send(engine, c, 'slow report: write to reports/result.json');
  // c's prompt is itself blocked by a's; b's overlaps both.
  expect(pc.status).toBe('failed');
  const pb = await send(engine, b, 'save to reports/result.json');
  expect(pb.status).toBe('failed');
  const failed = ofType(log, 'turn_failed').find((e) => e.promptId === pb.id);
  const refA = unwrap(await engine.handlers['session.get']({ session: a })).prompts[0]?.ref;
  expect(failed?.error).toBe(`blocked by --on-conflict block: output conflict: reports/result.json is also declared by session web-api (prompt ${refA})`);
  const m = expectData(failed?.error, failed?.errorMsg, 'reasons.onConflictBlock');
  expect(typeof m.vars?.details).toBe('object');
  // The prompt's stored error carries it too.
  const summary = unwrap(await engine.handlers['session.get']({ session: b })).prompts[0];
  expect(summary?.errorMsg).toEqual(m);
  fx.server.openGate('report');
  expect(await settled(engine, pa.id)).toBe('completed');
});

it('--on-conflict block with two holders names both, in one sentence per holder', async () => {
  const engine = await fx.open();
  const log = recordEvents(engine);
  const ws = tempDir();
  const a = await newSession(engine, ws, 'web-api');
  const c = await newSession(engine, ws, 'reports');
  const b = await newSession(engine, ws, 'docs');
  await send(engine, a, 'slow report: write to reports/result.json');
  // c overrides its conflict with a, so both hold the file when b comes.
  const pc = await send(engine, c, 'slow report: write to reports/result.json');
  unwrap(await engine.handlers['conflict.resolve']({ prompt: pc.id, resolution: 'override' }));
  const pb = unwrap(await engine.handlers['prompt.send']({ session: b, text: 'save to reports/result.json', onConflict: 'block' }));
  expect(pb.status).toBe('failed');
  const failed = ofType(log, 'turn_failed').find((e) => e.promptId === pb.id);
  expect(failed?.error).toMatch(/^blocked by --on-conflict block: output conflict: .+ declared by session (web-api|reports) .+; output conflict: .+ declared by session (web-api|reports) /);
  const m = expectData(failed?.error, failed?.errorMsg, 'reasons.onConflictBlock');
  expect((m.vars?.details as Msg | undefined)?.key).toBe('reasons.conflictOutputBlockedThen');
  fx.server.openGate('report');
});

it('a prompt held at submission and cancelled at its conflict says so as data', async () => {
  const engine = await fx.open();
  const log = recordEvents(engine);
  const ws = tempDir();
  await send(engine, await newSession(engine, ws, 'web-api'), 'slow report: write to reports/result.json');
  const held = await send(engine, await newSession(engine, ws, 'docs'), 'save the table to reports/result.json');
  expect(held.status).toBe('conflict');
  unwrap(await engine.handlers['conflict.resolve']({ prompt: held.id, resolution: 'cancel' }));
  expect(await settled(engine, held.id)).toBe('cancelled');
  const ev = cancelledOf(log, held.id);
  expect(ev?.reason).toBe('cancelled at a conflict by the user');
  expectData(ev?.reason, ev?.reasonMsg, 'reasons.cancelledAtConflict');
  fx.server.openGate('report');
});

it('a turn cancelled while it waits at a write conflict says so as data', async () => {
  const engine = await fx.open({ approvals: 'all' });
  const log = recordEvents(engine);
  const ws = tempDir();
  const a = await newSession(engine, ws, 'web-api');
  const b = await newSession(engine, ws, 'docs');
  const conflict = nextEvent(engine, 'conflict', (e) => e.kind === 'write_write' || e.kind === 'stale_read');
  const pa = await send(engine, a, 'session A');
  await fx.server.reached('A holds');
  const pb = await send(engine, b, 'session B');
  await conflict;
  unwrap(await engine.handlers['conflict.resolve']({ prompt: pb.id, resolution: 'cancel' }));
  expect(await settled(engine, pb.id)).toBe('cancelled');
  const ev = cancelledOf(log, pb.id);
  expect(ev?.reason).toBe('cancelled by the user at a conflict');
  expectData(ev?.reason, ev?.reasonMsg, 'reasons.cancelledByUserAtConflict');
  fx.server.openGate('A holds');
  expect(await settled(engine, pa.id)).toBe('completed');
});

it.each([
  ['prompt.cancel', 'reasons.turnStopByUser', 'cancelled by the user'],
  ['prompt.cancel --force', 'reasons.turnStopByUserForced', 'cancelled by the user (forced: its tools were killed)'],
  ['session.close', 'reasons.turnCancelled', 'cancelled: the session was closed'],
] as const)('%s cancels a running turn with its reason as data', async (how, key, reason) => {
  const engine = await fx.open({ approvals: 'all' });
  const log = recordEvents(engine);
  const s = await newSession(engine, tempDir(), 'sleepy');
  const running = nextEvent(engine, 'tool_call');
  const p = await send(engine, s, 'nap');
  await running;
  if (how === 'session.close') unwrap(await engine.handlers['session.close']({ session: s }));
  else unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id, force: how === 'prompt.cancel --force' }));
  expect(await settled(engine, p.id)).toBe('cancelled');
  const ev = cancelledOf(log, p.id);
  expect(ev?.reason).toBe(reason);
  expectData(ev?.reason, ev?.reasonMsg, key);
});
