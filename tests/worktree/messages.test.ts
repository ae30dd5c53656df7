// The worktree's sentences as data: each Msg's English is the sentence the engine wrote before it was data (the
// model, `--json` and the logs read exactly that), and its Chinese keeps what git said as git wrote it.
import { describe, expect, it } from 'vitest';
import { english, msg, render } from '../../shared/i18n/message';
import { gitFailure, type GitRun } from '../../main/core/worktree/git';
import { pathList } from '../../main/core/worktree/merge';

const run = (over: Partial<GitRun>): GitRun => ({ code: 128, stdout: '', stderr: '', missing: false, ...over });
const step = msg('engineErrors.git.readingWorktreeHead', { path: '/w/p' });

describe('a failed git command', () => {
  it('says what Paragents was doing, then git’s last lines, in the words it always used', () => {
    const said = gitFailure(step, run({ stderr: 'fatal: one\nfatal: two\n' }));
    expect(english(said)).toBe('reading HEAD of worktree /w/p: git exited with 128: fatal: one / fatal: two');
    expect(render('zh-CN', said)).toBe('读取 worktree /w/p 的 HEAD：git 以退出码 128 退出：fatal: one / fatal: two');
    expect(english(gitFailure(step, run({})))).toBe('reading HEAD of worktree /w/p: git exited with 128');
    expect(english(gitFailure(step, run({ code: null, stderr: 'killed' })))).toBe('reading HEAD of worktree /w/p: git exited with a signal: killed');
    expect(english(gitFailure(step, run({ code: null })))).toBe('reading HEAD of worktree /w/p: git exited with a signal');
    const missing = gitFailure(msg('engineErrors.git.checkingVersion'), run({ code: null, missing: true }));
    expect(english(missing)).toBe('checking the git version: git is not installed (or not on PATH); isolation needs git');
    expect(render('zh-CN', missing)).toBe('检查 Git 版本：没有安装 git（或它不在 PATH 中）；隔离需要 Git');
  });

  it('a refused merge nests git’s failure, and a long file list counts the rest', () => {
    const failed = gitFailure(msg('engineErrors.git.mergingInto', { base: 'main', repo: '/w/p' }), run({ code: 1, stderr: 'error: Your local changes would be overwritten' }));
    const refused = msg('engineErrors.worktree.nothingMerged', { error: failed });
    expect(english(refused)).toBe('merging into main in /w/p: git exited with 1: error: Your local changes would be overwritten; nothing was merged');
    expect(render('zh-CN', refused)).toBe('合并到 main（在 /w/p 中）：git 以退出码 1 退出：error: Your local changes would be overwritten；没有合并任何内容');
    const files = Array.from({ length: 13 }, (_, i) => `f${i}.ts`);
    const list = pathList(files);
    expect(typeof list === 'string' ? list : english(list)).toBe(`${files.slice(0, 10).join(', ')} and 3 more`);
    expect(typeof list === 'string' ? list : render('zh-CN', list)).toBe(`${files.slice(0, 10).join(', ')} 及另外 3 个文件`);
    expect(pathList(['a.ts', 'b.ts'])).toBe('a.ts, b.ts');
  });

  it('a session still working names what it waits for in the language', () => {
    const m = msg('notices.request.stillWorking', { session: 'a1b2c3', ref: 'd4e5f6', status: msg('notices.request.promptStatus.running'), doing: msg('engineErrors.worktree.doingRemove') });
    expect(english(m)).toBe('session a1b2c3 is still working (prompt d4e5f6 is running); wait for it or cancel it before removing its worktree');
    expect(render('zh-CN', m)).toBe('会话 a1b2c3 仍在工作（提示词 d4e5f6 运行中）；请等待它或先取消它，再删除它的 worktree');
  });
});
