// In a folder whose sentences are data, a string or template literal given to err() or part() fails the lint.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const configFile = path.join(root, 'eslint.config.js');

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('sentences for people are msg() in the converted folders', () => {
  it('names the folders it guards', async () => {
    const { MESSAGE_FOLDERS } = (await import(configFile)) as { MESSAGE_FOLDERS: string[] };
    expect(MESSAGE_FOLDERS).toContain('main/core/conflicts/**/*.ts');
    expect(MESSAGE_FOLDERS.length).toBeGreaterThan(0);
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
    // A folder not converted yet is not held to it.
    expect(await lint('main/core/cost/probe.ts', literal)).toEqual([]);
  });
});
