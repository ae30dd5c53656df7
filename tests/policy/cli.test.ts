import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runPolicyCommand } from '../../main/cli/policy-command';
import { runWorkspaceCommand } from '../../main/cli/workspace-command';
import { makeFixture, type Fixture } from './fixture';

let f: Fixture;
afterEach(() => f?.cleanup());

async function run(cmd: typeof runPolicyCommand, argv: string[], stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cmd(argv, {
    stdin: Readable.from([stdin]),
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    env: { HOME: f.home, PARAGENTS_MANAGED_SETTINGS: f.managedFile },
    home: f.dataHome,
  });
  return { code, out, err, json: out.map((l) => (l.startsWith('{') ? (JSON.parse(l) as Record<string, unknown>) : {})) };
}

describe('paragents policy check', () => {
  it('answers one JSON line per input line; bad lines give errors and the run goes on', async () => {
    f = makeFixture({ user: { permissions: { allow: ['Bash(git log *)'], deny: ['Bash(rm *)'] } } });
    const lines = [
      '{"tool":"Bash","input":{"command":"git log -1"}}',
      'not json',
      '{"tool":"Bash","input":{"command":"timeout 3 rm -rf x"}}',
      '',
      '{"tool":"Bash"}',
      '["Bash"]',
      '{"tool":"WebFetch","input":{"url":"http://169.254.169.254/"}}',
      '{"tool":"Read","input":{"path":"src/a.ts"}}',
      '{"tool":"Write","input":{"path":"x.txt","content":""}}',
    ].join('\n');
    const r = await run(runPolicyCommand, ['check', '--workspace', f.ws], lines);
    expect(r.code).toBe(1);
    expect(r.json.map((j) => j.decision)).toEqual([
      'auto_approved', 'error', 'blocked', 'error', 'error', 'blocked', 'auto_approved', 'needs_approval',
    ]);
    expect(r.json[0]).toEqual({ decision: 'auto_approved', rule: 'Bash(git log *)', source: 'user', reason: expect.any(String) });
    expect(r.json[1]?.reason).toMatch(/line 2: not JSON/);
    expect(r.json[2]).toMatchObject({ rule: 'Bash(rm *)', source: 'user' });
    expect(r.json[3]?.reason).toMatch(/line 5: "input" must be an object/);
    expect(r.json[4]?.reason).toMatch(/line 6/);
    expect(r.json[7]).toMatchObject({ rule: null, source: 'mode' });
  });
  it('--headless and --mode change the answers', async () => {
    f = makeFixture({});
    const line = '{"tool":"Write","input":{"path":"x.txt","content":""}}\n';
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws, '--headless'], line)).json[0]?.decision).toBe('blocked');
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws, '--mode', 'acceptEdits'], line)).json[0]?.decision).toBe('auto_approved');
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws, '--mode=plan'], line)).json[0]?.decision).toBe('blocked');
  });
  it('--tool T --input JSON checks one call', async () => {
    f = makeFixture({});
    const r = await run(runPolicyCommand, ['check', '--workspace', f.ws, '--tool', 'Read', '--input', '{"path":"/proc/self/environ"}']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual([{ decision: 'blocked', rule: null, source: 'builtin', reason: expect.stringContaining('environ') }]);
    const bad = await run(runPolicyCommand, ['check', '--workspace', f.ws, '--tool', 'Read', '--input', '{oops']);
    expect(bad.json[0]?.decision).toBe('error');
  });
  it('reports usage errors and malformed settings', async () => {
    f = makeFixture({ user: '{"permissions": 3}' });
    expect((await run(runPolicyCommand, ['check'])).code).toBe(2);
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws, '--mode', 'yolo'])).code).toBe(2);
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws, '--tool', 'Read'])).code).toBe(2);
    const r = await run(runPolicyCommand, ['check', '--workspace', f.ws], '');
    expect(r.err.join('\n')).toContain('settings.json: "permissions" must be an object');
  });
});

describe('paragents workspace', () => {
  it('trusts, lists and untrusts a folder', async () => {
    f = makeFixture({ project: { permissions: { allow: ['Bash(make *)'] } } });
    const line = '{"tool":"Bash","input":{"command":"make"}}';
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws], line)).json[0]?.decision).toBe('needs_approval');
    expect((await run(runWorkspaceCommand, ['trust', f.ws])).out).toEqual([`trusted ${f.ws}`]);
    expect((await run(runWorkspaceCommand, ['list'])).out).toEqual([f.ws]);
    expect((await run(runPolicyCommand, ['check', '--workspace', f.ws], line)).json[0]).toMatchObject({ decision: 'auto_approved', source: 'project' });
    expect((await run(runWorkspaceCommand, ['untrust', f.ws])).code).toBe(0);
    expect((await run(runWorkspaceCommand, ['list'])).out).toEqual([]);
    expect((await run(runWorkspaceCommand, ['trust', `${f.ws}/nope`])).code).toBe(2);
    expect((await run(runWorkspaceCommand, ['frobnicate'])).code).toBe(2);
  });
});
