import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/message';
import type { PermissionMode } from '../../shared/policy';
import { joinContinuations } from '../../main/core/policy/shell/continuations';
import { makeFixture, type Expect, type Fixture } from './fixture';

/** A line continuation: backslash-newline. */
const BN = '\\\n';

const ALLOW = ['Bash(ls *)', 'Bash(echo *)', 'Bash(cat *)', 'Bash(git log *)', 'Bash(printf *)', 'Bash(true)'];
const DENY = ['Bash(rm *)', 'Bash(curl *)'];

type Case = [command: string, expected: Expect, why: string];

const cases: Case[] = [
  // bash joins the lines before it reads a word: deny rules see the joined command
  [`r${BN}m -rf /`, 'blocked', 'the command name is rm'],
  [`r${BN}m a`, 'blocked', 'the command name is rm'],
  [`/bin/r${BN}m a`, 'blocked', 'a program path is joined too'],
  [`c${BN}url http://example.com`, 'blocked', 'curl'],
  [`ec${BN}ho hi; r${BN}m a`, 'blocked', 'every command of a list'],
  [`echo "$${BN}(rm a)"`, 'blocked', 'a command substitution inside double quotes'],
  [`echo $${BN}(rm a)`, 'blocked', 'an unquoted command substitution'],
  [`echo $${BN}{HOME}; r${BN}m a`, 'blocked', 'a parameter expansion'],
  [`echo \`r${BN}m a\``, 'blocked', 'inside backquotes'],
  [`echo "\`r${BN}m a\`"`, 'blocked', 'inside backquotes inside double quotes'],
  [`echo a${BN}#; rm a`, 'blocked', 'the joined # is inside a word, not a comment'],
  [`ls # note ${BN}rm a`, 'blocked', 'a continuation does not continue a comment'],
  [`cat <<EOF\n$${BN}(rm a)\nEOF`, 'blocked', 'an unquoted here-document body is joined'],
  [`cat <<EOF\nx\nEO${BN}F\nrm a`, 'blocked', 'a joined line ends an unquoted here-document'],
  [`cat <<E${BN}OF\nx\nEOF\nrm a`, 'blocked', 'the here-document delimiter is joined'],
  [`bash <<'EOF'\nr${BN}m a\nEOF`, 'blocked', 'a shell reading a quoted here-document joins its lines'],
  [`bash -c 'r${BN}m a'`, 'blocked', 'code run by bash -c is joined'],
  [`eval "r${BN}m a"`, 'blocked', 'eval'],
  [`e${BN}val 'rm a'`, 'blocked', 'a joined eval'],
  [`echo a\\\r\nrm a`, 'blocked', 'backslash-CR-LF is a quoted CR and a newline, not a continuation'],
  // what the parser alone would have read as harmless asks
  [`echo "$${BN}(id)"`, 'needs_approval', 'id needs a rule'],
  [`echo $${BN}(id)`, 'needs_approval', 'id needs a rule'],
  [`ec${BN}ho hi > out.txt`, 'needs_approval', 'the joined command writes a file'],
  [`l${BN}s; i${BN}d`, 'needs_approval', 'id needs a rule'],
  [`git lo${BN}g --oneline ; sh${BN}utdown`, 'needs_approval', 'shutdown needs a rule'],
  [`echo "\${y:-'a${BN}b'}"`, 'needs_approval', 'quotes inside a double-quoted expansion are not followed'],
  [`echo $[1+${BN}2]`, 'needs_approval', '$[...] is not followed'],
  [`echo a\\\r\nls`, 'needs_approval', 'a carriage return always asks'],
  // the joined text is exactly what bash runs: harmless commands stay allowed
  [`ls ${BN}  -la`, 'auto_approved', 'a continuation between words'],
  [`l${BN}s -la`, 'auto_approved', 'the joined name is ls'],
  [`ec${BN}ho hi`, 'auto_approved', 'the joined name is echo'],
  [`git lo${BN}g --oneline`, 'auto_approved', 'the joined words are git log'],
  [`echo "a${BN}b"`, 'auto_approved', 'inside double quotes'],
  [`echo 'r${BN}m a'`, 'auto_approved', 'single quotes keep it as text'],
  [`echo $'r${BN}m a'`, 'auto_approved', "$'...' keeps it as text"],
  [`ls # r${BN}`, 'auto_approved', 'a comment keeps it as text'],
  [`cat <<'EOF'\nr${BN}m a\nEOF`, 'auto_approved', 'a quoted here-document is text for cat'],
  [`cat <<EOF\nr${BN}m a\nEOF`, 'auto_approved', 'an unquoted here-document is text for cat'],
  [`echo $(( 1 <${BN}< 2 ))`, 'auto_approved', 'arithmetic is joined'],
  [`echo \${HOME${BN}}`, 'auto_approved', 'inside ${...}'],
  [`echo a\\\\${BN}b`, 'auto_approved', 'an escaped backslash before a continuation'],
  [`echo \`echo 'a${BN}b'\``, 'auto_approved', 'quotes inside backquotes: bash joins, and so does the check'],
];

describe('line continuations: the joined command is what is checked', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: { permissions: { allow: ALLOW, deny: DENY } } });
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%j → %s (%s)', async (command, expected) => {
    const v = await f.bash(command);
    expect(v.decision, v.reason).toBe(expected);
  });

  it('decides odd mixes of quotes, substitutions and continuations without failing', async () => {
    const pieces = ['r', 'm', ' a', BN, "'", '"', '`', '$(', ')', '${', '}', '<<E', '\nE\n', '#', '\\', ';', 'echo'];
    let seed = 7;
    for (let n = 0; n < 300; n++) {
      let command = 'echo ';
      for (let k = 0; k < 12; k++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        command += pieces[seed % pieces.length] as string;
      }
      const v = await f.bash(command);
      expect(['auto_approved', 'needs_approval', 'blocked']).toContain(v.decision);
    }
  });
});

describe('line continuations and the critical list', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: { permissions: { allow: ['Bash(rm *)'] } } });
  });
  afterAll(() => f.cleanup());

  const critical: [string, PermissionMode][] = [
    [`r${BN}m -rf /`, 'bypass'],
    [`rm -r${BN}f ~`, 'bypass'],
    [`rm -rf ${BN}/`, 'acceptEdits'],
    [`bash -c 'r${BN}m -rf /'`, 'bypass'],
  ];
  it.each(critical)('%j in %s asks', async (command, mode) => {
    const v = await f.bash(command, mode);
    expect(v.decision, v.reason).toBe('needs_approval');
    expect(v.reason).toMatch(/critical/);
  });
});

/** Runs a script with bash and returns what it printed. */
function run(script: string): string {
  return execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' } });
}

describe('joining keeps what bash does', () => {
  // Each script prints what bash made of it; the joined text must print the same.
  const scripts: string[] = [
    `ec${BN}ho a${BN}b`,
    `echo "a${BN}b" 'c${BN}d' $'e${BN}f'`,
    `echo "$${BN}(echo sub)" $${BN}{HOME} "$${BN}{HOME}"`,
    `echo \`echo 'a${BN}b'\` "\`echo 'c${BN}d'\`"`,
    `echo a # c ${BN}echo b`,
    `echo a${BN}#b`,
    `echo a\\\\${BN}b\necho a\\\\\necho c`,
    `cat <<EOF\na${BN}b $${BN}(echo x)\nEO${BN}F\necho after\n`,
    `cat <<'EOF'\na${BN}b\nEOF\necho after`,
    `cat <<-EOF\n\ta${BN}b\n\tEOF\necho after`,
    `cat <<EOF; echo "q${BN}r"\nbody\nEOF\necho end`,
    `echo $(( 1 <${BN}< 3 )) $(echo 'x${BN}y')`,
    `x=1; echo \${x:-'a${BN}b'} \${y:-'c${BN}d'}`,
    `echo \${#${BN}HOME} \${HOME${BN}%/*}`,
    `case a in a${BN}) echo matched;; esac`,
    `f() { echo "in${BN}f"; }; f`,
    `echo "$(echo "nested${BN}quotes")" 'single"${BN}"'`,
    'echo a\\\r\necho b',
  ];
  it.each(scripts)('%j', (script) => {
    const joined = joinContinuations(script);
    expect(joined.unsure).toBeNull();
    expect(run(joined.text)).toBe(run(script));
  });

  it('leaves a command without continuations as it is', () => {
    const plain = "echo 'a\\b' \"c\"\nls";
    expect(joinContinuations(plain)).toEqual({ text: plain, removed: [], kept: [], unsure: null });
  });

  it('reads any text without throwing, and removes only backslash-newlines', () => {
    // A fixed-seed generator keeps the run repeatable.
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const alphabet = ['\\', '\n', "'", '"', '`', '$', '(', ')', '{', '}', '<', '<<', '-', '#', ' ', '\t', 'a', 'EOF', '\r', BN];
    for (let n = 0; n < 2000; n++) {
      let script = '';
      for (let k = random(40); k > 0; k--) script += alphabet[random(alphabet.length)] as string;
      const joined = joinContinuations(script);
      if (joined.text.includes("$'\\r'") || joined.unsure !== null) continue;
      let rebuilt = joined.text;
      for (const at of [...joined.removed].reverse()) rebuilt = rebuilt.slice(0, at) + BN + rebuilt.slice(at);
      expect(rebuilt).toBe(script);
      for (const at of joined.kept) expect(joined.text.slice(at, at + 2)).toBe(BN);
    }
  });

  it('stops following very deep nesting and says so', () => {
    const deep = `${'$('.repeat(600)}echo${BN}x${')'.repeat(600)}`;
    const unsure = joinContinuations(deep).unsure;
    expect(unsure && english(unsure)).toBe('the command is nested too deeply to read its line continuations');
  });
});
