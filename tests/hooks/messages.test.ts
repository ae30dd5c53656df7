// Hook lines and what is wrong in a hooks setting are written as data (a catalog key and its values): their
// English is byte for byte the sentence the engine wrote before (the model, `--json` and the logs read it), and
// they render in 简体中文 with no English sentence of the engine's left; what the hook said stays as written.
import { expect, it } from 'vitest';
import { hookRanMsg, hookRanText, type HookRanFigures } from '../../shared/hooks';
import { english, msg, render } from '../../shared/i18n';
import { parseHookSettings } from '../../main/core/policy/settings/hooks-block';
import { HAN, leftoverEnglish } from '../i18n/reason-check';

/** The line as shared/hooks.ts built it before it was data. */
function oldLine(e: HookRanFigures): string {
  const clip = (s: string, n: number): string => {
    const one = s.replace(/\s+/g, ' ').trim();
    return one.length > n ? `${one.slice(0, n - 1)}…` : one;
  };
  const on = e.tool ? ` on ${e.tool}` : '';
  const head = `hook ${e.event}${on} \`${clip(e.command, 120)}\` (${e.source} settings)`;
  if (e.notRun) return `${head} not run: ${e.notRun}`;
  const how = e.timedOut ? `timed out after ${e.ms} ms and was stopped` : e.exitCode === null ? `was stopped after ${e.ms} ms` : `exit ${e.exitCode} in ${e.ms} ms`;
  return `${head} ${how}${e.decision ? `, ${e.decision}` : ''}${e.message ? `: ${clip(e.message, 300)}` : ''}`;
}

const base: HookRanFigures = { event: 'PreToolUse', command: './check.sh  --strict', source: 'user', exitCode: 0, ms: 12, decision: null, timedOut: false, tool: 'Bash', message: null, notRun: null };
const notApproved = msg('notices.hook.notApproved', { workspace: '/w' });
const cases: HookRanFigures[] = [
  base,
  { ...base, exitCode: 2, decision: 'deny', message: '不要用 shell' },
  { ...base, tool: null, event: 'UserPromptSubmit', exitCode: 2, decision: 'block', message: 'not\n  this prompt' },
  { ...base, exitCode: null, timedOut: true, ms: 60000, source: 'project' },
  { ...base, exitCode: null, ms: 5, decision: 'ask', source: 'managed' },
  { ...base, exitCode: 1, message: 'x'.repeat(400), command: 'y'.repeat(200), source: 'local' },
  { ...base, event: 'SessionStart', tool: null, decision: 'context', message: "added 12 characters to the model's context" },
  { ...base, exitCode: null, ms: 0, source: 'project', notRun: english(notApproved), notRunMsg: notApproved },
];

it('a hook line as data reads in English exactly as before, and in 简体中文 with only what the hook said left', () => {
  for (const e of cases) {
    expect(hookRanText(e)).toBe(oldLine(e));
    const zh = render('zh-CN', hookRanMsg(e));
    expect(zh, zh).toMatch(HAN);
    const said = e.message?.replace(/\s+/g, ' ').slice(0, 200) ?? '\0';
    expect(leftoverEnglish(zh, [said, e.command, "added 12 characters to the model's context", 'paragents hooks approve']), zh).toBeNull();
  }
  expect(render('zh-CN', hookRanMsg(cases[1]!))).toMatch(/^PreToolUse hook（Bash）`.*`（用户设置）退出码 2，用时 12 ms，拒绝：不要用 shell$/);
});

it('a hook run stored before its "not run" came as data shows that sentence as written', () => {
  const stored = { ...base, exitCode: null, ms: 0, notRun: 'no one has approved this project hook yet (paragents hooks approve --workspace /w)' };
  expect(hookRanText(stored)).toBe(oldLine(stored));
  expect(render('zh-CN', hookRanMsg(stored))).toContain(stored.notRun);
});

it('what is wrong in a hooks setting: the sentence as before, with its Msg rendered in 简体中文', () => {
  const { problems } = parseHookSettings(
    {
      allowManagedHooksOnly: 'yes',
      hooks: {
        Bogus: [],
        Stop: {},
        PreToolUse: [7, { matcher: 3, hooks: [] }, { matcher: '(', hooks: [] }, { hooks: 'x' }, { hooks: [1, { type: 'http' }, { type: 'command', command: ' ' }, { type: 'command', command: 'a', timeout: 0 }] }],
      },
    },
    '/h/settings.json',
    'user',
  );
  const parsed = parseHookSettings({ allowManagedHooksOnly: true, hooks: [] }, '/h/settings.json', 'user').problems;
  const all = [...problems, ...parsed];
  expect(all.map((p) => p.message)).toEqual([
    'allowManagedHooksOnly: must be true or false',
    'hooks.Bogus: Paragents does not run this hook event (it runs SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, Notification, PreCompact)',
    'hooks.Stop: must be an array of {"matcher": …, "hooks": [...]} entries',
    'hooks.PreToolUse[0]: must be an object with "hooks" (and an optional "matcher")',
    'hooks.PreToolUse[1].matcher: must be a string (a regular expression on tool names)',
    expect.stringMatching(/^hooks\.PreToolUse\[2\]\.matcher: "\(" is not a valid regular expression \(.+\)$/),
    'hooks.PreToolUse[3].hooks: must be an array of {"type": "command", "command": …} entries',
    'hooks.PreToolUse[4].hooks[0]: must be an object such as {"type": "command", "command": "./check.sh"}',
    'hooks.PreToolUse[4].hooks[1].type: only "command" hooks are supported',
    'hooks.PreToolUse[4].hooks[2].command: must be a non-empty shell command',
    'hooks.PreToolUse[4].hooks[3].timeout: must be a number of seconds above 0 and at most 3600',
    'allowManagedHooksOnly: only managed settings can set this',
    'hooks: must be an object whose keys are hook events, such as {"PreToolUse": [...]}',
  ]);
  for (const p of all) {
    expect(p.msg).toBeDefined();
    expect(english(p.msg!)).toBe(p.message);
    const zh = render('zh-CN', p.msg!);
    expect(zh, zh).toMatch(HAN);
    expect(leftoverEnglish(zh.replace(/（Invalid regular expression.*）$/, ''), ['SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, Notification, PreCompact']), `${p.message} → ${zh}`).toBeNull();
  }
});
