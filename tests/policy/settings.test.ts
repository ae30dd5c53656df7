import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture, type FixtureOptions } from './fixture';

let f: Fixture;
afterEach(() => f?.cleanup());
const setup = (o: FixtureOptions): Fixture => (f = makeFixture(o));

describe('precedence: deny beats ask beats allow across sources', () => {
  it('project deny beats user allow', async () => {
    setup({ user: { permissions: { allow: ['Bash(npm *)'] } }, project: { permissions: { deny: ['Bash(npm publish *)'] } }, trusted: true });
    const v = await f.bash('npm publish --tag x');
    expect([v.decision, v.rule, v.source]).toEqual(['blocked', 'Bash(npm publish *)', 'project']);
    expect((await f.bash('npm ci')).decision).toBe('auto_approved');
  });
  it('user deny beats managed allow', async () => {
    setup({ managed: { permissions: { allow: ['Bash(make *)'] } }, user: { permissions: { deny: ['Bash(make deploy)'] } } });
    expect((await f.bash('make deploy')).source).toBe('user');
    expect((await f.bash('make test')).source).toBe('managed');
  });
  it('user ask beats a trusted local allow', async () => {
    setup({ user: { permissions: { ask: ['Bash(make *)'] } }, local: { permissions: { allow: ['Bash(make test)'] } }, trusted: true });
    const v = await f.bash('make test');
    expect([v.decision, v.source]).toEqual(['needs_approval', 'user']);
  });
  it('a session grant allows, a deny still wins, and grants stay in their session', async () => {
    setup({ user: { permissions: { deny: ['Bash(make deploy)'] } } });
    f.engine.grantForSession('s1', ['Bash(make *)']);
    const v = await f.bash('make test');
    expect([v.decision, v.source]).toEqual(['auto_approved', 'session']);
    expect((await f.bash('make deploy')).decision).toBe('blocked');
    expect((await f.decide('Bash', { command: 'make test' }, { session: 's2' })).decision).toBe('needs_approval');
  });
  it('managed lockPermissionRules leaves only managed allows', async () => {
    setup({ managed: { permissions: { lockPermissionRules: true, allow: ['Bash(make test)'] } }, user: { permissions: { allow: ['Bash(ls)'] } } });
    f.engine.grantForSession('s1', ['Bash(pwd)']);
    expect((await f.bash('make test')).decision).toBe('auto_approved');
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.bash('pwd')).decision).toBe('needs_approval');
  });
});

describe('modes', () => {
  it('bypass allows all but deny, explicit ask and critical', async () => {
    setup({ user: { permissions: { deny: ['Bash(curl *)'], ask: ['Bash(git push *)'] } } });
    expect((await f.bash('make all', 'bypass')).decision).toBe('auto_approved');
    expect((await f.bash('curl x', 'bypass')).decision).toBe('blocked');
    expect((await f.bash('git push', 'bypass')).decision).toBe('needs_approval');
    expect((await f.bash('rm -rf /', 'bypass')).decision).toBe('needs_approval');
  });
  it('bypass is never taken from a project file, and that is reported', async () => {
    setup({ project: { permissions: { defaultMode: 'bypass' } }, trusted: true });
    expect((await f.bash('make all')).decision).toBe('needs_approval');
    expect((await f.engine.problems(f.ws)).some((p) => p.message.includes('bypass'))).toBe(true);
  });
  it('managed disableBypassMode refuses bypass from the request and from user settings', async () => {
    setup({ managed: { permissions: { disableBypassMode: true } }, user: { permissions: { defaultMode: 'bypass' } } });
    expect((await f.bash('make all')).decision).toBe('needs_approval');
    const v = await f.bash('make all', 'bypass');
    expect(v.decision).toBe('needs_approval');
    expect(v.reason).toContain('disabled by managed settings');
  });
  it('user defaultMode acceptEdits applies; the request mode wins over it', async () => {
    setup({ user: { permissions: { defaultMode: 'acceptEdits' } } });
    expect((await f.decide('Write', { path: 'a.txt', content: '' })).decision).toBe('auto_approved');
    expect((await f.decide('Write', { path: 'a.txt', content: '' }, { mode: 'default' })).decision).toBe('needs_approval');
  });
  it('plan blocks everything but reads', async () => {
    setup({ user: { permissions: { allow: ['Bash(ls)', 'WebFetch', 'Edit'] } } });
    for (const [tool, input] of [['Bash', { command: 'ls' }], ['WebFetch', { url: 'https://a.com' }], ['Edit', { path: 'x', old_string: 'a', new_string: 'b' }]] as const) {
      expect((await f.decide(tool, input, { mode: 'plan' })).decision).toBe('blocked');
    }
    expect((await f.decide('Read', { path: 'src/a.ts' }, { mode: 'plan' })).decision).toBe('auto_approved');
  });
  it('headless turns ask into block', async () => {
    setup({});
    const v = await f.decide('Bash', { command: 'make' }, { headless: true });
    expect(v.decision).toBe('blocked');
    expect(v.reason).toContain('headless');
  });
});

describe('workspace trust', () => {
  it('project allows and modes are inert until trusted; deny and ask apply at once', async () => {
    setup({
      project: { permissions: { allow: ['Bash(make *)'], deny: ['Bash(make deploy)'], ask: ['Bash(make lint)'], defaultMode: 'acceptEdits' } },
      local: { permissions: { allow: ['Bash(ls)'] } },
    });
    expect(f.engine.isTrusted(f.ws)).toBe(false);
    expect((await f.bash('make test')).decision).toBe('needs_approval');
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.bash('make deploy')).decision).toBe('blocked');
    expect((await f.bash('make lint')).decision).toBe('needs_approval');
    expect((await f.decide('Write', { path: 'a.txt', content: '' })).decision).toBe('needs_approval');
    expect((await f.engine.effectiveRules(f.ws)).map((r) => r.rule)).not.toContain('Bash(make *)');
    await f.engine.trustWorkspace(f.ws);
    expect(f.engine.isTrusted(f.ws)).toBe(true);
    expect((await f.bash('make test')).source).toBe('project');
    expect((await f.bash('ls')).source).toBe('local');
    expect((await f.bash('make deploy')).decision).toBe('blocked');
    expect((await f.bash('make lint')).decision).toBe('needs_approval');
    expect((await f.decide('Write', { path: 'a.txt', content: '' })).decision).toBe('auto_approved');
    const rules = await f.engine.effectiveRules(f.ws);
    expect(rules).toContainEqual({ rule: 'Bash(make *)', kind: 'allow', source: 'project', file: `${f.ws}/.paragents/settings.json` });
  });
});

describe('malformed settings fail closed', () => {
  it('invalid user JSON grants nothing and is reported with its position', async () => {
    setup({ user: '{\n  "permissions": { "allow": ["Bash(ls)"], }\n}' });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    const problems = await f.engine.problems(f.ws);
    expect(problems[0]?.file).toBe(`${f.dataHome}/settings.json`);
    expect(problems[0]?.message).toMatch(/line 2 column \d+/);
  });
  it('wrong types drop the allows but keep the denies', async () => {
    setup({ user: { permissions: { allow: 'Bash(ls)', deny: ['Bash(rm *)'] } } });
    expect((await f.bash('rm x')).decision).toBe('blocked');
    setup({ user: { permissions: { allow: ['Bash(ls)', 42], deny: ['Bash(rm *)'] } } });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.bash('rm x')).decision).toBe('blocked');
  });
  it('a malformed project file contributes no allows even when trusted', async () => {
    setup({ project: { permissions: { allow: ['Bash(ls)'], deny: ['Bash(rm *)'], allowed: ['Bash'] } }, trusted: true });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.bash('rm a')).decision).toBe('blocked');
    expect((await f.engine.problems(f.ws)).map((p) => p.message).join('\n')).toContain('permissions.allowed: unknown key');
  });
  it('a malformed managed file blocks every non-read tool', async () => {
    setup({ managed: '{ not json', user: { permissions: { allow: ['Bash(ls)'] } } });
    const v = await f.bash('ls');
    expect([v.decision, v.source]).toEqual(['blocked', 'managed']);
    expect((await f.decide('Write', { path: 'a', content: '' }, { mode: 'bypass' })).decision).toBe('blocked');
    expect((await f.decide('Read', { path: 'src/a.ts' })).decision).toBe('auto_approved');
  });
  it('__proto__ keys never grant', async () => {
    setup({ user: '{"permissions": {"__proto__": {"allow": ["Bash"]}, "allow": ["Bash(ls)"]}}' });
    expect((await f.bash('make')).decision).toBe('needs_approval');
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    setup({ user: '{"__proto__": {"permissions": {"allow": ["Bash"]}}}' });
    expect((await f.bash('make')).decision).toBe('needs_approval');
    setup({ user: { permissions: { allow: ['__proto__', 'constructor(x)', 'Bsh(ls)'] } } });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.engine.problems(f.ws)).length).toBeGreaterThanOrEqual(3);
  });
  it('empty specifiers never grant; an empty deny covers the whole tool', async () => {
    setup({ user: { permissions: { allow: ['Bash()', 'Read( )', 'WebFetch(domain:)'] } } });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    expect((await f.decide('Read', { path: '/etc/hostname' })).decision).toBe('needs_approval');
    setup({ user: { permissions: { deny: ['Bash()'] } } });
    expect((await f.bash('ls')).decision).toBe('blocked');
  });
  it('settings are re-read when the file changes', async () => {
    setup({ user: { permissions: { allow: [] } } });
    expect((await f.bash('ls')).decision).toBe('needs_approval');
    f.setSettings('user', { permissions: { allow: ['Bash(ls)', 'Bash(pwd)'] } });
    expect((await f.bash('ls')).decision).toBe('auto_approved');
  });
  it('an error inside the engine asks, or blocks when headless', async () => {
    setup({});
    // A symlink loop: resolving the path as the kernel would fails inside the decision.
    f.link('loop', 'loop');
    const interactive = await f.decide('Read', { path: 'loop/x' });
    expect([interactive.decision, interactive.source]).toEqual(['needs_approval', 'builtin']);
    expect(interactive.reason).toMatch(/could not decide \(too many symbolic links/);
    expect((await f.decide('Read', { path: 'loop/x' }, { headless: true })).decision).toBe('blocked');
  });
  it('check parses the input with the tool schema first: an invalid input is an error naming the field', async () => {
    setup({});
    const check = (tool: string, input: unknown) =>
      f.engine.check({ tool, input: input as Record<string, unknown>, workspace: f.ws, sessionId: null, headless: false });
    const message = async (tool: string, input: unknown): Promise<string> => {
      const r = await check(tool, input);
      return r.ok ? `decided ${r.value.decision}` : `${r.error.kind}: ${r.error.message}`;
    };
    expect(await message('Read', {})).toBe('invalid_input: Read: "path" is required');
    expect(await message('Bash', { command: 7 })).toMatch(/^invalid_input: Bash: "command": /);
    expect(await message('Bash', null)).toBe('invalid_input: The arguments for Bash must be a JSON object, but received null.');
    expect(await message('Write', { path: 'a.txt' })).toBe('invalid_input: Write: "content" is required');
    expect(await message('WebFetch', {})).toBe('invalid_input: WebFetch: "url" is required');
    // Names outside the registry still go to their rules.
    expect(await message('mcp__gh__get_issue', { any: 'thing' })).toBe('decided needs_approval');
    expect(await message('Frobnicate', {})).toBe('decided needs_approval');
  });
});

describe('MCP tool names', () => {
  it('globs tool names and covers a whole server', async () => {
    setup({ user: { permissions: { allow: ['mcp__gh__get_*', 'mcp__docs'], deny: ['mcp__gh__delete_repo'] } } });
    expect((await f.decide('mcp__gh__get_issue', {})).decision).toBe('auto_approved');
    expect((await f.decide('mcp__gh__create_issue', {})).decision).toBe('needs_approval');
    expect((await f.decide('mcp__gh__delete_repo', {}, { mode: 'bypass' })).decision).toBe('blocked');
    expect((await f.decide('mcp__docs__search', {})).decision).toBe('auto_approved');
    expect((await f.decide('mcp__docsx__search', {})).decision).toBe('needs_approval');
  });
});
