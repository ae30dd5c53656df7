// Every request the engine refuses says why as data: result.error.msg is present, its English is the message
// (unchanged), and it renders in Chinese. A real engine, a real store and a scripted model.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { createEngine, type Engine } from '../../main/core/engine';
import { render } from '../../shared/i18n/message';
import type { Result } from '../../shared/result';
import { expectSentence } from '../helpers/sentence';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { nextEvent, settled, unwrap } from '../helpers/engine';

let server: ModelServer;
let engine: Engine;
let ws: string;
/** A closed session, a session with a completed prompt, and a pending approval's ids. */
let closed: { id: string; ref: string };
let open: { id: string; ref: string; name: string };
let done: { id: string; ref: string };
let answered: { id: string; ref: string };

beforeAll(async () => {
  server = await startModelServer({
    script: { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said' }] }, { when: 'hello', steps: [{ content: 'hi' }] }] },
  });
  engine = await createEngine({ home: makeHome(server.url), env: {}, approvals: 'ask' });
  ws = tempDir();
  const o = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'open-one' }));
  open = { id: o.id, ref: o.ref, name: 'open-one' };
  const c = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  unwrap(await engine.handlers['session.close']({ session: c.id }));
  closed = { id: c.id, ref: c.ref };
  const p = unwrap(await engine.handlers['prompt.send']({ session: o.id, text: 'hello' }));
  expect(await settled(engine, p.id)).toBe('completed');
  done = { id: p.id, ref: p.ref };
  const asked = nextEvent(engine, 'approval_requested');
  const q = unwrap(await engine.handlers['prompt.send']({ session: o.id, text: 'say hi' }));
  const req = await asked;
  unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny' } }));
  expect(await settled(engine, q.id)).toBe('completed');
  answered = { id: req.approvalId, ref: req.approvalRef };
}, 60_000);

afterAll(async () => {
  await engine.close();
  await server.close();
  cleanupTempDirs();
});

type Case = [string, string, () => Promise<Result<unknown>> | Result<unknown>];

const cases: Case[] = [
  ['a session that is not there', 'notices.request.notFound', () => engine.handlers['session.close']({ session: 'no-such-session' })],
  ['an empty reference', 'notices.request.emptyRef', () => engine.handlers['session.close']({ session: '   ' })],
  ['a reference that matches several sessions', 'notices.request.ambiguous', async () => {
    // Seventeen sessions: two of them share the first hex digit of their id (pigeonhole), so it names no one.
    const ids: string[] = [];
    for (let i = 0; i < 17; i++) ids.push(unwrap(await engine.handlers['session.create']({ workspace: ws })).id);
    const first = ids.map((r) => r[0] ?? '').find((c, i, all) => all.indexOf(c) !== i) ?? '';
    return engine.handlers['session.close']({ session: first });
  }],
  ['a prompt that is not there', 'notices.request.notFound', () => engine.handlers['prompt.cancel']({ prompt: 'ffffffffff' })],
  ['an approval that is not there', 'notices.request.notFound', () => engine.handlers['approval.answer']({ approval: 'ffffffffff', answer: { kind: 'deny' } })],
  ['a workspace that does not exist', 'notices.request.noWorkspace', () => engine.handlers['session.create']({ workspace: join(ws, 'missing') })],
  ['a workspace that is a file', 'notices.request.notAFolder', () => {
    const file = join(ws, 'a-file');
    writeFileSync(file, 'x');
    return engine.handlers['session.create']({ workspace: file });
  }],
  ['a name taken', 'notices.request.nameTaken', () => engine.handlers['session.create']({ workspace: ws, name: open.name })],
  ['a fork with a name taken', 'notices.request.nameTaken', () => engine.handlers['session.fork']({ session: open.id, name: open.name })],
  ['a prompt to a closed session', 'notices.request.sessionClosed', () => engine.handlers['prompt.send']({ session: closed.id, text: 'hello' })],
  ['reopening an open session', 'notices.request.sessionNotClosed', () => engine.handlers['session.reopen']({ session: open.id })],
  ['forking a session whose folder is gone', 'notices.request.workspaceGone', async () => {
    const gone = tempDir();
    const s = unwrap(await engine.handlers['session.create']({ workspace: gone }));
    rmSync(gone, { recursive: true, force: true });
    return engine.handlers['session.fork']({ session: s.id });
  }],
  ['cancelling a finished prompt', 'notices.request.promptAlready', () => engine.handlers['prompt.cancel']({ prompt: done.id })],
  ['retrying a completed prompt', 'notices.request.onlyFailedRetry', () => engine.handlers['prompt.retry']({ prompt: done.id })],
  ['pausing a finished prompt', 'notices.request.onlyRunningPause', () => engine.handlers['prompt.pause']({ prompt: done.id })],
  ['resuming a finished prompt', 'notices.request.notPaused', () => engine.handlers['prompt.resume']({ prompt: done.id })],
  ['editing a finished prompt', 'notices.request.onlyQueuedEdit', () => engine.handlers['prompt.edit']({ prompt: done.id, text: 'again' })],
  ['resolving a conflict that is not there', 'notices.request.notInConflict', () => engine.handlers['conflict.resolve']({ prompt: done.id, resolution: 'override' })],
  ['answering an approval twice', 'notices.request.approvalAlready', () => engine.handlers['approval.answer']({ approval: answered.id, answer: { kind: 'allow_once' } })],
  ['undoing a file the session never wrote', 'engineErrors.request.nothingToRevert', () => engine.handlers['journal.undo']({ session: open.id, path: 'never.txt' })],
  ['a relative journal path without a session', 'engineErrors.request.journalRelative', () => engine.handlers['journal.list']({ path: 'a.txt' })],
  ['policy.check without a workspace', 'engineErrors.request.policyCheckNeeds', () => engine.handlers['policy.check']({ tool: 'Bash', input: { command: 'ls' } })],
];

it.each(cases)('%s is refused with its Msg', async (_what, key, call) => {
  const r = await call();
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.msg?.key).toBe(key);
  expectSentence(r.error.msg, r.error.message);
});

it('keeps the English of a refusal as it was', async () => {
  const r = await engine.handlers['prompt.cancel']({ prompt: done.id });
  expect(r.ok ? null : r.error.message).toBe(`prompt ${done.ref} already completed`);
  const again = await engine.handlers['approval.answer']({ approval: answered.id, answer: { kind: 'allow_once' } });
  expect(again.ok ? null : again.error.message).toBe(`approval ${answered.ref} is already denied`);
  // The status is a word of the language, not the English one.
  expect(again.ok ? '' : render('zh-CN', again.error.msg ?? { key: 'reasons.cancelled' })).toContain('已拒绝');
});
