// What the engine itself writes about a turn, shown in the panel's language: hook lines of the transcript, hook
// verdicts, the errors of refused and denied tool calls, failed turns and the headless --approve answers. Each
// text comes from a real engine run (scripted model on loopback, real hook scripts, real SQLite).
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { hookRanMsg } from '../../shared/hooks';
import { english, msg, shownText, type Msg } from '../../shared/i18n';
import type { EngineEvent } from '../../shared/events';
import type { Result } from '../../shared/result';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { hookSettings, writeHook, writeJson } from '../hooks/helpers';
import { expectAsData } from './reason-check';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'run echo', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'done' }] },
      { when: 'read notes', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { content: 'done' }] },
      { when: 'write asked', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'asked.txt', content: 'x\n' } }] }, { content: 'done' }] },
      { when: 'write notes', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'notes.txt', content: 'x\n' } }] }, { content: 'done' }] },
      {
        when: 'two steps',
        steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { content: 'done' }],
      },
      { when: 'anything', steps: [{ content: 'done' }] },
    ],
  },
  engine: { env: { PATH: process.env.PATH } },
});

async function open(approvals: 'ask' | 'all' | 'never', settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const home = fx.home(extra);
  writeJson(join(home, 'settings.json'), settings);
  const engine = await fx.open({ home, approvals });
  const log = recordEvents(engine);
  const ws = tempDir();
  writeFileSync(join(ws, 'notes.txt'), 'the notes\n');
  const session = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  return { engine, log, session };
}

/** A text a person reads, in English as the model and `--json` read it, with the Msg that came beside it (if any). */
interface Said {
  readonly text: string;
  readonly m: Msg | undefined;
}

/** The texts a person reads of a run: hook lines, decisions' reasons, tool errors and failed turns. */
function engineTexts(log: readonly EngineEvent[]): Said[] {
  return log.flatMap((e): Said[] => {
    switch (e.type) {
      case 'hook_ran': {
        const line = hookRanMsg(e);
        return [{ text: english(line), m: line }];
      }
      case 'tool_call':
        return e.decision ? [{ text: e.decision.reason, m: e.decision.reasonMsg }] : [];
      case 'approval_requested':
        return [{ text: e.decision.reason, m: e.decision.reasonMsg }];
      case 'tool_result':
        return e.error ? [{ text: e.error, m: e.errorMsg }] : [];
      case 'turn_failed':
        // The transcript's line; the failure inside it must be data, or the line would be half English.
        return [{ text: `failed: ${e.error}`, m: e.errorMsg && msg('reasons.turnFailed', { error: e.errorMsg }) }];
      default:
        return [];
    }
  });
}

/** Their English texts, to look for the kinds a run must have produced. */
const textsOf = (said: readonly Said[]): string[] => said.map((s) => s.text);

/** Each text came as data: its Msg's English is the text, and its Chinese has no English left. */
function expectTranslated(said: readonly Said[], keep: readonly string[]): void {
  expect(said.length).toBeGreaterThan(0);
  for (const { text, m } of said) expectAsData(text, m, keep);
}

/** The Chinese of the one text matching `re`. */
function chineseOf(said: readonly Said[], re: RegExp): string {
  const found = said.find((s) => re.test(s.text));
  expect(found, `${re} in\n${textsOf(said).join('\n')}`).toBeDefined();
  return found ? shownText('zh-CN', found.text, found.m) : '';
}

it('hook lines, hook verdicts, a refused call, a denied call and a refused prompt read in Chinese', async () => {
  const scripts = tempDir();
  const block = writeHook(scripts, 'block.sh', 'cat > /dev/null\necho "不要用 shell" >&2\nexit 2');
  const asker = writeHook(scripts, 'ask.sh', `cat > /dev/null\necho '{"decision": "ask", "reason": "需要看一下"}'`);
  const allow = writeHook(scripts, 'allow.sh', `cat > /dev/null\necho '{"decision": "allow", "reason": "可以写"}'`);
  const gate = writeHook(scripts, 'gate.sh', 'if grep -q forbidden; then echo "不接受这个提示词" >&2; exit 2; fi');
  const { engine, log, session } = await open(
    'ask',
    hookSettings(
      {
        PreToolUse: [{ matcher: 'Bash', command: block }, { matcher: 'Read', command: asker }, { matcher: 'Write', command: allow }],
        UserPromptSubmit: [{ command: gate }],
      },
      { permissions: { ask: ['Write(asked.txt)'] } },
    ),
  );

  const p1 = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'run echo' }));
  expect(await settled(engine, p1.id)).toBe('completed');

  const card = nextEvent(engine, 'approval_requested');
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'read notes' }));
  unwrap(await engine.handlers['approval.answer']({ approval: (await card).approvalId, answer: { kind: 'deny', message: '现在不行' } }));
  expect(await settled(engine, p2.id)).toBe('completed');

  const card2 = nextEvent(engine, 'approval_requested');
  const p3 = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'write asked' }));
  unwrap(await engine.handlers['approval.answer']({ approval: (await card2).approvalId, answer: { kind: 'deny' } }));
  expect(await settled(engine, p3.id)).toBe('completed');

  const p4 = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'anything forbidden' }));
  expect(await settled(engine, p4.id)).toBe('failed');

  const said = engineTexts(log);
  const texts = textsOf(said);
  // Every kind is there: hook runs with a decision, the hook's refusal as a tool error, an ask, a denial, an
  // allow that could not loosen an ask rule, and a turn a hook refused.
  const has = (re: RegExp) => expect(texts.some((t) => re.test(t)), `${re} in\n${texts.join('\n')}`).toBe(true);
  has(/^hook PreToolUse on Bash `.*` \(user settings\) exit 2 in \d+ ms, deny: 不要用 shell$/);
  has(/^hook UserPromptSubmit `.*` \(user settings\) exit 2 in \d+ ms/);
  has(/^blocked by policy: refused by PreToolUse hook `.*` \(user settings\): 不要用 shell\. Do not retry this call unchanged\.$/);
  has(/^asked by hook `.*` \(user settings\): 需要看一下$/);
  has(/^the user denied this call\. Their message: 现在不行$/);
  has(/hook `.*` allowed it, but a hook's allow never overrides an ask rule, a protected path or a critical command\)$/);
  has(/^failed: refused by UserPromptSubmit hook `.*` \(user settings\): 不接受这个提示词$/);
  expectTranslated(said, [scripts]);

  expect(chineseOf(said, /^hook PreToolUse on Bash/)).toMatch(/^PreToolUse hook（Bash）`.*`（用户设置）退出码 2，用时 \d+ ms，拒绝：不要用 shell$/);
});

it('headless runs (--approve all, and a run nobody can approve) and a turn over its step limit read in Chinese', async () => {
  const all = await open('all', {});
  const p1 = unwrap(await all.engine.handlers['prompt.send']({ session: all.session.id, text: 'write notes' }));
  expect(await settled(all.engine, p1.id)).toBe('completed');

  const never = await open('never', {}, { maxSteps: 2 });
  const p2 = unwrap(await never.engine.handlers['prompt.send']({ session: never.session.id, text: 'write notes' }));
  expect(await settled(never.engine, p2.id)).toBe('completed');
  const p3 = unwrap(await never.engine.handlers['prompt.send']({ session: never.session.id, text: 'two steps' }));
  expect(await settled(never.engine, p3.id)).toBe('failed');

  const said = [...engineTexts(all.log), ...engineTexts(never.log)];
  const texts = textsOf(said);
  const has = (re: RegExp) => expect(texts.some((t) => re.test(t)), `${re} in\n${texts.join('\n')}`).toBe(true);
  has(/^writing \S+\/notes\.txt needs approval in default mode \(approved by --approve all\)$/);
  // Without --approve all a headless run blocks what would ask; the model is told so.
  has(/^blocked by policy: headless run, nobody can approve: writing \S+\/notes\.txt needs approval in default mode\. Do not retry this call unchanged\.$/);
  has(/^failed: Max steps exceeded: the turn made \d+ model calls \(limit 2\)$/);
  expectTranslated(said, []);
  const approved = texts.find((t) => t.endsWith('(approved by --approve all)'))!;
  const file = approved.slice('writing '.length, approved.indexOf(' needs approval'));
  expect(chineseOf(said, /\(approved by --approve all\)$/)).toBe(`写入 ${file} 在 default 模式下需要审批（由 --approve all 批准）`);
});

it('why an MCP server does not run, what is wrong in an mcp.json and a refused MCP call read in Chinese', async () => {
  const home = fx.home();
  writeJson(join(home, 'mcp.json'), {
    mcpServers: {
      off: { command: 'true' },
      broken: { command: 'sh', args: ['-c', 'echo boom >&2; exit 3'] },
      shared: { command: 'true' },
      'bad name!': { command: 'true' },
      args: { command: 'x', args: 'y' },
      both: { command: 'x', url: 'http://127.0.0.1:9/mcp' },
      empty: {},
    },
    extra: 1,
  });
  const ws = tempDir();
  writeJson(join(ws, '.mcp.json'), { mcpServers: { proj: { command: 'node', args: ['tools/mcp.js'] }, shared: { command: 'true' } } });
  const engine = await fx.open({ home, approvals: 'ask' });
  unwrap(await engine.handlers['mcp.setEnabled']({ server: 'off', enabled: false }));
  const refused = await engine.handlers['mcp.call']({ server: 'off', tool: 'echo', input: {} });
  expect(refused.ok).toBe(false);
  const broken = await engine.handlers['mcp.tools']({ server: 'broken' });
  const overview = unwrap(await engine.handlers['mcp.list']({ workspace: ws }));
  const failed = overview.servers.find((s) => s.name === 'broken');
  expect(failed?.state, JSON.stringify(broken)).toBe('failed');

  // Why a server does not run, what is wrong in a file, the refused call and the failure come as data: rendered,
  // their English the sentence as before.
  const said: Said[] = [
    ...overview.servers.flatMap((s) => (s.reason ? [{ text: s.reason, m: s.reasonMsg }] : [])),
    ...overview.problems.map((p) => ({ text: p.message, m: p.msg })),
    ...(refused.ok ? [] : [{ text: refused.error.message, m: refused.error.msg }]),
    ...(failed?.error ? [{ text: failed.error, m: failed.errorMsg }] : []),
  ];
  const texts = textsOf(said);
  const has = (re: RegExp) => expect(texts.some((t) => re.test(t)), `${re} in\n${texts.join('\n')}`).toBe(true);
  has(/^the server "off" is turned off$/);
  has(/^the workspace .* is not trusted, so its \.mcp\.json servers do not run$/);
  has(/^The MCP server "off" does not run: the server "off" is turned off\.$/);
  has(/mcp\.json: mcpServers\.args\.args must be an array of strings$/);
  has(/mcp\.json: mcpServers\.both has both "command" and "url"; give one$/);
  has(/mcp\.json: extra: unknown key$/);
  has(/^the server exited with code 3; its last stderr lines: boom$|^could not start: /);
  // What the system and the server said (the SDK's error, stderr lines) stays as written.
  const stated = /^(?:could not start: (.+?))?(?:; its last stderr lines: (.*))?$/s.exec((failed?.error ?? '').replace(/^the server exited with code \d+/, ''));
  expectTranslated(said, [home, ws, stated?.[1] ?? 'boom', stated?.[2] ?? 'boom']);
});

it('requests the engine refuses say why in Chinese: unknown references, prompts and approvals in the wrong state, a closed session', async () => {
  const { engine, session } = await open('ask', {});
  const card = nextEvent(engine, 'approval_requested');
  const p = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'write asked' }));
  const approval = await card;
  unwrap(await engine.handlers['approval.answer']({ approval: approval.approvalId, answer: { kind: 'deny' } }));
  expect(await settled(engine, p.id)).toBe('completed');

  const said: Said[] = [];
  const refused = async (r: Result<unknown> | Promise<Result<unknown>>) => {
    const out = await r;
    expect(out.ok).toBe(false);
    if (!out.ok) said.push({ text: out.error.message, m: out.error.msg });
  };
  await refused(engine.handlers['session.get']({ session: 'nosuchsession' }));
  await refused(engine.handlers['prompt.pause']({ prompt: p.id }));
  await refused(engine.handlers['prompt.edit']({ prompt: p.id, text: 'again' }));
  await refused(engine.handlers['prompt.retry']({ prompt: p.id }));
  await refused(engine.handlers['prompt.cancel']({ prompt: p.id }));
  await refused(engine.handlers['approval.answer']({ approval: approval.approvalId, answer: { kind: 'allow_once' } }));
  await refused(engine.handlers['session.create']({ workspace: join(tempDir(), 'missing') }));
  unwrap(await engine.handlers['session.close']({ session: session.id }));
  await refused(engine.handlers['prompt.send']({ session: session.id, text: 'anything' }));

  const errors = textsOf(said);
  const has = (re: RegExp) => expect(errors.some((t) => re.test(t)), `${re} in\n${errors.join('\n')}`).toBe(true);
  has(/^session not found: "nosuchsession"$/);
  has(/^only a running prompt can be paused; \S+ is completed$/);
  has(/^only a queued prompt can be edited; \S+ is completed$/);
  has(/^only a failed or cancelled prompt can be retried; \S+ is completed$/);
  has(/^prompt \S+ already completed$/);
  has(/^approval \S+ is already denied$/);
  has(/^workspace folder does not exist: /);
  has(/^session \S+ is closed$/);
  expectTranslated(said, []);
  expect(chineseOf(said, /^session not found: "nosuchsession"$/)).toBe('找不到会话：“nosuchsession”');
});
