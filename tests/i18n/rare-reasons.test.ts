// The rarer reasons of the policy, read in Chinese: each comes from a real decision of the policy engine (web
// addresses, shell commands it cannot see through, paths and patterns it refuses, headless answers) or from
// real settings files it loads. The list enumerates the reason sentences of main/core/policy/**: a sentence that
// came without its Msg would stay English in the panel and fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, shownError, shownText, type Msg } from '../../shared/i18n';
import { applyApprovalsMode } from '../../main/core/engine/tool-call/decide';
import { blockedAnswer, deniedAnswer } from '../../main/core/engine/tool-call/answers';
import { makeFixture, type Fixture } from '../policy/fixture';
import { expectAsData, shownReasonZh } from './reason-check';

/** The reason in Chinese, rendered from the Msg it must carry; no English sentence of the engine's left in it. */
function expectChinese(d: { reason: string; reasonMsg?: Msg | undefined }, keep: readonly string[] = []): string {
  return shownReasonZh(d, keep);
}

describe('rare policy reasons', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({
      user: { permissions: { deny: ['WebFetch(domain:bad.example)'], ask: ['WebFetch(domain:ask.example)'], allow: ['WebFetch(domain:ok.example)'] } },
    });
  });
  afterAll(() => f.cleanup());

  const urls: [string, string, RegExp][] = [
    ['a cloud metadata address', 'http://169.254.169.254/latest', /is a cloud metadata address; only an explicit WebFetch/],
    ['a loopback address', 'http://127.0.0.1:8080/', /is a loopback address/],
    ['a private address', 'http://10.0.0.1/', /is a private address/],
    ['an internal host name', 'http://localhost/', /is a local or internal host name/],
    ['a scheme other than http', 'ftp://files.example/x', /^only http and https URLs can be fetched/],
    ['no URL at all', 'not a url', /is not a valid URL$/],
    ['a deny rule', 'https://bad.example/', /^fetching bad\.example is denied by/],
    ['an ask rule', 'https://ask.example/', /^fetching ask\.example asks by/],
    ['an allow rule', 'https://ok.example/', /^fetching ok\.example is allowed by/],
    ['the mode', 'https://other.example/', /^fetching other\.example needs approval in default mode$/],
  ];
  for (const [name, url, english] of urls) {
    it(`WebFetch: ${name}`, async () => {
      const d = await f.decide('WebFetch', { url });
      expect(d.reason).toMatch(english);
      expect(d.reasonMsg).toBeDefined();
      expectChinese(d);
    });
  }

  it('WebFetch in bypass mode', async () => {
    const d = await f.decide('WebFetch', { url: 'https://other.example/' }, { mode: 'bypass' });
    expect(d.reason).toBe('bypass mode allows fetching other.example');
    expect(d.reasonMsg).toEqual({ key: 'reasons.bypassAllows', vars: { what: { key: 'reasons.fetching', vars: { host: 'other.example' } } } });
    expect(expectChinese(d)).toBe('bypass 模式允许 获取 other.example');
  });

  const commands: [string, RegExp][] = [
    ['FOO=1 make', /setting FOO can change what the command runs$/],
    ['export PATH=/x; ls', /setting PATH can change what later commands run$/],
    ['eval "$X"', /eval runs code that is only known at run time$/],
    ['sh -c "$CODE"', /cannot tell what the shell runs$/],
    ['env $V make', /cannot tell what env runs$/],
    ['$CMD arg', /the command name \$CMD is only known at run time$/],
    ['x*y a', /the command name x\*y is a file pattern$/],
    ['bash -c', /shell -c without code$/],
    ['flock -c', /flock -c has no argument$/],
    ['sh < script.sh', /sh reads commands from its input$/],
    ['read -r $N', /read sets a variable whose name is only known at run time$/],
    ['declare $N=1', /declare names a variable only known at run time$/],
    ['timeout 5 $C', /a wrapped command name is only known at run time$/],
    ['cd "$D"; git status', /git runs in a folder only known at run time, maybe another repository$/],
    ['git -C /tmp status', /git -C \/tmp runs in another repository, so only an exact rule can allow it\)$/],
    ['sed -i s/a/b/ notes.txt', /sed -i edits files in place, so only an exact rule can allow it\)$/],
    ["awk '{system($0)}' notes.txt", /awk program can run commands or write files, so only an exact rule can allow it\)$/],
    ["python3 -c 'print(1)'", /python3 -c runs inline code, so only an exact rule can allow it\)$/],
    ['git config core.pager less', /git config changes configuration, which can name a program to run/],
    ['if then', /^the command could not be parsed as bash$/],
    ['rm -rf ~', /is a critical command: rm of ~ would delete a system, home or workspace folder$/],
  ];
  for (const [command, english] of commands) {
    it(`Bash: ${command}`, async () => {
      const d = await f.bash(command);
      expect(d.reason).toMatch(english);
      expectChinese(d, [command]);
    });
  }

  it('Bash: a command with a NUL byte, and an empty one', async () => {
    expect(expectChinese(await f.bash('echo a\0b'))).toBe('命令中含有 NUL 字节');
    expect(expectChinese(await f.bash('   '))).toBe('命令为空');
  });

  const paths: [string, Record<string, unknown>, RegExp][] = [
    ['Read', { path: 'a\u200bb.txt' }, /^the path ".*" has invisible or bidi control characters$/],
    ['Grep', { pattern: 'x', glob: '../x' }, /^the glob filter reaches outside the searched folder$/],
    ['Glob', { pattern: 'src/**/../../x' }, /^the pattern climbs out of its folder after a wildcard$/],
  ];
  for (const [tool, input, english] of paths) {
    it(`${tool}: ${JSON.stringify(input)}`, async () => {
      const d = await f.decide(tool, input);
      expect(d.reason).toMatch(english);
      expect(d.reasonMsg).toBeDefined();
      expectChinese(d);
    });
  }

  it('headless --approve all and --approve never answer an ask in words of their own', async () => {
    const asks = await f.decide('Write', { path: 'src/new.ts', content: 'x' });
    expect(asks.decision).toBe('needs_approval');
    const file = `${f.ws}/src/new.ts`;
    const approved = applyApprovalsMode(asks, 'all');
    expect(approved.reason).toBe(`writing ${file} needs approval in default mode (approved by --approve all)`);
    expect(approved.reasonMsg?.key).toBe('reasons.approvedAll');
    expect(expectChinese(approved)).toBe(`写入 ${file} 在 default 模式下需要审批（由 --approve all 批准）`);
    const never = applyApprovalsMode(asks, 'never');
    expect(never.reason).toBe(`writing ${file} needs approval in default mode (no one to ask: --approve never)`);
    expect(never.reasonMsg?.key).toBe('reasons.approveNever');
    expect(expectChinese(never)).toBe(`写入 ${file} 在 default 模式下需要审批（无人可问：--approve never）`);
  });
});

describe('settings problems of real settings files', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({
      user: {
        permissions: {
          allow: ['*', 'Nope(x)', 'mcp__', 'Read()', 'WebFetch(example.com)', 'Read(../x)'],
          deny: ['Web*(x)', 'Zz*', 'Bash(echo "x)'],
          ask: [42],
          defaultMode: 'sometimes',
          disableBypassMode: 'yes',
          additionalDirectories: 'x',
          extra: true,
        },
      },
      project: '{ "permissions": { "allow": [ }',
    });
  });
  afterAll(() => f.cleanup());

  it('every problem the loader reports reads in Chinese', async () => {
    const problems = await f.engine.problems(f.ws);
    const messages = problems.map((p) => p.message);
    // The kinds this file holds: an ineffective allow glob, an unknown tool, an MCP rule naming no server, an
    // empty specifier, a glob with a specifier, a glob matching nothing, a rule that is not a string, a mode
    // and a flag of the wrong kind, an unknown key, invalid JSON, and the note that the file's rules do not apply.
    for (const want of [
      /is ineffective: a tool-name glob in an allow rule grants nothing/,
      /unknown tool "Nope"/,
      /names no MCP server$/,
      /the allow rule is ignored$/,
      /WebFetch rules take domain:HOST; the allow rule is ignored$/,
      /unterminated quote; the deny rule applies to every Bash call$/,
      /a tool-name glob takes no specifier; the deny rule applies/,
      /the tool-name glob "Zz\*" matches no tool$/,
      /a rule must be a string$/,
      /^permissions\.defaultMode: expected one of/,
      /^permissions\.disableBypassMode must be true or false$/,
      /^permissions\.disableBypassMode: only managed settings can set this$/,
      /^permissions\.extra: unknown key$/,
      /^permissions\.additionalDirectories must be an array of folder paths$/,
      /^invalid JSON at /,
      /^the file has errors, so none of its allow rules, modes or folders apply$/,
    ]) {
      expect(messages.some((m) => want.test(m)), `${want} in\n${messages.join('\n')}`).toBe(true);
    }
    // Each comes as data; where JSON.parse stopped is the runtime's own sentence, kept as it is.
    for (const p of problems) expectAsData(p.message, p.msg, p.message.startsWith('invalid JSON at ') ? [p.message.slice('invalid JSON at '.length)] : []);
  });
});

describe('a tool call\'s error', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture();
  });
  afterAll(() => f.cleanup());

  it('renders from its Msg when the engine answered the call, and is shown as written when the tool did', async () => {
    // The engine's answers to a call it does not run, built as the engine builds them from a real decision.
    const empty = await f.bash('   ');
    expect(empty.decision).toBe('blocked');
    const blocked = blockedAnswer(empty);
    expect(english(blocked)).toBe('blocked by policy: the command is empty. Do not retry this call unchanged.');
    expect(expectAsData(english(blocked), blocked)).toBe('被策略阻止：命令为空。不要原样重试这次调用。');
    const denied = deniedAnswer('不行');
    expect(expectAsData('the user denied this call. Their message: 不行', denied)).toBe('用户拒绝了这次调用。用户留言：不行');
    // A tool's own words come with no Msg, even one that reads like an engine sentence elsewhere: shown as written.
    for (const own of ['cannot read: ENOENT: no such file or directory', 'not a regular file', 'old_string appears 3 times; give more context']) {
      expect(shownText('zh-CN', own)).toBe(own);
      expect(shownError('zh-CN', { message: own })).toBe(own);
    }
  });
});
