// In the policy, a reason written as a literal sentence (pushed to forceAsk or issues, set as neverPrefix or a
// wrapper's reason, returned by a check, given to doubt() or never()) fails the lint; the same reasons built with
// msg() pass, and so do literals that are no sentence (null, a one-word value, a rule spelled out).
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
}

const LITERALS = [
  "import { part } from '../context';",
  'declare const p: { forceAsk: string[]; neverPrefix: string | null };',
  'declare const scan: { unknown: string | null };',
  'declare function never(why: string): void;',
  "export const a = (n: string) => p.forceAsk.push(`setting ${n} can change what the command runs`);",
  "export const b = () => { p.neverPrefix ??= 'sed -i edits files in place'; };",
  "export const c = (n: string) => ({ kind: 'unknown', reason: `cannot tell what ${n} runs` });",
  "export function d(bad: string | null): string | null { return bad ? `find ${bad} deletes files or runs commands` : null; }",
  "export function e(): string { return 'awk program is not static'; }",
  "export const f = () => never('git --bare reads the folder as a repository');",
  "export class G { doubt(_: string): void {} run(): void { this.doubt('a here-document delimiter cannot be read'); } }",
  "export const h = (c: string) => { scan.unknown = `${c} has an option the policy does not know`; };",
  "export const i = () => part('blocked', 'builtin', 'the command is empty');",
].join('\n');

const DATA = [
  "import { msg, type Msg } from '../../../../shared/i18n/message';",
  'declare const p: { forceAsk: Msg[]; neverPrefix: Msg | null; note: Msg | null };',
  "export const a = (name: string) => p.forceAsk.push(msg('reasons.settingChangesCommand', { name }));",
  "export const b = () => { p.neverPrefix ??= msg('reasons.sedInPlace'); p.note = null; };",
  "export const c = (name: string) => ({ kind: 'unknown', reason: msg('reasons.cannotTellWhat', { name }), note: null });",
  "export function d(bad: string | null): Msg | null { return bad ? msg('reasons.findRunsOrDeletes', { option: bad }) : null; }",
  "export const e = (argv: string[]) => { const s = 'quoted'; return `Bash(${argv.join(' ')})` + s; };",
].join('\n');

describe('the policy writes its reasons as msg()', () => {
  it('refuses each literal sentence of the shell analysis', async () => {
    const found = await lint('main/core/policy/shell/probe.ts', LITERALS);
    expect(found.map((f) => f.split(':')[0])).toEqual(['5', '6', '7', '8', '9', '10', '11', '12', '13']);
    expect(found[0]).toContain('msg(key, vars)');
  });

  it('guards the address checks of WebFetch too', async () => {
    const code = "export function why(host: string): string { return `${host} did not resolve to any address`; }";
    expect(await lint('main/core/tools/webfetch-address.ts', code)).toHaveLength(1);
  });

  it('takes the same reasons built with msg(), and literals that are no sentence', async () => {
    expect(await lint('main/core/policy/shell/probe.ts', DATA)).toEqual([]);
  });
});
