// Every decision the policy makes carries its sentence as data: `reasonMsg` is present, its English is the
// `reason` the model and the logs read, byte for byte, and rendered in Chinese it is a Chinese sentence whose only
// English is the values it names (commands, paths, hosts, rules). The calls below walk the shell analysis (forced
// questions, parse issues, hidden code, exact-rule-only commands, option tables, git, critical commands), paths,
// addresses, other tools and the notes that wrap a reason (headless, --approve all/never, bypass disabled).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, isMsg, render, type Msg, type MsgValue } from '../../shared/i18n/message';
import { MsgError } from '../../shared/msg-error';
import type { PermissionMode } from '../../shared/policy';
import { applyApprovalsMode } from '../../main/core/engine/tool-call/decide';
import type { PolicyVerdict } from '../../main/core/policy/index';
import { makeFixture, type Fixture } from './fixture';

const BN = '\\\n';
const nested = (depth: number): string => `${'eval '.repeat(depth)}echo deep`;

/** Shell commands, each chosen so that one sentence of the analysis is the reason the call asks or is blocked. */
const COMMANDS: string[] = [
  // Allowed, decided by rules, modes and plain asks.
  'ls -la', 'git status', 'cd src && ls', 'true', ':', 'echo hi > /dev/null', 'make test', 'npm run build',
  // What a command part needs a person for (forceAsk).
  'eval "$x"', nested(9), 'bash <<EOF\necho $HOME\nEOF', 'PATH=/tmp make', 'PATH=/tmp', 'export PATH', 'declare "$v"',
  '$cmd foo', '/usr/bin/ec* hi', 'env $x', 'echo ls | bash', 'timeout --bogus 5 ls', 'flock /tmp/l -c', 'bash --bogus',
  'bash -c', 'read $n', 'xargs --process-slot-var=PATH echo', 'xargs --process-slot-var=$v echo',
  'cd "$d" && git status', 'cd / && git status', 'sudo -u root $x',
  // Exact-rule-only commands (neverPrefix): sed, awk, find, interpreters, option tables, git.
  'sed -i s/a/b/ src/a.ts', 'sed "$s" src/a.ts', 'sed -e "w /tmp/x" src/a.ts', 'awk -f prog.awk src/a.ts', 'awk "$p" src/a.ts',
  "awk '{ system(\"id\") }' src/a.ts", 'find . -delete', 'find . -exec rm {} +', 'python3 -c "print(1)"', 'python3',
  'node -e "1"', 'deno eval "1"', 'echo x | node', 'less +!id src/a.ts', 'rg --pre ./x.sh hello', 'grep --bogus x src',
  'tar $x -xf a.tar', 'git --no-pager $sub', 'tar --to-command=id -xf a.tar', 'git -c core.pager=id log', 'git --git-dir=/tmp/x status',
  'git --exec-path=/tmp status', 'git --bare status', 'git -C /tmp status', 'git $sub', 'git $opt status', 'xargs git',
  'git config core.pager id', 'git config $k $v', 'git submodule foreach ls', 'git bisect run make', 'git log --ext-diff',
  'git difftool -x id', 'man -P id ls', 'man -H ls', 'diff --bogus a b', 'curl -K cfg https://example.com',
  // File commands read with their option tables.
  'rm --bogus x', 'rm --force=1 x', 'mv "$x" y', 'cp -S /x --backup a b', 'cp --suffix="$s" --backup a b', 'cp src/a.ts -t', '(echo x',
  'sed -i.bak/x s/a/b/ src/a.ts', 'cp src/a.ts src/b.ts', 'rm src/a.ts', 'touch src/new.ts', 'mkdir sub/x',
  // Critical commands.
  'rm -rf /', 'rm -rf ~', 'rm --no-preserve-root -rf /', 'chmod -R 777 /usr', 'mv /usr /tmp/x', 'mkfs.ext4 /dev/sda',
  'dd if=/dev/zero of=/dev/sda', 'wipefs /dev/sda',
  // Paths a command reads or writes.
  'cat /etc/passwd', 'cat src/a.ts', 'echo x > .git/config', 'echo x > ~/.bashrc', 'echo x > .git/hooks/pre-commit',
  'echo x > .vscode/settings.json', 'cat /proc/self/environ', 'cd "$d"; cat x', 'cat "$f"', 'tar -xf a.tar -C sub',
  'echo x > src/out.ts', 'cp src/a.ts ../outside.ts',
  // Code hidden in a value.
  'echo $((x))', 'echo ${!x}', 'echo ${x@P}', 'declare -i n=$v', '[[ $x -eq 0 ]]', 'unset "$x"',
  // Parse issues and limits.
  'echo (', 'echo "unclosed', `echo a${BN}b`, `cat <<"E$x"${BN}\nhi\nE$x`, `echo $[1+1]${BN}x`, `echo a\\\r\nb`, 'echo "a\\\r\nb"',
  `echo ${'a'.repeat(12_001)}`, Array.from({ length: 301 }, () => 'true').join('; '), '   ', 'echo a\0b', 'echo \u202ex',
];

/** Other tools, their paths and addresses. */
const CALLS: [string, Record<string, unknown>][] = [
  ['Read', { path: 'src/a.ts' }], ['Read', { path: '/etc/hostname' }], ['Read', { path: '/proc/self/environ' }],
  ['Read', { path: 'a\0b' }], ['Read', { path: 'a\u202eb' }],
  ['Write', { path: 'src/b.ts', content: '' }], ['Write', { path: '.git/config', content: '' }],
  ['Write', { path: '.npmrc', content: '' }], ['Write', { path: '/tmp/x.txt', content: '' }],
  ['Edit', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }],
  ['Glob', { pattern: '**/*.ts' }], ['Glob', { pattern: '/etc/*' }], ['Glob', { pattern: 'src/*/../../../**' }],
  ['Grep', { pattern: 'x', path: 'src' }], ['Grep', { pattern: 'x', path: 'src', glob: '../../**' }],
  ['LS', { path: 'src' }],
  ['WebFetch', { url: 'https://example.com/a' }], ['WebFetch', { url: 'http://localhost:3000/' }],
  ['WebFetch', { url: 'http://169.254.169.254/latest' }], ['WebFetch', { url: 'http://10.0.0.1/' }],
  ['WebFetch', { url: 'http://[::1]/' }], ['WebFetch', { url: 'http://100.64.0.1/' }], ['WebFetch', { url: 'not a url' }],
  ['WebFetch', { url: 'ftp://example.com/' }], ['WebFetch', { url: 'https://denied.example/' }],
  ['WebFetch', { url: 'https://asked.example/' }], ['WebFetch', { url: 'https://allowed.example/' }],
  ['mcp__gh__get_issue', {}], ['mcp__gh__delete_repo', {}], ['mcp__docs__search', {}],
];

const SETTINGS = {
  permissions: {
    // Commands allowed by a rule, so that what the analysis says about their files and options is the reason.
    allow: [
      'Bash(ls *)', 'Bash(git *)', 'Bash(cat *)', 'Bash(sed *)', 'Bash(echo *)', 'Bash(rm *)', 'Bash(cp *)', 'Bash(mv *)',
      'Bash(mkdir *)', 'Bash(tar *)', 'WebFetch(domain:allowed.example)', 'mcp__gh__get_issue',
    ],
    ask: ['Bash(npm *)', 'WebFetch(domain:asked.example)', 'mcp__docs'],
    deny: ['Bash(wipefs *)', 'WebFetch(domain:denied.example)', 'mcp__gh__delete_repo'],
  },
};

const MODES: PermissionMode[] = ['default', 'acceptEdits', 'plan', 'bypass'];

/** Every key a sentence is built from, inner sentences included. */
function keysOf(m: Msg, into = new Set<string>()): Set<string> {
  into.add(m.key);
  for (const v of Object.values(m.vars ?? {})) if (isMsg(v)) keysOf(v, into);
  return into;
}

/** The same sentence with every value (a command, path, host, rule) replaced by a mark: what the catalog wrote. */
function withoutValues(m: Msg): Msg {
  if (!m.vars) return m;
  const vars: Record<string, MsgValue> = {};
  for (const [name, v] of Object.entries(m.vars)) vars[name] = isMsg(v) ? withoutValues(v) : typeof v === 'number' ? v : '\u2022';
  return { key: m.key, vars };
}

/** The placeholders that always hold a sentence of the policy's own: a string there would be English left as text. */
const SENTENCE_SLOTS = new Set(['why', 'reason']);

function textInSentenceSlots(m: Msg, found: string[] = []): string[] {
  for (const [name, v] of Object.entries(m.vars ?? {})) {
    if (isMsg(v)) textInSentenceSlots(v, found);
    else if (SENTENCE_SLOTS.has(name)) found.push(`${m.key}.${name} = ${String(v)}`);
  }
  return found;
}

const ENGLISH_RUN = /[A-Za-z]{2,}(?:[\s,;:()]+[A-Za-z]{2,}){2,}/;

const seen = new Set<string>();
const checked: string[] = [];

function expectData(what: string, v: Pick<PolicyVerdict, 'reason' | 'reasonMsg'>): void {
  expect(v.reasonMsg, `${what}: no reasonMsg for "${v.reason}"`).toBeDefined();
  const m = v.reasonMsg as Msg;
  expect(english(m), what).toBe(v.reason);
  const zh = render('zh-CN', m);
  expect(zh, `${what}: "${v.reason}"`).not.toBe(v.reason);
  expect(zh, `${what}: "${v.reason}"`).toMatch(/\p{Script=Han}/u);
  const catalogText = render('zh-CN', withoutValues(m));
  expect(catalogText, `${what}: English left in the Chinese of "${v.reason}"`).not.toMatch(ENGLISH_RUN);
  expect(textInSentenceSlots(m), `${what}: a reason inside "${v.reason}" is text, not a Msg`).toEqual([]);
  keysOf(m, seen);
  checked.push(v.reason);
}

describe('every decision of the policy carries its reason as data', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: SETTINGS, trusted: true });
    f.write('a.tar');
  });
  afterAll(() => f.cleanup());

  it.each(MODES)('shell commands in %s mode', async (mode) => {
    for (const command of COMMANDS) expectData(`${mode}: ${JSON.stringify(command.slice(0, 60))}`, await f.bash(command, mode));
  });

  it.each(MODES)('other tools in %s mode', async (mode) => {
    for (const [tool, input] of CALLS) expectData(`${mode}: ${tool} ${JSON.stringify(input)}`, await f.decide(tool, input, { mode }));
  });

  it('an unknown tool, headless runs and the answers of --approve all and never', async () => {
    expectData('unknown tool', await f.decide('NoSuchTool', {}));
    for (const command of ['make test', 'rm -rf /', 'echo $((x))', 'sed -i s/a/b/ src/a.ts']) {
      const headless = await f.decide('Bash', { command }, { headless: true });
      expect(headless.decision).toBe('blocked');
      expectData(`headless: ${command}`, headless);
      const asked = await f.bash(command);
      expectData(`--approve all: ${command}`, applyApprovalsMode(asked, 'all'));
      expectData(`--approve never: ${command}`, applyApprovalsMode(asked, 'never'));
    }
  });

  it('bypass refused by managed settings, and a malformed managed file', async () => {
    f.setSettings('managed', { permissions: { disableBypassMode: true } });
    for (const command of ['make test', 'ls -la', 'python3 -c "1"']) expectData(`bypass disabled: ${command}`, await f.bash(command, 'bypass'));
    f.setSettings('managed', '{ not json');
    expectData('managed malformed', await f.decide('Write', { path: 'src/b.ts', content: '' }));
    f.setSettings('managed', {});
  });

  it('files a deny rule of Read may hold', async () => {
    const denying = makeFixture({ user: { permissions: { allow: ['Bash(grep *)', 'Bash(rm *)'], deny: ['Read(.env)'] } } });
    try {
      for (const command of ['grep -r x .', 'cat .env', 'rm -rf src', 'rm -rf /']) expectData(`Read denied: ${command}`, await denying.bash(command));
      expectData('Read denied: Grep', await denying.decide('Grep', { pattern: 'x' }));
    } finally {
      denying.cleanup();
    }
  });

  it('a decision the engine could not make, and an "always" rule it could not save', async () => {
    // A symlink loop: the policy's own sentence nested in "could not decide".
    f.link('loop', 'loop');
    const loop = await f.decide('Read', { path: 'loop/x' });
    expectData('symlink loop', loop);
    expect(keysOf(loop.reasonMsg as Msg)).toEqual(new Set(['reasons.undecided', 'reasons.tooManyLinks']));
    const local = path.join(f.ws, '.paragents', 'settings.local.json');
    mkdirSync(path.dirname(local), { recursive: true });
    for (const [content, key] of [
      ['[1]', 'reasons.alwaysNotObject'],
      ['{"permissions": 3}', 'reasons.alwaysPermissionsNotObject'],
      ['{"permissions": {"allow": "Bash(ls)"}}', 'reasons.alwaysAllowNotArray'],
    ] as const) {
      writeFileSync(local, content);
      const thrown = await f.engine.allowAlways(f.ws, ['Bash(ls)']).then(() => null, (e: unknown) => e);
      expect(thrown).toBeInstanceOf(MsgError);
      const m = (thrown as MsgError).msg;
      expect(m.key).toBe(key);
      expectData(`allow always: ${content}`, { reason: (thrown as MsgError).message, reasonMsg: m });
    }
    rmSync(local);
  });

  it('walked the sentences of every part of the analysis', () => {
    const expected = [
      // Forced questions.
      'reasons.runtimeCode', 'reasons.nestedTooDeep', 'reasons.hereDoc', 'reasons.settingChangesCommand', 'reasons.settingChangesLater',
      'reasons.keywordChangesLater', 'reasons.nameRuntime', 'reasons.nameGlob', 'reasons.readsInput', 'reasons.cannotTellWhat',
      'reasons.noArgument', 'reasons.shellNoCode', 'reasons.variableNameRuntime', 'reasons.gitRuntimeFolder', 'reasons.gitOutside',
      // Exact rules only.
      'reasons.sedInPlace', 'reasons.sedNotStatic', 'reasons.sedDangerous', 'reasons.awkFromFile', 'reasons.awkNotStatic',
      'reasons.awkDangerous', 'reasons.findRunsOrDeletes', 'reasons.runsInline', 'reasons.readsStdin', 'reasons.lessCommand',
      'reasons.optionRunsProgram', 'reasons.optionRunsProgramPerFile', 'reasons.unknownOption', 'reasons.dynamicOption',
      'reasons.gitSetsConfig', 'reasons.gitOtherRepo', 'reasons.gitExecPath', 'reasons.gitBare', 'reasons.runsInOtherRepo',
      'reasons.gitOptionsRuntime', 'reasons.xargsGit', 'reasons.gitConfigChanges',
      'reasons.gitConfigRuntime', 'reasons.gitRunsCommand', 'reasons.needsApprovalExact',
      // File commands.
      'reasons.optionTakesNoValue', 'reasons.argumentRuntime', 'reasons.backupSuffixFolder', 'reasons.optionLacksArgument',
      // Critical commands, paths, hidden code, parse issues and limits.
      'reasons.critical', 'reasons.criticalDelete', 'reasons.criticalNoPreserveRoot', 'reasons.criticalRecursive',
      'reasons.criticalMove', 'reasons.criticalFormat', 'reasons.criticalDd', 'reasons.protectedWrite', 'reasons.protectedFolder',
      'reasons.protectedFile', 'reasons.readOutside', 'reasons.environ', 'reasons.dynamicCd',
      'reasons.runtimeName', 'reasons.namesBelowUnknown', 'reasons.hiddenArithmetic', 'reasons.hiddenIndirect',
      'reasons.hiddenTransform', 'reasons.hiddenInteger', 'reasons.notParsedBash', 'reasons.incomplete',
      'reasons.continuation', 'reasons.continuationCr', 'reasons.hereDocDelimiterExpands', 'reasons.continuationOldArithmetic', 'reasons.tooLong', 'reasons.tooManyParts', 'reasons.commandEmpty', 'reasons.commandNul',
      'reasons.commandInvisible', 'reasons.commandSays',
      // Addresses and the notes around a reason.
      'reasons.internalHost', 'reasons.cloudMetadata', 'reasons.localHostName', 'reasons.rangeAddress', 'reasons.invalidUrl',
      'reasons.onlyHttp', 'reasons.headless', 'reasons.approvedAll', 'reasons.approveNever', 'reasons.modeNote',
      'reasons.managedMalformed', 'reasons.unknownTool', 'reasons.planBlocks', 'reasons.deniedBy', 'reasons.mayTouchDenied',
    ];
    expect(expected.filter((k) => !seen.has(k))).toEqual([]);
    expect(checked.length).toBeGreaterThan(500);
  });
});
