import { expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPolicyEngine, type PolicyVerdict } from '../../main/core/policy';
import { applyPreToolHooks } from '../../main/core/hooks/pre-tool';
import type { HookRun } from '../../main/core/hooks/runner';
import { english, render, translate, type Msg } from '../../shared/i18n';
import { hookRanMsg } from '../../shared/hooks';
import type { HookDecision, HookSource } from '../../shared/hooks';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { hookSettings, writeHook, writeJson } from './helpers';

const fx = useEngineFixture({
  script: { rules: [{ when: 'read notes', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] }, { content: 'done' }] }] },
});

const HAN = /[\u4e00-\u9fff]/;

function run(decision: HookDecision, message: string | null, source: HookSource = 'user', command = './gate.sh'): HookRun {
  return {
    hook: { event: 'PreToolUse', matcher: null, command, timeoutMs: 60_000, source, file: 'f', where: 'w', standing: 'active', reason: null, sandboxed: false },
    result: { exitCode: 0, stdout: '', stderr: '', ms: 1, timedOut: false, cancelled: false, spawnError: null, pid: 1 },
    answer: { decision, message, context: null, warning: false },
  };
}

async function verdictOf(command: string): Promise<PolicyVerdict> {
  const home = tempDir();
  writeJson(join(home, 'settings.json'), { permissions: { allow: ['Bash(echo hi)'] } });
  const policy = createPolicyEngine({ home, host: { home: tempDir(), env: {} } });
  const v = await policy.check({ tool: 'Bash', input: { command }, workspace: tempDir(), sessionId: null, headless: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
}

/** The reason as data: its English is the reason the model and --json read, and 简体中文 renders it in Chinese. */
function expectReason(v: PolicyVerdict, reason: string, key: string): string {
  expect(v.reason).toBe(reason);
  expect(v.reasonMsg?.key).toBe(key);
  expect(english(v.reasonMsg as Msg)).toBe(reason);
  const zh = render('zh-CN', v.reasonMsg as Msg);
  expect(zh).toMatch(HAN);
  return zh;
}

it('each hook verdict gives the policy its reason as data, the hook\'s own words kept as written', async () => {
  const asks = await verdictOf('touch notes.txt');
  const deny = applyPreToolHooks(asks, [run('deny', 'no shell here')], false);
  const zh = expectReason(deny, 'refused by PreToolUse hook `./gate.sh` (user settings): no shell here', 'notices.hook.refused');
  expect(zh).toContain('no shell here');
  expect(zh).not.toContain('refused by');

  expectReason(applyPreToolHooks(asks, [run('allow', null)], false), 'allowed by hook `./gate.sh` (user settings)', 'notices.hook.allowed');
  expectReason(applyPreToolHooks(asks, [run('allow', null)], true), `${asks.reason} (hook \`./gate.sh\` allowed it, but managed settings lock the permission rules, so only a managed hook may allow)`, 'notices.hook.allowedButNot');

  const auto = await verdictOf('echo hi');
  expect(auto.decision).toBe('auto_approved');
  expectReason(applyPreToolHooks(auto, [run('ask', 'reviewed here', 'project', './review')], false), 'asked by hook `./review` (project settings): reviewed here', 'notices.hook.asked');

  // An ask on an asking call: the policy's reason comes first, as data too when the policy gave it as data.
  const both = applyPreToolHooks(asks, [run('ask', null)], false);
  expectReason(both, `${asks.reason}; asked by hook \`./gate.sh\` (user settings)`, 'notices.hook.askedToo');
  if (asks.reasonMsg) expect(both.reasonMsg?.vars?.reason).toEqual(asks.reasonMsg);
});

it('an approval card raised by a hook carries its reason as data; a refused prompt fails with the refusal as data', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const ws = tempDir();
  writeFileSync(join(ws, 'notes.txt'), 'the notes\n');
  const asker = writeHook(scripts, 'ask.sh', `cat > /dev/null\necho '{"decision": "ask", "reason": "reads are reviewed here"}'`);
  const guard = writeHook(scripts, 'guard.sh', `input=$(cat)\ncase "$input" in *password*) exit 2;; esac\nexit 0`);
  writeJson(join(home, 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Read', command: asker }], UserPromptSubmit: [{ command: guard }] }));
  const engine = await fx.open({ home, env: { PATH: process.env.PATH }, approvals: 'ask' });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));

  const asked = nextEvent(engine, 'approval_requested');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'read notes' }));
  const card = await asked;
  expect(card.decision.reason).toBe(`asked by hook \`${asker}\` (user settings): reads are reviewed here`);
  expect(english(card.decision.reasonMsg!)).toBe(card.decision.reason);
  expect(render('zh-CN', card.decision.reasonMsg!)).toMatch(HAN);
  unwrap(await engine.handlers['approval.answer']({ approval: card.approvalId, answer: { kind: 'allow_once' } }));
  expect(await settled(engine, p.id)).toBe('completed');

  const refused = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'my password' }));
  expect(await settled(engine, refused.id)).toBe('failed');
  const failed = log.find((e) => e.type === 'turn_failed');
  if (failed?.type !== 'turn_failed') throw new Error('no turn_failed event');
  // The hook wrote nothing: the engine says so, in each language, in the failure and in the hook's line.
  expect(failed.error).toBe(`refused by UserPromptSubmit hook \`${guard}\` (user settings): the hook exited with code 2 and wrote nothing to stderr`);
  expect(failed.errorMsg?.key).toBe('notices.hook.refused');
  expect(english(failed.errorMsg!)).toBe(failed.error);
  const silent = translate('zh-CN', 'notices.hook.exit2Silent');
  expect(silent).toMatch(HAN);
  expect(render('zh-CN', failed.errorMsg!)).toContain(silent);
  const ran = log.find((e) => e.type === 'hook_ran' && e.event === 'UserPromptSubmit' && e.exitCode === 2);
  if (ran?.type !== 'hook_ran') throw new Error('no hook_ran event');
  expect(ran.message).toBe('the hook exited with code 2 and wrote nothing to stderr');
  expect(render('zh-CN', hookRanMsg(ran))).toContain(silent);
});
