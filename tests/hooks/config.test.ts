import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { readSettings } from '../../main/core/policy/settings/load';
import { parseHookSettings } from '../../main/core/policy/settings/hooks-block';
import { hookMatches } from '../../main/core/hooks/matcher';
import { createPolicyEngine } from '../../main/core/policy';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writeJson } from './helpers';

afterEach(() => cleanupTempDirs());

it('reads hooks written for Claude Code: events, matchers, commands and timeouts (default 60 s)', () => {
  const s = parseHookSettings(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ type: 'command', command: './check.sh', timeout: 30 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
      },
    },
    '/u/settings.json',
    'user',
  );
  expect(s.problems).toEqual([]);
  expect(s.hooks).toEqual([
    { event: 'PreToolUse', matcher: 'Bash|Write', command: './check.sh', timeoutMs: 30_000, source: 'user', file: '/u/settings.json', where: 'hooks.PreToolUse[0].hooks[0]' },
    { event: 'Stop', matcher: null, command: 'say done', timeoutMs: 60_000, source: 'user', file: '/u/settings.json', where: 'hooks.Stop[0].hooks[0]' },
  ]);
});

it('matchers are whole-name regular expressions; empty and * match every tool; events without a subject ignore them', () => {
  expect(hookMatches({ matcher: 'Bash|Write' }, 'Write')).toBe(true);
  expect(hookMatches({ matcher: 'Bash' }, 'BashOutput')).toBe(false);
  expect(hookMatches({ matcher: 'mcp__github__.*' }, 'mcp__github__create_issue')).toBe(true);
  expect(hookMatches({ matcher: null }, 'Read')).toBe(true);
  expect(hookMatches({ matcher: 'Bash' }, null)).toBe(true);
  const star = parseHookSettings({ hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'x' }] }] } }, 'f', 'user');
  expect(star.hooks[0]?.matcher).toBeNull();
});

it('each unusable entry is one problem naming the file and the field, and the others are kept', () => {
  const file = '/p/.paragents/settings.json';
  const s = parseHookSettings(
    {
      allowManagedHooksOnly: true,
      hooks: {
        PreToolUse: [
          { matcher: 'Bash(', hooks: [{ type: 'command', command: 'a' }] },
          { matcher: 'Read', hooks: [{ type: 'prompt', prompt: 'x' }, { type: 'command', command: '' }, { type: 'command', command: 'b', timeout: -1 }, { type: 'command', command: 'ok' }] },
        ],
        SubagentStop: [],
        Stop: { hooks: [] },
      },
    },
    file,
    'project',
  );
  expect(s.hooks.map((h) => h.command)).toEqual(['ok']);
  expect(s.managedOnly).toBe(false);
  const messages = s.problems.map((p) => p.message);
  expect(s.problems.every((p) => p.file === file)).toBe(true);
  expect(messages).toEqual([
    'allowManagedHooksOnly: only managed settings can set this',
    expect.stringMatching(/^hooks\.PreToolUse\[0\]\.matcher: "Bash\(" is not a valid regular expression/),
    'hooks.PreToolUse[1].hooks[0].type: only "command" hooks are supported',
    'hooks.PreToolUse[1].hooks[1].command: must be a non-empty shell command',
    'hooks.PreToolUse[1].hooks[2].timeout: must be a number of seconds above 0 and at most 3600',
    expect.stringMatching(/^hooks\.SubagentStop: Paragents does not run this hook event/),
    'hooks.Stop: must be an array of {"matcher": …, "hooks": [...]} entries',
  ]);
});

it('a bad hook is reported with the settings problems and leaves the file\'s rules in force', async () => {
  const home = tempDir();
  const ws = tempDir();
  writeJson(join(home, 'settings.json'), { permissions: { allow: ['Bash(echo hi)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] } });
  const loaded = readSettings({ permissions: { allow: ['Bash(echo hi)'] }, hooks: 'nope' }, join(home, 'settings.json'), 'user');
  expect(loaded.malformed).toBe(false);
  expect(loaded.rules).toHaveLength(1);
  const policy = createPolicyEngine({ home, host: { home: tempDir(), env: {} } });
  expect(await policy.problems(ws)).toMatchObject([
    { file: join(home, 'settings.json'), message: 'hooks.PreToolUse[0].hooks[0].command: must be a non-empty shell command' },
  ]);
  const check = await policy.check({ tool: 'Bash', input: { command: 'echo hi' }, workspace: ws, sessionId: null, headless: false });
  expect(check.ok && check.value.decision).toBe('auto_approved');
});
