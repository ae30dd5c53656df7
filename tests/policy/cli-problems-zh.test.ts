// `paragents policy check` prints each settings problem on stderr in the command's language, from its Msg; the
// JSON lines on stdout stay English, as scripts read them.
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runPolicyCommand } from '../../main/cli/policy-command';
import { makeFixture, type Fixture } from './fixture';

let f: Fixture;
afterEach(() => f?.cleanup());

async function run(lang: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPolicyCommand(['check', '--workspace', f.ws, '--tool', 'Bash', '--input', '{"command":"ls"}'], {
    stdin: Readable.from(['']),
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    env: { HOME: f.home, PARAGENTS_MANAGED_SETTINGS: f.managedFile, PARAGENTS_LANG: lang },
    home: f.dataHome,
  });
  return { code, out, err };
}

describe('paragents policy check in 简体中文', () => {
  it('says what is wrong in a settings file in Chinese, the field and the file as written', async () => {
    f = makeFixture({ user: { permissions: { allow: ['Bash()'], frob: true } as never } });
    const file = `${f.dataHome}/settings.json`;
    const zh = await run('zh-CN');
    expect(zh.err).toEqual([
      `paragents policy: ${file}: permissions.frob：未知的键`,
      `paragents policy: ${file}: permissions.allow[0]："Bash()"：说明符为空；这条 allow 规则被忽略`,
      `paragents policy: ${file}: 此文件有错误，因此它的 allow 规则、模式和文件夹都不生效`,
    ]);
    const en = await run('en');
    expect(en.err).toEqual([
      `paragents policy: ${file}: permissions.frob: unknown key`,
      `paragents policy: ${file}: permissions.allow[0]: "Bash()": empty specifier; the allow rule is ignored`,
      `paragents policy: ${file}: the file has errors, so none of its allow rules, modes or folders apply`,
    ]);
    // What scripts read is the same in either language.
    expect(zh.out).toEqual(en.out);
    expect(zh.code).toBe(en.code);
  });
});
