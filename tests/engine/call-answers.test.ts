// The engine's own answers to a tool call (blocked, denied, cancelled while running, interrupted by a restart) are
// data: the stored tool_result carries errorMsg, its English is the error the model reads, byte for byte, and
// it renders in Chinese. What a tool itself answered carries none.
import { expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, type Engine } from '../../main/core/engine';
import { Store } from '../../main/core/store/store';
import { render } from '../../shared/i18n/message';
import type { EventOf } from '../../shared/events';
import { expectSentence } from '../helpers/sentence';
import { tempDir } from '../helpers/temp';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { fileWritten } from '../helpers/wait-file';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] },
      { when: 'peek secrets', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: '.env' } }] }, { content: 'result: {{lastTool}}' }] },
      // The command says it is running before it sleeps, so the test cancels it while it runs.
      { when: 'nap', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo napping > started.txt; sleep 30' } }] }, { content: 'woke' }] },
      { when: 'read nothing', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'missing.txt' } }] }, { content: 'result: {{lastTool}}' }] },
    ],
  },
});

type ToolResult = EventOf<'tool_result'>;

/** The prompt's stored tool_result (read back from the store through session.events, not from the live bus). */
async function storedResult(e: Engine, promptId: string): Promise<ToolResult> {
  const all = unwrap(await e.handlers['session.events']({}));
  const found = all.find((x): x is ToolResult => x.type === 'tool_result' && x.promptId === promptId);
  if (!found) throw new Error(`no tool_result for ${promptId}`);
  return found;
}

/** What the model read for the call: the tool message of the transcript. */
function modelRead(home: string, sessionId: string): string | null {
  const store = new Store(join(home, DATABASE_FILE), { readonly: true });
  try {
    const tool = store.transcript.list(sessionId).find((m) => m.message.role === 'tool');
    return tool?.message.content ?? null;
  } finally {
    store.close();
  }
}

function expectEngineAnswer(r: ToolResult, key: string, error: string): void {
  expect(r.ok).toBe(false);
  expect(r.error).toBe(error);
  expect(r.errorMsg?.key).toBe(key);
  expectSentence(r.errorMsg, error);
}

it('blocked by a deny rule: the answer names the rule and its settings, as data', async () => {
  const home = fx.home();
  const ws = tempDir();
  writeFileSync(join(ws, '.env'), 'SECRET=1\n');
  mkdirSync(join(ws, '.paragents'));
  writeFileSync(join(ws, '.paragents', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(.env)'] } }));
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'peek secrets' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const r = await storedResult(engine, p.id);
  expect(r.error).toMatch(/^blocked by policy: reading \/.*\.env is denied by Read\(\.env\) \(rule Read\(\.env\) from project settings\)\. Do not retry this call unchanged\.$/);
  expectEngineAnswer(r, 'notices.error.blockedByRule', r.error ?? '');
  expect(render('zh-CN', r.errorMsg ?? { key: 'reasons.cancelled' })).toContain('项目设置');
  await fx.close(engine);
  expect(modelRead(home, s.id)).toBe(`Error: ${r.error}`);
});

it('blocked with no rule (--approve never): the reason inside is data too', async () => {
  const engine = await fx.open({ approvals: 'never' });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const r = await storedResult(engine, p.id);
  expect(r.errorMsg?.key).toBe('notices.error.blocked');
  expect(r.error).toMatch(/^blocked by policy: headless run, nobody can approve: .+\. Do not retry this call unchanged\.$/);
  expectEngineAnswer(r, 'notices.error.blocked', r.error ?? '');
  expect(typeof r.errorMsg?.vars?.reason).toBe('object');
});

it.each([
  ['without a message', undefined, 'notices.error.denied', 'the user denied this call.'],
  ['with the words the person wrote', 'use ls instead', 'notices.error.deniedSaid', 'the user denied this call. Their message: use ls instead'],
] as const)('denied %s', async (_what, message, key, error) => {
  const engine = await fx.open({ approvals: 'ask' });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(engine, 'approval_requested');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  const req = await asked;
  unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny', ...(message ? { message } : {}) } }));
  expect(await settled(engine, p.id)).toBe('completed');
  const r = await storedResult(engine, p.id);
  expectEngineAnswer(r, key, error);
  // What the person wrote stays as written inside the translated sentence.
  if (message) expect(render('zh-CN', r.errorMsg ?? { key: 'reasons.cancelled' })).toContain(message);
});

it('cancelled while running', async () => {
  const engine = await fx.open();
  const ws = tempDir();
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'nap' }));
  await fileWritten(join(ws, 'started.txt'));
  unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id }));
  expect(await settled(engine, p.id)).toBe('cancelled');
  const r = await storedResult(engine, p.id);
  expectEngineAnswer(r, 'notices.error.cancelledRunning', 'cancelled by the user while running.');
});

it('interrupted by a restart: a call a stopped process left running is answered, not run again', async () => {
  const home = fx.home();
  const first = await fx.open({ home, approvals: 'ask' });
  const s = unwrap(await first.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(first, 'approval_requested');
  const p = unwrap(await first.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  await asked;
  await fx.close(first);
  // As a process killed mid-run leaves it: the call's row says running.
  const store = new Store(join(home, DATABASE_FILE));
  const holder = store.transcript.list(s.id).find((m) => m.message.role === 'assistant');
  const callId = holder?.message.role === 'assistant' ? holder.message.tool_calls?.[0]?.id : undefined;
  const row = holder && callId ? store.toolCalls.find(holder.id, callId) : undefined;
  if (!row) throw new Error('no stored tool call');
  store.toolCalls.setStatus(row.id, 'running');
  store.close();

  // The next engine takes the turn up again by itself and answers the call instead of running it.
  const engine = await fx.open({ home });
  expect(await settled(engine, p.id)).toBe('completed');
  const r = await storedResult(engine, p.id);
  expectEngineAnswer(
    r,
    'notices.error.interrupted',
    'this call was interrupted by a restart of Paragents before it finished and was not run again; check its effects before retrying.',
  );
});

it("a tool's own error carries no errorMsg and is shown as the tool wrote it", async () => {
  const engine = await fx.open();
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'read nothing' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const r = await storedResult(engine, p.id);
  expect(r.ok).toBe(false);
  expect(r.error).toBeTruthy();
  expect(r.errorMsg).toBeUndefined();
});
