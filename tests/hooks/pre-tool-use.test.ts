import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { hookEvents, hookSettings, readJson, requestTexts, writeHook, writeJson } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'run echo', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'result: {{lastTool}}' }] },
      { when: 'read notes', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { content: 'result: {{lastTool}}' }] },
      { when: 'write notes', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'notes.txt', content: 'written\n' } }] }, { content: 'result: {{lastTool}}' }] },
      { when: 'write secret', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'secret.txt', content: 'x\n' } }] }, { content: 'result: {{lastTool}}' }] },
      { when: 'write asked', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'asked.txt', content: 'x\n' } }] }, { content: 'result: {{lastTool}}' }] },
    ],
  },
  engine: { env: { PATH: process.env.PATH } },
});

it('exit 2 refuses the call and the model receives the hook\'s stderr; the run is a hook_ran event', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const block = writeHook(scripts, 'block.sh', 'cat > /dev/null\necho "no shell in this repo, use the Read tool" >&2\nexit 2');
  writeJson(join(home, 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Bash', command: block }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run echo' }));
  expect(await settled(engine, p.id)).toBe('completed');

  const result = log.find((e) => e.type === 'tool_result');
  expect(result?.type === 'tool_result' && result.ok).toBe(false);
  // What the model was sent back: the refusal with the hook's words.
  const toolMessage = requestTexts(fx.server.requests).at(-1)?.find((t) => t.includes('no shell in this repo'));
  expect(toolMessage).toContain(`refused by PreToolUse hook \`${block}\` (user settings): no shell in this repo, use the Read tool`);
  const call = log.find((e) => e.type === 'tool_call');
  expect(call?.type === 'tool_call' && call.decision).toMatchObject({ decision: 'blocked', source: 'user' });

  const ran = hookEvents(log);
  expect(ran).toHaveLength(1);
  expect(ran[0]).toMatchObject({ event: 'PreToolUse', command: block, source: 'user', exitCode: 2, decision: 'deny', tool: 'Bash', timedOut: false });
  expect(ran[0]?.ms).toBeGreaterThanOrEqual(0);
  // Stored like every event, so a reload and `sessions show` show the line.
  const stored = unwrap(await engine.handlers['session.events']({ session: s.id })).filter((e) => e.type === 'hook_ran');
  expect(stored).toHaveLength(1);
});

it('"ask" turns an auto-approved call into an approval card naming the hook; a Notification hook hears of the card', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const ws = tempDir();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(ws, 'notes.txt'), 'the notes\n');
  const asker = writeHook(scripts, 'ask.sh', `cat > /dev/null\necho '{"decision": "ask", "reason": "reads are reviewed here"}'`);
  const notified = join(scripts, 'notification.json');
  const notify = writeHook(scripts, 'notify.sh', `cat > ${notified}`);
  writeJson(join(home, 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Read', command: asker }], Notification: [{ command: notify }] }));
  const engine = await fx.open({ home, approvals: 'ask' });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const asked = nextEvent(engine, 'approval_requested');
  const notifiedRan = nextEvent(engine, 'hook_ran', (e) => e.event === 'Notification');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'read notes' }));
  const card = await asked;
  expect(card.decision).toMatchObject({ decision: 'needs_approval', source: 'user', rule: null });
  expect(card.decision.reason).toBe(`asked by hook \`${asker}\` (user settings): reads are reviewed here`);
  // The hook would ask again, so no "always allow" is offered.
  expect(card.alwaysRule).toBeNull();

  expect((await notifiedRan).exitCode).toBe(0);
  expect(readJson(notified)).toMatchObject({
    hook_event_name: 'Notification',
    notification_type: 'permission_prompt',
    tool_name: 'Read',
    approval_ref: card.approvalRef,
    session_id: s.id,
    cwd: ws,
  });

  unwrap(await engine.handlers['approval.answer']({ approval: card.approvalId, answer: { kind: 'allow_once' } }));
  expect(await settled(engine, p.id)).toBe('completed');
  const done = log.find((e) => e.type === 'turn_completed');
  expect(done?.type === 'turn_completed' && done.content).toContain('the notes');
});

it('"allow" lets an otherwise asking Write run without a card, but never past a deny rule or an ask rule', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const ws = tempDir();
  const allow = writeHook(scripts, 'allow.sh', `cat > /dev/null\necho '{"decision": "allow", "reason": "writes are fine"}'`);
  writeJson(
    join(home, 'settings.json'),
    hookSettings({ PreToolUse: [{ matcher: 'Write|Edit', command: allow }] }, { permissions: { deny: ['Write(secret.txt)'], ask: ['Write(asked.txt)'] } }),
  );
  const engine = await fx.open({ home, approvals: 'ask' });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));

  const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write notes' }));
  expect(await settled(engine, p1.id)).toBe('completed');
  expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('written\n');
  expect(log.some((e) => e.type === 'approval_requested')).toBe(false);
  const first = log.find((e) => e.type === 'tool_call');
  expect(first?.type === 'tool_call' && first.decision).toMatchObject({
    decision: 'auto_approved',
    source: 'user',
    reason: `allowed by hook \`${allow}\` (user settings): writes are fine`,
  });

  // A deny rule stands: the hook ran and allowed, the call is still blocked and nothing is written.
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write secret' }));
  expect(await settled(engine, p2.id)).toBe('completed');
  expect(existsSync(join(ws, 'secret.txt'))).toBe(false);
  const denied = log.find((e) => e.type === 'tool_call' && e.promptId === p2.id);
  expect(denied?.type === 'tool_call' && denied.decision).toMatchObject({ decision: 'blocked', rule: 'Write(secret.txt)' });
  const told = log.find((e) => e.type === 'turn_completed' && e.promptId === p2.id);
  expect(told?.type === 'turn_completed' && told.content).toMatch(/blocked by policy/);

  // An explicit ask rule stands too: the card is raised, saying the hook's allow did not count.
  const asked = nextEvent(engine, 'approval_requested');
  const p3 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write asked' }));
  const card = await asked;
  expect(card.decision).toMatchObject({ decision: 'needs_approval', rule: 'Write(asked.txt)' });
  expect(card.decision.reason).toContain(`hook \`${allow}\` allowed it, but a hook's allow never overrides an ask rule`);
  unwrap(await engine.handlers['approval.answer']({ approval: card.approvalId, answer: { kind: 'deny' } }));
  expect(await settled(engine, p3.id)).toBe('completed');
  expect(existsSync(join(ws, 'asked.txt'))).toBe(false);
});

it('the hook gets the call as JSON on stdin, runs in the workspace, and a headless run still honours its allow', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const ws = tempDir();
  const seen = join(scripts, 'pre.json');
  const hook = writeHook(scripts, 'record.sh', `cat > ${seen}\npwd > ${seen}.cwd\necho '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}'`);
  writeJson(join(home, 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Write', command: hook }] }));
  const engine = await fx.open({ home, approvals: 'never' });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'rec' }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write notes' }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('written\n');
  const input = readJson(seen);
  expect(input).toMatchObject({
    hook_event_name: 'PreToolUse',
    session_id: s.id,
    session_ref: s.ref,
    session_name: 'rec',
    prompt_id: p.id,
    prompt_ref: p.ref,
    cwd: ws,
    permission_mode: 'default',
    tool_name: 'Write',
    tool_input: { path: 'notes.txt', content: 'written\n' },
  });
  expect(typeof input.tool_use_id).toBe('string');
  expect(readFileSync(`${seen}.cwd`, 'utf8').trim()).toBe(ws);
});
