// What a real engine answers when it refuses a request outside the policy (a worktree that is not there, a merge
// that would conflict, a config.json field naming no provider, an undo with nothing to undo, a hook nobody
// wrote), shown in the panel's language: each message comes from a real engine, real git and real SQLite.
import { modelRetryMsg, modelRetryNote } from '../../shared/model-retry';
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { msg, shownError } from '../../shared/i18n';
import type { AppError, Result } from '../../shared/result';
import { createServer } from 'node:net';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { runTurn, useIsolationEngine } from '../worktree/fixture';
import { commitFiles, makeRepo, overwriteRule, writeRule } from '../worktree/helpers';
import { expectAsData } from './reason-check';

const ctx = useIsolationEngine();

/** The error's message; the request must have been refused. */
function refusal(r: Result<unknown>): string {
  expect(r.ok, JSON.stringify(r)).toBe(false);
  return r.ok ? '' : r.error.message;
}

/** The refusal's error; the request must have been refused. */
function refusedWith(r: Result<unknown>): AppError {
  expect(r.ok, JSON.stringify(r)).toBe(false);
  return r.ok ? { kind: 'internal', message: '' } : r.error;
}

/**
 * An error written as data: it carries its Msg, whose English is the sentence the engine has always written (its
 * `message`), and it renders in Chinese with no English sentence left.
 */
function expectChineseMsg(error: AppError, keep: readonly string[] = []): string {
  const zh = expectAsData(error.message, error.msg, keep);
  expect(shownError('zh-CN', error)).toBe(zh);
  expect(shownError('en', error)).toBe(error.message);
  return zh;
}

describe('engine errors outside the policy read in Chinese', () => {
  it('a worktree request on a session that is not isolated, and isolation outside a git repository', async () => {
    const e = ctx.engine;
    const ws = tempDir();
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));

    const diff = refusedWith(await e.handlers['worktree.diff']({ session: s.ref }));
    expect(diff.message).toBe(`session ${s.ref} is not isolated (it works directly in ${ws})`);
    expect(expectChineseMsg(diff)).toBe(`会话 ${s.ref} 没有隔离（它直接在 ${ws} 中工作）`);
    expectChineseMsg(refusedWith(await e.handlers['worktree.merge']({ session: s.ref, preview: true })));

    const notRepo = refusedWith(await e.handlers['session.create']({ workspace: ws, isolate: true }));
    expect(notRepo.message).toMatch(/ is not a git repository; isolation needs git$/);
    expect(expectChineseMsg(notRepo)).toMatch(/^工作区 \S+ 不是 Git 仓库；隔离需要 Git$/);
  });

  it('a merge that would conflict, a removal refused, and a session whose worktree is gone', async () => {
    const e = ctx.engine;
    const repo = makeRepo({ 'shared.txt': 'original\n' });
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    ctx.server.setScript({ rules: [overwriteRule('write shared', 'shared.txt', 'session version\n')] });
    await runTurn(e, s.id, 'please write shared');
    commitFiles(repo, { 'shared.txt': 'base version\n' }, 'base change');
    const branch = `paragents/${s.ref}`;

    const conflict = refusedWith(await e.handlers['worktree.merge']({ session: s.ref }));
    expect(conflict.message).toBe(
      `merging ${branch} into main would conflict in shared.txt; nothing was merged and the work stays on ${branch} (merge main into the worktree ${s.workspace} and resolve there, then merge again)`,
    );
    expect(expectChineseMsg(conflict)).toBe(
      `把 ${branch} 合并到 main 会在 shared.txt 中产生冲突；没有合并任何内容，工作保留在 ${branch} 上（先把 main 合并到 worktree ${s.workspace} 并在那里解决冲突，然后再合并）`,
    );

    const outside = refusedWith(await e.handlers['session.fileDiff']({ session: s.ref, path: join(repo, 'shared.txt') }));
    expect(outside.message).toMatch(/ is not inside the worktree of branch /);
    expectChineseMsg(outside);

    const notMerged = refusedWith(await e.handlers['worktree.remove']({ session: s.ref }));
    expect(notMerged.message).toBe(
      `session ${s.ref}'s worktree ${s.workspace} has commits not in main; merge it first, or remove with force (the work is committed and kept on branch ${branch})`,
    );
    expect(expectChineseMsg(notMerged)).toContain('中有不在 main 中的提交；请先合并，或强制删除');

    unwrap(await e.handlers['worktree.remove']({ session: s.ref, force: true }));
    const gone = [
      refusedWith(await e.handlers['worktree.merge']({ session: s.ref })),
      refusedWith(await e.handlers['worktree.diff']({ session: s.ref })),
      refusedWith(await e.handlers['worktree.remove']({ session: s.ref })),
      refusedWith(await e.handlers['session.reopen']({ session: s.ref })),
    ];
    expect(gone.map((g) => g.message)).toEqual([
      `the worktree of session ${s.ref} was removed; its work is on branch ${branch}`,
      `the worktree of branch ${branch} was removed; diff the branch with git instead`,
      `the worktree of session ${s.ref} was already removed; its work is on branch ${branch}`,
      `session ${s.ref} cannot be reopened: its worktree folder was removed`,
    ]);
    for (const g of gone) expectChineseMsg(g);
    expect(shownError('zh-CN', gone[0]!)).toBe(`会话 ${s.ref} 的 worktree 已被删除；它的工作在分支 ${branch} 上`);
  });

  it('a removal over uncommitted work, and a merge over uncommitted changes of the base', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    await runTurn(e, s.id, 'please rewrite readme');
    writeFileSync(join(repo, 'README.md'), '# repo, edited by the user\n');

    // Removal first: a merge, even a refused one, commits the worktree's files on the session branch.
    const uncommitted = refusedWith(await e.handlers['worktree.remove']({ session: s.ref }));
    expect(uncommitted.message).toMatch(/has uncommitted changes to README\.md; merge it first/);
    expect(expectChineseMsg(uncommitted)).toContain('中有对 README.md 的未提交更改');

    const dirty = refusedWith(await e.handlers['worktree.merge']({ session: s.ref }));
    expect(dirty.message).toBe(`${repo} (branch main) has uncommitted changes to README.md, which the merge would change; commit or stash them, then merge again (nothing was merged)`);
    expect(expectChineseMsg(dirty)).toBe(`${repo}（分支 main）中 README.md 有未提交的更改，而合并会改动它们；请先提交或 stash，然后再合并（没有合并任何内容）`);
  });

  it('a config.json field naming no provider, and an empty config.json', async () => {
    const e = ctx.engine;
    const file = join(ctx.home, 'config.json');
    const provider = { name: 'scripted', baseURL: ctx.server.url, model: 'scripted-model', apiKey: 'test-key' };
    writeFileSync(file, JSON.stringify({ providers: [provider], defaultProvider: 'nope' }));
    const noDefault = refusedWith(await e.handlers['config.get']({}));
    expect(noDefault.message).toBe(`${file}: defaultProvider: no provider named "nope" (have: scripted)`);
    expect(expectChineseMsg(noDefault)).toBe(`${file}：defaultProvider：没有名为 "nope" 的提供方（现有：scripted）`);

    writeFileSync(file, JSON.stringify({ providers: [provider], fallback: ['scripted', 'spare'] }));
    expectChineseMsg(refusedWith(await e.handlers['config.get']({})));

    writeFileSync(file, JSON.stringify({ providers: [{ ...provider, baseURL: 'localhost:1234/v1' }] }));
    expectChineseMsg(refusedWith(await e.handlers['config.get']({})), ['localhost:1234/v1']);

    writeFileSync(file, JSON.stringify({ providers: [{ ...provider, contextWindow: 4000, maxOutputTokens: 8000 }] }));
    const room = refusedWith(await e.handlers['config.get']({}));
    expect(room.message).toMatch(/: providers\[0\]\.maxOutputTokens: 8000 leaves no room for the conversation in providers\[0\]\.contextWindow \(4000\)/);
    expectChineseMsg(room);

    writeFileSync(file, ' \n');
    const empty = refusedWith(await e.handlers['config.get']({}));
    expect(empty.message).toBe(`${file}: file is empty (expected a JSON object)`);
    expect(expectChineseMsg(empty)).toBe(`${file}：文件为空（应为一个 JSON 对象）`);
  });

  it('an undo and a file diff with nothing in the journal, a budget request, a hook nobody wrote, the gateway', async () => {
    const e = ctx.engine;
    const ws = tempDir();
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));
    ctx.server.setScript({ rules: [writeRule('write notes', 'notes.txt', 'hello\n')] });
    await runTurn(e, s.id, 'please write notes');
    const undo = refusedWith(await e.handlers['journal.undo']({ session: s.ref, path: 'other.txt' }));
    expect(undo.message).toBe(`session ${s.ref} has no writes to other.txt left to revert in the change journal`);
    expect(expectChineseMsg(undo)).toBe(`会话 ${s.ref} 在变更日志中没有对 other.txt 的可还原写入`);
    const fileDiff = refusedWith(await e.handlers['session.fileDiff']({ session: s.ref, path: 'other.txt' }));
    expect(fileDiff.message).toMatch(/ has no writes to .* in the change journal$/);
    expectChineseMsg(fileDiff);

    const prompt = unwrap(await e.handlers['session.get']({ session: s.ref })).prompts[0]!;
    const budget = refusedWith(await e.handlers['budget.resolve']({ prompt: prompt.ref, action: { kind: 'stop' } }));
    expect(budget.message).toBe(`prompt ${prompt.ref} is not paused at a budget (completed)`);
    expect(expectChineseMsg(budget)).toBe(`提示词 ${prompt.ref} 没有因预算而暂停（已完成）`);

    // The hooks refusals come as data: their English is the sentence as before, their Msg renders in Chinese.
    for (const [r, sentence] of [
      [await e.handlers['hooks.approve']({ workspace: ws, commands: ['./nobody.sh'], approved: true }), `No project hook of ${ws}/.paragents runs the command "./nobody.sh".`],
      [await e.handlers['hooks.approve']({ workspace: join(ws, 'nowhere'), approved: true }), `${join(ws, 'nowhere')} does not exist`],
    ] as const) {
      expect(refusal(r)).toBe(sentence);
      expectChineseMsg(refusedWith(r));
    }

    expectChineseMsg(refusedWith(await e.handlers['gateway.status']({ gateway: 'telegram' })), ['paragents serve']);
  });

  it('a turn whose providers cannot be reached, the first one falling back to the next', async () => {
    // A port that was open a moment ago and is closed now: connecting to it is refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const closed = `http://127.0.0.1:${port}/v1`;
    writeFileSync(
      join(ctx.home, 'config.json'),
      JSON.stringify({
        providers: [
          { name: 'first', baseURL: closed, model: 'm', apiKey: 'k' },
          { name: 'spare', baseURL: closed, model: 'm', apiKey: 'k' },
        ],
        defaultProvider: 'first',
        fallback: ['spare'],
      }),
    );
    const e = ctx.engine;
    const log = recordEvents(e);
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'anything' }));
    expect(await settled(e, p.id)).toBe('failed');

    const failed = log.flatMap((ev) => (ev.type === 'turn_failed' ? [ev] : []));
    expect(failed.map((ev) => ev.error)).toEqual([`model request failed: provider "first" (${closed}): connection refused; then provider "spare" (${closed}): connection refused`]);
    const turn = failed[0]!;
    expectAsData(turn.error, turn.errorMsg, [closed]);
    // The transcript's line: the failure as data inside "failed: …".
    expect(expectAsData(`failed: ${turn.error}`, turn.errorMsg && msg('reasons.turnFailed', { error: turn.errorMsg }), [closed])).toBe(
      `失败：模型请求失败：提供方 "first"（${closed}）：连接被拒绝；随后提供方 "spare"（${closed}）：连接被拒绝`,
    );
    // The switch to the next provider is no numbered retry: the transcript's note says which provider comes next.
    const retries = log.flatMap((ev) => (ev.type === 'model_retry' ? [ev] : []));
    expect(retries.map((ev) => modelRetryNote(ev, 'ms'))).toEqual(['model request failed (connection refused); trying provider spare next']);
    const retry = retries[0]!;
    expectAsData(retry.error, retry.errorMsg, [closed]);
    expect(expectAsData(modelRetryNote(retry, 'ms'), modelRetryMsg(retry, 'ms'))).toBe('模型请求失败（连接被拒绝）；改用下一个提供方 spare');
  });
});
