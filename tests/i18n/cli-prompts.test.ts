import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../../shared/i18n';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import { killCliProcesses, startCli } from '../cli/cli-process';
import { STUBBORN, stubbornPid } from '../cli/stubborn';
import { hookSettings, writeJson } from '../hooks/helpers';
import { englishIn } from './cli-english';
import { useEngineFixture } from '../helpers/engine-fixture';

/* The questions a command asks on the terminal, and the lines around an interrupt, in 简体中文. */

const zh = translator('zh-CN');
const ZH = { PARAGENTS_LANG: 'zh-CN' };

const fx = useEngineFixture({
  scope: 'file',
  script: { rules: [{ when: 'start the stubborn job', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: STUBBORN } }] }, { content: 'never reached' }] }] },
});
afterEach(() => killCliProcesses());

describe('the command line asks and answers interrupts in 简体中文', () => {
  it('hooks list and approve: the table, the question (answers stay y / N) and what was done', async () => {
    const home = fx.home();
    const ws = tempDir();
    writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Bash', command: './scripts/check.sh', timeout: 5 }] }));

    const list = await runCli(['hooks', 'list', '--workspace', ws], { home, env: ZH });
    // The line under it is why the hook does not run, in the engine's words.
    expect(list.stdout.split('\n')[0]).toBe('PreToolUse [Bash]  ./scripts/check.sh  （project，不受信任，超时 5 秒）');
    const [en, cn] = [await runCli(['hooks', 'list', '--workspace', ws, '--json'], { home }), await runCli(['hooks', 'list', '--workspace', ws, '--json'], { home, env: ZH })];
    expect(cn.stdout).toBe(en.stdout);

    const refused = await runCli(['hooks', 'approve', '--workspace', ws], { home, env: ZH, input: 'n\n' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe(`${zh('cliTools.hooks.theyRun', { workspace: ws })}\n  PreToolUse [Bash]  ./scripts/check.sh  （project，不受信任，超时 5 秒）\n允许它们运行吗？[y/N]\n`);
    expect(refused.stderr.trim()).toBe('paragents hooks approve: 未批准');

    const yes = await runCli(['hooks', 'approve', '--workspace', ws], { home, env: ZH, input: 'y\n' });
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain(`已批准 ${ws} 的 1 个项目 hook\n工作区受信任后它们才会运行：paragents workspace trust ${ws}\n`);
    for (const r of [list, refused, yes]) expect(englishIn(`${r.stdout}${r.stderr}`)).toEqual([]);
  });

  it('Ctrl-C: cancelling, then forcing, each said in 简体中文; the event lines too', async () => {
    const home = fx.home();
    const ws = tempDir();
    const run = startCli(['run', '--workspace', ws, '--prompt', 'start the stubborn job', '--session', 'stubborn', '--approve', 'all'], { home, env: ZH });
    await stubbornPid(ws);

    run.child.kill('SIGINT');
    await run.waitFor('stderr', new RegExp(zh('cliErrors.cancelling')));
    run.child.kill('SIGINT');
    expect(await run.exited).toEqual({ code: 130, signal: null });
    expect(run.stderr()).toContain(zh('cliErrors.forcing'));
    expect(run.stdout()).toContain('[S:stubborn] 已在 ');
    expect(englishIn(`${run.stdout()}${run.stderr()}`)).toEqual([]);
  });
});
