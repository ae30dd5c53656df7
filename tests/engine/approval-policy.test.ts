import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPolicyEngine } from '../../main/core/policy';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] },
      { when: 'peek secrets', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: '.env' } }] }, { content: 'result: {{lastTool}}' }] },
    ],
  },
  engine: { approvals: 'ask' },
});

it('"allow for this session" lets the same call through in that session only, with the rule and source shown', async () => {
  const home = fx.home();
  let engine = await fx.open({ home });
  const log = recordEvents(engine);
  const a = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'a' }));
  const b = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'b' }));

  const asked = nextEvent(engine, 'approval_requested');
  const p1 = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'say hi' }));
  const req = await asked;
  expect(req.decision).toMatchObject({ decision: 'needs_approval' });
  expect(req.alwaysRule).toContain('Bash(echo hi)');
  unwrap(await engine.handlers['approval.answer']({ approval: req.approvalRef, answer: { kind: 'allow_session' } }));
  expect(await settled(engine, p1.id)).toBe('completed');

  const p2 = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'say hi again' }));
  expect(await settled(engine, p2.id)).toBe('completed');
  const second = log.filter((e) => e.type === 'tool_call' && e.promptId === p2.id);
  expect(second).toHaveLength(1);
  expect(second[0]?.type === 'tool_call' && second[0].decision).toMatchObject({ decision: 'auto_approved', source: 'session', rule: 'Bash(echo hi)' });

  // Another session is not covered by a's grant.
  const askedB = nextEvent(engine, 'approval_requested', (e) => e.sessionId === b.id);
  const p3 = unwrap(await engine.handlers['prompt.send']({ session: b.id, text: 'say hi' }));
  const reqB = await askedB;
  unwrap(await engine.handlers['approval.answer']({ approval: reqB.approvalId, answer: { kind: 'deny' } }));
  expect(await settled(engine, p3.id)).toBe('completed');
  // a's approval was not consumed or released by b's answer.
  expect(unwrap(await engine.handlers['approval.list']({ session: a.id })).map((x) => x.status)).toEqual(['approved']);

  // The grant survives a restart (it is stored with the session).
  await fx.close(engine);
  engine = await fx.open({ home });
  const log2 = recordEvents(engine);
  const p4 = unwrap(await engine.handlers['prompt.send']({ session: 'a', text: 'say hi once more' }));
  expect(await settled(engine, p4.id)).toBe('completed');
  const call = log2.find((e) => e.type === 'tool_call');
  expect(call?.type === 'tool_call' && call.decision?.source).toBe('session');
});

it('"always allow" saves the narrowest rule to the project-local file, active once the workspace is trusted', async () => {
  const home = fx.home();
  const ws = tempDir();
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const asked = nextEvent(engine, 'approval_requested');
  const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  const req = await asked;
  unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'allow_always' } }));
  expect(await settled(engine, p1.id)).toBe('completed');
  const file = join(ws, '.paragents', 'settings.local.json');
  expect(existsSync(file)).toBe(true);
  expect(JSON.parse(readFileSync(file, 'utf8')).permissions.allow).toEqual(['Bash(echo hi)']);

  // Saved, but inert until the workspace is trusted.
  const inert = unwrap(await engine.handlers['policy.check']({ workspace: ws, tool: 'Bash', input: { command: 'echo hi' } }));
  expect(inert.decision).toBe('needs_approval');
  expect(unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }))).toEqual({ workspace: ws, trusted: true });
  const check = unwrap(await engine.handlers['policy.check']({ workspace: ws, tool: 'Bash', input: { command: 'echo hi' } }));
  expect(check).toMatchObject({ decision: 'auto_approved', rule: 'Bash(echo hi)', source: 'local' });
  expect(createPolicyEngine({ home, host: { home: tempDir(), env: {} } }).isTrusted(ws)).toBe(true);
  const other = unwrap(await engine.handlers['policy.check']({ workspace: ws, tool: 'Bash', input: { command: 'echo hi; rm -rf /' } }));
  expect(other.decision).not.toBe('auto_approved');
});

it('blocks by a deny rule before anything runs, and the model is told why', async () => {
  const ws = tempDir();
  const { writeFileSync, mkdirSync } = await import('node:fs');
  writeFileSync(join(ws, '.env'), 'SECRET=1\n');
  mkdirSync(join(ws, '.paragents'));
  writeFileSync(join(ws, '.paragents', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(.env)'] } }));
  const engine = await fx.open({ approvals: 'all' });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const done = nextEvent(engine, 'turn_completed');
  unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'peek secrets' }));
  const content = (await done).content;
  expect(content).toMatch(/blocked by policy/);
  expect(content).toMatch(/Read\(\.env\)/);
  expect(content).not.toContain('SECRET=1');
});

it('an answer given while the card is being published (a listener in the same process) reaches the waiting turn', async () => {
  const e = await fx.open();
  const answered: string[] = [];
  // The answer is given inside the approval_requested listener, before the turn has started to wait for it.
  e.onEvent((ev) => {
    if (ev.type !== 'approval_requested') return;
    answered.push(ev.approvalRef);
    void e.handlers['approval.answer']({ approval: ev.approvalId, answer: { kind: 'allow_once' } });
  });
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'eager' }));
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  expect(await settled(e, p.id, 20_000)).toBe('completed');
  expect(answered).toHaveLength(1);
  expect(unwrap(await e.handlers['approval.list']({ session: s.id })).map((x) => x.status)).toEqual(['approved']);
});
