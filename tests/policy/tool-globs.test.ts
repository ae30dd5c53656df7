import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runPolicyCommand } from '../../main/cli/policy-command';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { makeFixture, type Expect, type Fixture } from './fixture';

let f: Fixture;
afterEach(() => f?.cleanup());

const INEFFECTIVE = ['*', 'B*', 'mcp__*', 'mcp__*__read', 'mcp__gi*', 'Bash*'];

type Case = [tool: string, input: Record<string, unknown>, expected: Expect, rule: string | null];

describe('tool-name globs in allow rules must name a server or tool', () => {
  const cases: Case[] = [
    ['mcp__other__read', {}, 'needs_approval', null],
    ['mcp__github__get_issue', {}, 'auto_approved', 'mcp__github'],
    ['mcp__docs__search', {}, 'auto_approved', 'mcp__docs__*'],
    ['mcp__docsx__search', {}, 'needs_approval', null],
    ['Bash', { command: 'make build' }, 'needs_approval', null],
    ['Write', { path: 'x.txt', content: '' }, 'needs_approval', null],
    ['WebFetch', { url: 'https://example.com/' }, 'needs_approval', null],
  ];
  it.each(cases)('%s %j → %s', async (tool, input, expected, rule) => {
    f = makeFixture({ user: { permissions: { allow: [...INEFFECTIVE, 'mcp__github', 'mcp__docs__*'] } } });
    const v = await f.decide(tool, input);
    expect(v.decision, v.reason).toBe(expected);
    expect(v.rule).toBe(rule);
  });

  it('reports each ineffective rule with its file, and leaves it out of the effective rules', async () => {
    f = makeFixture({ user: { permissions: { allow: [...INEFFECTIVE, 'mcp__github'] } } });
    const file = `${f.dataHome}/settings.json`;
    const problems = await f.engine.problems(f.ws);
    expect(problems.map((p) => p.ineffectiveRule)).toEqual(INEFFECTIVE);
    for (const p of problems) {
      expect(p.file).toBe(file);
      expect(p.message).toContain(`"${p.ineffectiveRule}" is ineffective`);
    }
    expect((await f.engine.effectiveRules(f.ws)).map((r) => r.rule)).toEqual(['mcp__github']);
  });

  it('refuses them as "always allow" and session grants', async () => {
    f = makeFixture({ trusted: true });
    await expect(f.engine.allowAlways(f.ws, ['mcp__*'])).rejects.toThrow(/ineffective/);
    f.engine.grantForSession('s1', ['*', 'mcp__*']);
    expect((await f.decide('mcp__github__get_issue', {})).decision).toBe('needs_approval');
  });

  it('paragents policy check prints a line naming each ineffective rule and its file', async () => {
    f = makeFixture({ user: { permissions: { allow: ['mcp__*', 'B*', 'mcp__github'] } } });
    const err: string[] = [];
    const code = await runPolicyCommand(['check', '--workspace', f.ws], {
      stdin: Readable.from(['{"tool":"mcp__github__get_issue","input":{}}\n']),
      stdout: () => {},
      stderr: (l) => err.push(l),
      env: { HOME: f.home, PARAGENTS_MANAGED_SETTINGS: f.managedFile },
      home: f.dataHome,
    });
    expect(code).toBe(0);
    const file = `${f.dataHome}/settings.json`;
    for (const rule of ['mcp__*', 'B*']) {
      expect(err.filter((l) => l.includes(file) && l.includes(`"${rule}" is ineffective`))).toHaveLength(1);
    }
    expect(err.some((l) => l.includes('"mcp__github"'))).toBe(false);
  });
});

describe('deny and ask rules with tool-name globs restrict what they match', () => {
  const cases: Case[] = [
    ['mcp__github__get_issue', {}, 'blocked', 'mcp__*'],
    ['mcp__github__delete_repo', {}, 'blocked', 'mcp__*'],
    ['Bash', { command: 'ls' }, 'blocked', 'B*'],
    ['Read', { path: 'src/a.ts' }, 'auto_approved', null],
  ];
  it.each(cases)('deny: %s %j → %s', async (tool, input, expected, rule) => {
    f = makeFixture({ user: { permissions: { allow: ['mcp__github', 'Bash(ls)'], deny: ['mcp__*', 'B*'] } } });
    const v = await f.decide(tool, input, { mode: 'bypass' });
    expect(v.decision, v.reason).toBe(expected);
    expect(v.rule).toBe(rule);
  });

  it('ask "*" asks for every tool, in bypass too, and is listed once', async () => {
    f = makeFixture({ user: { permissions: { allow: ['mcp__github', 'Bash(ls)', 'Read'], ask: ['*'] } } });
    const calls: [string, Record<string, unknown>][] = [
      ['Read', { path: 'src/a.ts' }],
      ['Bash', { command: 'ls' }],
      ['Write', { path: 'x.txt', content: '' }],
      ['WebFetch', { url: 'https://example.com/' }],
      ['mcp__github__get_issue', {}],
    ];
    for (const [tool, input] of calls) {
      const v = await f.decide(tool, input, { mode: 'bypass' });
      expect([tool, v.decision, v.rule]).toEqual([tool, 'needs_approval', '*']);
    }
    const listed = (await f.engine.effectiveRules(f.ws)).filter((r) => r.rule === '*');
    expect(listed).toEqual([{ rule: '*', kind: 'ask', source: 'user', file: `${f.dataHome}/settings.json` }]);
  });

  it('a glob that matches no tool is reported', async () => {
    f = makeFixture({ user: { permissions: { deny: ['Zz*'] } } });
    expect((await f.engine.problems(f.ws)).map((p) => p.message).join('\n')).toContain('"Zz*" matches no tool');
  });
});

describe('the permissions view request', () => {
  const fx = useEngineFixture({ engine: { approvals: 'ask' } });

  it('policy.rules lists each ineffective allow rule with its file', async () => {
    const home = fx.home();
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { allow: ['mcp__*', 'mcp__github'] } }));
    const ws = tempDir();
    const engine = await fx.open({ home, env: { HOME: tempDir() } });
    const view = unwrap(await engine.handlers['policy.rules']({ workspace: ws }));
    expect(view.rules.map((r) => r.rule)).toEqual(['mcp__github']);
    expect(view.problems).toEqual([
      {
        file: join(home, 'settings.json'),
        message: expect.stringContaining('"mcp__*" is ineffective'),
        msg: expect.objectContaining({ key: 'notices.settings.fieldProblem' }),
        ineffectiveRule: 'mcp__*',
      },
    ]);
  });
});
