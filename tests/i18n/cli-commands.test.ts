import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectLocalEndpoint } from '../../main/local/endpoint-client';
import { translator } from '../../shared/i18n';
import { runCli, type CliRun } from '../helpers/cli';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { killHosts, nextLinkEvent, startHost } from '../local/host-process';
import { englishIn } from './cli-english';

/*
 * Every command's human-readable output in 简体中文 (PARAGENTS_LANG=zh-CN), run by the real bin over a real data
 * folder: the Chinese catalog's text is there, no sentence of the English catalog is, and `--json` prints the same
 * bytes in both languages.
 */

const zh = translator('zh-CN');
const ZH = { PARAGENTS_LANG: 'zh-CN' };
const EN = { PARAGENTS_LANG: 'en' };

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      {
        when: 'write the report',
        steps: [{ content: 'Writing it.', toolCalls: [{ name: 'Write', arguments: { path: 'report.md', content: '# report\n' } }] }, { content: 'The report is written.' }],
      },
    ],
  },
});
let home: string;
let ws: string;

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'ignore' });
};

beforeAll(async () => {
  home = fx.home();
  ws = tempDir();
  git(ws, 'init', '-q');
  git(ws, 'commit', '-q', '--allow-empty', '-m', 'start');
  // Created in English: the sessions and their stored events are the same whatever language reads them.
  for (const args of [
    ['--session', 'report', '--approve', 'never'],
    ['--session', 'iso', '--worktree', '--approve', 'all'],
  ]) {
    const r = await runCli(['run', '--workspace', ws, '--prompt', 'please write the report', '--json', ...args], { home, env: EN });
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);

afterEach(() => killHosts());

const all = (r: CliRun): string => `${r.stdout}${r.stderr}`;

/** Runs a command in 简体中文 and checks it holds no English catalog sentence. */
async function inChinese(args: string[], at = home): Promise<CliRun> {
  const r = await runCli(args, { home: at, env: ZH });
  expect(englishIn(all(r)), `paragents ${args.join(' ')}:\n${all(r)}`).toEqual([]);
  return r;
}

/**
 * The same command in English: proof that the check sees the English catalog where the Chinese run has none
 * (tables, whose lines are not sentences, are left to the assertions on their Chinese words).
 */
async function inEnglish(args: string[], at = home): Promise<CliRun> {
  const r = await runCli(args, { home: at, env: EN });
  expect(englishIn(all(r)), `paragents ${args.join(' ')} in English`).not.toEqual([]);
  return r;
}

/** `--json` output in both languages: byte for byte the same, nothing on stderr. */
async function sameJson(args: string[], at = home, normalise = (s: string) => s): Promise<string> {
  const [en, cn] = [await runCli(args, { home: at, env: EN }), await runCli(args, { home: at, env: ZH })];
  expect(en.stderr).toBe('');
  expect(cn.stderr).toBe('');
  expect(en.code).toBe(cn.code);
  expect(normalise(cn.stdout)).toBe(normalise(en.stdout));
  expect(en.stdout.trim()).not.toBe('');
  return en.stdout;
}

describe('the command line in 简体中文', () => {
  it('--help is Chinese around the same command lines, flags and placeholders', async () => {
    const en = await inEnglish(['--help']);
    const cn = await inChinese(['--help']);
    expect(cn.code).toBe(0);
    expect(cn.stdout).toContain(zh('cliHelp.title'));
    expect(cn.stdout).toContain('用法：paragents run --workspace DIR --prompt TEXT');
    expect(cn.stdout).toContain('数据文件夹：$PARAGENTS_HOME');
    const commands = en.stdout.split('\n').map((l) => l.replace(/^usage: /, '').trim()).filter((l) => /^paragents [a-z]/.test(l));
    expect(commands.length).toBeGreaterThan(15);
    for (const line of commands) expect(cn.stdout).toContain(line);
    const flags = new Set(en.stdout.match(/--[a-z][a-z-]*/g));
    expect(flags.size).toBeGreaterThan(20);
    for (const flag of flags) expect(cn.stdout, flag).toContain(flag);
    // The continuation lines line up under the first command whatever the width of "用法：".
    const lines = cn.stdout.split('\n');
    expect(lines.find((l) => l.includes('sessions list'))?.indexOf('paragents')).toBe(6);

    const serveEn = await inEnglish(['serve', '--help']);
    const serve = await inChinese(['serve', '--help']);
    expect(serve.code).toBe(0);
    expect(serve.stderr).toContain(`  --port N              ${zh('cliHelp.serve.port')}`);
    for (const flag of new Set(serveEn.stderr.match(/--[a-z][a-z-]*/g))) expect(serve.stderr).toContain(flag);

    const unknown = await inChinese(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(zh('cliErrors.unknownCommand', { name: 'bogus' }));
  });

  it('sessions list, show, budget, fork and compact', async () => {
    const list = await inChinese(['sessions', 'list']);
    expect(list.stdout).toMatch(/report {11}已完成 {11}模式=default（内置） 队列=0 token=\d+/);
    await sameJson(['sessions', 'list', '--json']);

    await inEnglish(['sessions', 'show', 'report']);
    const show = await inChinese(['sessions', 'show', 'report']);
    expect(show.stdout).toMatch(/^会话 [0-9a-f]{6} "report" · 已完成 · 模式 default（内置） · 1 个提示词 · 已用 \d+ token\n工作区：/);
    expect(show.stdout).toContain(`\n[P:`);
    expect(show.stdout).toContain(zh('cliSessions.show.you'));
    expect(show.stdout).toContain('策略：blocked（mode）：');
    await sameJson(['sessions', 'show', 'report', '--json']);
    await sameJson(['sessions', 'show', 'report', '--events']);

    await inEnglish(['sessions', 'show', 'report', '--context']);
    const context = await inChinese(['sessions', 'show', 'report', '--context']);
    expect(context.stdout).toContain(zh('cliSessions.context.whole'));
    expect(context.stdout).toContain(`  ${zh('context.view.kind.system')}`);
    expect(context.stdout).toMatch(/ {2}合计 +[\d,]+ token，占 [\d,]+ 的 [\d.]+ %/);

    await inEnglish(['sessions', 'budget', 'report']);
    const budget = await inChinese(['sessions', 'budget', 'report', '200k']);
    expect(budget.stdout).toMatch(/^[0-9a-f]{6}: 预算 200k token；已用 \d+ token\n$/);
    await sameJson(['sessions', 'budget', 'report', '--json']);
    // The note the budget left in the transcript, and the Markdown export, are in the language too.
    const noted = await inChinese(['sessions', 'show', 'report']);
    expect(noted.stdout).toMatch(/\n预算 200k token\n/);
    const markdown = await inChinese(['sessions', 'show', 'report', '--markdown']);
    const markdownEn = await runCli(['sessions', 'show', 'report', '--markdown'], { home, env: EN });
    expect(markdown.stdout.split('\n')[0]).toMatch(/^# .*[\u4e00-\u9fff]/);
    expect(markdownEn.stdout.split('\n')[0]).not.toMatch(/[\u4e00-\u9fff]/);
    const bad = await inChinese(['sessions', 'budget', 'report', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(zh('cliSessions.budget.notBudget', { limit: 'lots' }));
    expect(bad.stderr).toContain(`用法：paragents sessions budget SESSION [LIMIT | off] [--json]   ${zh('cliHelp.budgetLimitNote')}`);

    const fork = await inChinese(['sessions', 'fork', 'report', '--name', 'copy']);
    expect(fork.stdout).toMatch(/^已将会话 report 分叉为 [0-9a-f]{6} "copy"：复制了 1 个已完成的提示词和 \d+ 条消息\n工作区：/);
    expect(fork.stdout).toContain('继续它：paragents run --session copy');

    const compact = await inChinese(['compact', 'report']);
    expect(compact.code).toBe(0);
    expect(compact.stdout).toMatch(/^(无需压缩：视图为 [\d,]+ token|已压缩：)/);
    const none = await inChinese(['resume', 'report']);
    expect(none.stdout.trim()).toBe(zh('cliSessions.resume.nothingIn', { session: 'report' }));
  });

  it('config, journal, worktree, mcp, hooks, workspace, policy and gateway', async () => {
    await inEnglish(['config', 'show']);
    const config = await inChinese(['config', 'show']);
    expect(config.stdout).toContain(zh('cliTools.config.file', { path: join(home, 'config.json') }));
    expect(config.stdout).toContain(`api_key=${zh('cliTools.config.keySet')}`);
    expect(config.stdout).toMatch(/请求超时：\d{1,3}(,\d{3})+ ms/);
    await sameJson(['config', 'show', '--json']);

    const journal = await inChinese(['journal', 'list']);
    expect(journal.stdout).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} {2}[0-9a-f]{6} {2}Write 创建 {4}\S+report\.md\n/);
    await sameJson(['journal', 'list', '--json']);
    const undo = await inChinese(['journal', 'undo', 'iso', '--dry-run']);
    expect(undo.stdout).toMatch(/^将删除 \S+report\.md$/m);

    await inEnglish(['worktree', 'diff', 'iso']);
    const diff = await inChinese(['worktree', 'diff', 'iso']);
    expect(diff.stdout).toMatch(/^paragents\/[0-9a-f]{6} 相对于 \S+（[0-9a-f]{12}）：1 个文件，含未提交的改动\n {2}新增 {9}report\.md\n/);
    await sameJson(['worktree', 'diff', 'iso', '--json']);
    const merge = await inChinese(['worktree', 'merge', 'iso', '--preview']);
    expect(merge.stdout).toMatch(/^将 paragents\/[0-9a-f]{6} 合并到 \S+ 没有冲突；它会改动 1 个文件：\n {2}report\.md/);
    const noSession = await inChinese(['worktree', 'diff']);
    expect(noSession.code).toBe(2);
    expect(noSession.stderr).toContain(zh('cliTools.worktree.oneSession', { sub: 'diff' }));

    await inEnglish(['mcp', 'list']);
    expect((await inChinese(['mcp', 'list'])).stdout.trim()).toBe(zh('cliTools.mcp.none'));
    await sameJson(['mcp', 'list', '--json']);
    await inEnglish(['hooks', 'list']);
    expect((await inChinese(['hooks', 'list'])).stdout.trim()).toBe(zh('cliTools.hooks.none'));
    await sameJson(['hooks', 'list', '--json']);
    const noHooks = await inChinese(['hooks', 'approve', '--workspace', ws]);
    expect(noHooks.stderr.trim()).toBe(`paragents hooks approve: ${zh('cliTools.hooks.noHooks', { folder: `${ws}/.paragents` })}`);

    expect((await inChinese(['workspace', 'trust', ws])).stdout.trim()).toBe(zh('cliTools.workspace.trusted', { path: ws }));
    expect((await inChinese(['workspace', 'untrust', ws])).stdout.trim()).toBe(zh('cliTools.workspace.untrusted', { path: ws }));

    const input = JSON.stringify({ path: 'notes.md', content: 'x' });
    await sameJson(['policy', 'check', '--workspace', ws, '--tool', 'Write', '--input', input]);
    const policy = await inChinese(['policy', 'check', '--mode', 'loose']);
    expect(policy.code).toBe(2);
    expect(policy.stderr).toContain(zh('cliTools.policy.badMode', { modes: 'default, acceptEdits, plan, bypassPermissions' }).split('：')[0] as string);

    await inEnglish(['gateway', 'telegram', 'status']);
    const gateway = await inChinese(['gateway', 'telegram', 'status']);
    expect(gateway.stdout).toBe(`令牌：未设置\n连接：关闭（${zh('cliErrors.noEngine', { home })}）\n`);
  });

  it('one-sentence errors: bad flags, bad values, a data folder that is a file', async () => {
    const run = await inChinese(['run', '--approve', 'sometimes']);
    expect(run.stderr.trim()).toBe(`paragents run: ${zh('cliSessions.run.badApprove', { value: 'sometimes' })}`);
    const flag = await inChinese(['sessions', 'list', '--colour']);
    expect(flag.stderr.trim()).toBe(`paragents sessions list: ${zh('cliErrors.parse.unknownOption', { option: '--colour' })}`);
    const fork = await inChinese(['sessions', 'fork']);
    expect(fork.stderr).toBe(`paragents sessions fork: 请指定一个会话\n用法：paragents sessions fork SESSION [--name N] [--json]\n`);
    const shell = await inChinese(['completion', 'tcsh']);
    expect(shell.stderr.trim()).toBe(`paragents completion: ${zh('cliTools.completion.unknown', { shell: 'tcsh' })}`);
    // The engine's refusal, in the language its template gives.
    const missing = await inChinese(['sessions', 'show', 'nosuch']);
    expect(missing.stderr.trim()).toBe(`paragents sessions show: ${zh('notices.request.notFound', { kind: zh('notices.request.kind.session'), ref: 'nosuch' })}`);
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const r = await runCli(['sessions', 'list'], { home: file, env: ZH });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`paragents sessions: ${zh('cliErrors.homeIsFileFromEnv', { home: file })}`);
    expect(englishIn(r.stderr)).toEqual([]);
  });

  it('approvals, approve, deny and attach beside a running engine', async () => {
    const at = fx.home();
    await startHost(at, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });
    const link = unwrap(await connectLocalEndpoint({ home: at, env: {}, tmpdir: tmpdir() }));
    if (!link) throw new Error('the host listens, but no endpoint answered');
    try {
      const asked = nextLinkEvent(link, 'approval_requested');
      const session = unwrap(await link.handlers['session.create']({ workspace: tempDir(), name: 'reports' }));
      unwrap(await link.handlers['prompt.send']({ session: session.id, text: 'please write the report' }));
      const approval = await asked;

      await inEnglish(['approvals'], at);
      const list = await inChinese(['approvals'], at);
      expect(list.stdout).toMatch(new RegExp(`^${approval.approvalRef} {2}reports {2}Write report\\.md — 写入 \\S+report\\.md 在 default 模式下需要审批（\\d+ 秒前）\\n回答：paragents approve REF`));
      await sameJson(['approvals', '--json'], at, (s) => s.replace(/"age":"[^"]*"/g, ''));

      const watch = await inChinese(['attach', 'reports', '--bogus'], at);
      expect(watch.stderr).toContain(zh('cliErrors.parse.unknownOption', { option: '--bogus' }));
      const wrong = await inChinese(['deny', approval.approvalRef, '--always'], at);
      expect(wrong.stderr).toContain(zh('cliInbox.denyFlags'));

      await inEnglish(['approve', 'zzzzzz'], at);
      const approved = await inChinese(['approve', approval.approvalRef], at);
      expect(approved.stdout.trim()).toBe(`审批 ${approval.approvalRef} 已允许一次：Write report.md（会话 reports）`);
      const again = await inChinese(['approve', approval.approvalRef], at);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toMatch(new RegExp(`^paragents approve: 审批 ${approval.approvalRef} 已经回答过：已允许一次（\\d+ 秒前）$`));
    } finally {
      await link.close();
    }

    // With no engine, attach shows the stored session in Chinese, then says nothing runs.
    await inEnglish(['attach', 'report']);
    const attach = await inChinese(['attach', 'report']);
    expect(attach.code).toBe(1);
    expect(attach.stdout).toMatch(/^会话 report \(S:[0-9a-f]{6}\)（\S+）：已完成\n {2}最近 \d+ 个事件：\n/);
  });
});
