// In the engine and the gateways, a string or template literal given to err() or part(), or written as a reason or a
// notice, fails the lint; the named exceptions are files whose texts are for the model only.
import { ESLint } from 'eslint';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const configFile = path.join(root, 'eslint.config.js');

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('sentences for people are msg() in the engine and the gateways', () => {
  it('guards main/core and main/gateway, and every exception names a file that exists and why', async () => {
    const { MESSAGE_FOLDERS, MESSAGE_EXCEPTIONS } = (await import(configFile)) as {
      MESSAGE_FOLDERS: string[];
      MESSAGE_EXCEPTIONS: { file: string; why: string }[];
    };
    expect(MESSAGE_FOLDERS).toEqual(expect.arrayContaining(['main/core/**/*.ts', 'main/gateway/**/*.ts']));
    for (const e of MESSAGE_EXCEPTIONS) {
      expect(existsSync(path.join(root, e.file)), e.file).toBe(true);
      expect(e.why.split(' ').length, e.file).toBeGreaterThan(5);
    }
  });

  it('refuses a reason or a notice written as a literal sentence', async () => {
    const literal = [
      "export const a = (path: string) => ({ decision: 'ask', reason: `writing ${path} needs approval` });",
      "export const b = { note: 'session reopened' };",
    ].join('\n');
    expect(await lint('main/gateway/probe.ts', literal)).toHaveLength(2);
    expect(await lint('main/core/cost/probe.ts', literal)).toHaveLength(2);
    // One word is a value (a status, a kind), not a sentence.
    expect(await lint('main/core/cost/probe.ts', "export const c = { reason: 'budget' };")).toEqual([]);
  });

  it('refuses a literal sentence in err() and part(), and takes msg()', async () => {
    const literal = [
      "import { err } from '../../../shared/result';",
      "import { part } from '../policy/context';",
      'export const a = (n: string) => err(\'invalid_input\', `no session named ${n}`);',
      "export const b = () => err('internal', 'something broke');",
      "export const c = () => part('blocked', 'builtin', 'the command is empty');",
    ].join('\n');
    const found = await lint('main/core/conflicts/probe.ts', literal);
    expect(found).toHaveLength(3);
    expect(found[0]).toContain('msg(key, vars)');
    const data = [
      "import { err } from '../../../shared/result';",
      "import { msg } from '../../../shared/i18n/message';",
      "export const a = () => err('invalid_input', msg('reasons.commandEmpty'));",
    ].join('\n');
    expect(await lint('main/core/conflicts/probe.ts', data)).toEqual([]);
    // The whole engine is held to it; the command line, which renders sentences, is not.
    expect(await lint('main/core/cost/probe.ts', literal)).toHaveLength(3);
    expect(await lint('main/cli/probe.ts', literal)).toEqual([]);
  });
});
