// Every problem the settings reader reports carries its sentence as data: the Msg's English is the message
// byte for byte (what `--json`, the logs and `policy check` read), and it renders in Chinese for the panel.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { english, readLanguageSetting, render } from '../../shared/i18n';
import { expectSentence } from '../helpers/sentence';
import type { Msg } from '../../shared/i18n/message';
import { createSettingsLoader, readSettings, type Problem } from '../../main/core/policy/settings/load';
import { modeProblems } from '../../main/core/policy/mode';
import { parseRule } from '../../main/core/policy/rules/parse-rule';

const FILE = '/w/.paragents/settings.json';
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The problems' English, after checking that each one is its Msg's English and renders in Chinese. */
function checked(problems: readonly Problem[]): string[] {
  for (const p of problems) expectSentence(p.msg, p.message);
  return problems.map((p) => p.message);
}

describe('settings problems as data', () => {
  it('says what is wrong with the file and its keys in the same English as before', () => {
    expect(checked(readSettings('x', FILE, 'project').problems)).toEqual(['the settings file must hold a JSON object']);
    expect(checked(readSettings({ permissions: 3 }, FILE, 'project').problems)).toEqual(['"permissions" must be an object']);
    const doc = JSON.parse('{"__proto__": 1, "permissions": {"allowed": 1, "lockPermissionRules": true, "allow": "Read", "defaultMode": "x", "additionalDirectories": [""], "disableBypassMode": "yes"}}') as unknown;
    expect(checked(readSettings(doc, FILE, 'user').problems)).toEqual([
      '"__proto__": key not allowed',
      'permissions.allowed: unknown key',
      'permissions.lockPermissionRules: only managed settings can set this',
      'permissions.disableBypassMode: only managed settings can set this',
      'permissions.allow must be an array of rule strings',
      'permissions.defaultMode: expected one of default, acceptEdits, plan, bypass',
      'permissions.additionalDirectories must be an array of folder paths',
      'permissions.disableBypassMode must be true or false',
      'the file has errors, so none of its allow rules, modes or folders apply',
    ]);
  });

  it('says what is wrong with each rule, its specifier and its kind nested in the field', () => {
    const doc = {
      permissions: {
        allow: [7, 'not a rule!', 'mcp__x(y)', 'mcp__', 'Frob', 'Bash()', 'WebFetch(x)', 'WebFetch(domain:a*b)', 'WebFetch(domain:a b)', 'mcp__*'],
        deny: ['Bash("open)', 'Read(../x)', 'Read(//\0)', 'Z*', 'B*(x)'],
        ask: ['Edit(x/../y)', 'mcp__srv(x)'],
      },
    };
    const messages = checked(readSettings(doc, FILE, 'user').problems);
    expect(messages).toEqual([
      'permissions.allow[0]: a rule must be a string',
      'permissions.allow[1]: "not a rule!" is not a rule (expected Tool or Tool(specifier))',
      'permissions.allow[2]: "mcp__x(y)": MCP rules take no specifier',
      'permissions.allow[3]: "mcp__" names no MCP server',
      'permissions.allow[4]: "Frob": unknown tool "Frob"',
      'permissions.allow[5]: "Bash()": empty specifier; the allow rule is ignored',
      'permissions.allow[6]: "WebFetch(x)": WebFetch rules take domain:HOST; the allow rule is ignored',
      'permissions.allow[7]: "WebFetch(domain:a*b)": only a leading "*." wildcard is allowed in a domain; the allow rule is ignored',
      'permissions.allow[8]: "WebFetch(domain:a b)": "a b" is not a valid domain; the allow rule is ignored',
      'permissions.allow[9]: "mcp__*" is ineffective: a tool-name glob in an allow rule grants nothing unless it names an MCP server (mcp__server or mcp__server__*)',
      'permissions.ask[0]: "Edit(x/../y)": ".." is not allowed in a path pattern; the ask rule applies to every Edit call',
      'permissions.ask[1]: "mcp__srv(x)": MCP rules take no specifier',
      'permissions.deny[0]: "Bash("open)": unterminated quote; the deny rule applies to every Bash call',
      'permissions.deny[1]: "Read(../x)": ".." is not allowed in a path pattern; the deny rule applies to every Read call',
      'permissions.deny[2]: "Read(//\0)": NUL byte in path pattern; the deny rule applies to every Read call',
      'permissions.deny[3]: "Z*": the tool-name glob "Z*" matches no tool',
      'permissions.deny[4]: "B*(x)": a tool-name glob takes no specifier; the deny rule applies to every call of the tools it matches',
      'the file has errors, so none of its allow rules, modes or folders apply',
    ]);
    const ineffective = readSettings(doc, FILE, 'user').problems.find((p) => p.ineffectiveRule !== undefined);
    expect(ineffective?.ineffectiveRule).toBe('mcp__*');
    // The specifier's problem and the rule's kind are sentences inside the sentence, rendered in the same language.
    const deny = readSettings(doc, FILE, 'user').problems.find((p) => p.message.startsWith('permissions.deny[0]'));
    expect(render('zh-CN', deny?.msg as Msg)).toBe('permissions.deny[0]："Bash("open)"：引号没有闭合；这条 deny 规则适用于每一次 Bash 调用');
  });

  it('refuses a rule it cannot read with a Msg, which "allow always" throws as the reason it saved nothing', () => {
    const parsed = parseRule('mcp__srv(x)', 'allow', 'local', null);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(english(parsed.message)).toBe('"mcp__srv(x)": MCP rules take no specifier');
  });

  it('reports an unreadable, non-JSON or non-regular file with a Msg', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-msgs-'));
    dirs.push(dir);
    const loader = createSettingsLoader();
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"permissions": {"allow": [}');
    const [invalid] = checked(loader.load(bad, 'user').problems);
    expect(invalid).toMatch(/^invalid JSON at /);
    const folder = path.join(dir, 'folder.json');
    mkdirSync(folder);
    expect(checked(loader.load(folder, 'user').problems)).toEqual(['not a regular file']);
    const below = path.join(dir, 'closed');
    mkdirSync(below);
    writeFileSync(path.join(below, 'settings.json'), '{}');
    chmodSync(below, 0o000);
    try {
      // As root the folder stays readable; the message is checked only where the read fails.
      const problems = loader.load(path.join(below, 'settings.json'), 'user').problems;
      for (const m of checked(problems)) expect(m).toMatch(/^cannot read: /);
    } finally {
      chmodSync(below, 0o700);
    }
  });

  it('gives the line and column of a JSON error as data when the parser names a position', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-msgs-'));
    dirs.push(dir);
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '{\n  "a": 1,\n  x\n}');
    const [problem] = createSettingsLoader().load(file, 'user').problems;
    expect(problem?.msg?.key).toBe('notices.settings.invalidJson');
    const where = problem?.msg?.vars?.where;
    if (typeof where === 'object') {
      expect(where.key).toBe('notices.settings.jsonAt');
      expect(problem?.message).toMatch(/^invalid JSON at line 3 column 3: /);
      expect(render('zh-CN', problem?.msg as Msg)).toContain('第 3 行第 3 列');
    } else {
      // A parser that names no position: its own words, kept as written.
      expect(problem?.message).toBe(`invalid JSON at ${String(where)}`);
    }
  });

  it('says bypass is never taken from a project file with a Msg', () => {
    const project = { ...readSettings({ permissions: { defaultMode: 'bypass' } }, FILE, 'project') };
    expect(checked(modeProblems([project]))).toEqual(['permissions.defaultMode: bypass is never taken from a project file']);
  });

  it('says a wrong language in config.json with a Msg', () => {
    const read = readLanguageSetting('/h/config.json', 'fr');
    expect(read.setting).toBe('system');
    expect(read.problem).toBe('/h/config.json: language: "fr" is not one of system, en, zh-CN, so the system\'s language is used.');
    expectSentence(read.problemMsg, read.problem as string);
    expect(readLanguageSetting('/h/config.json', 'en')).toStrictEqual({ setting: 'en', problem: null });
  });
});
