import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unwrap } from '../helpers/engine';
import { useIsolationEngine, runTurn } from './fixture';
import { branchExists, commitFiles, git, makeRepo, overwriteRule } from './helpers';

const ctx = useIsolationEngine();

describe('isolated sessions: diff, merge back, remove', () => {
  it('runs in its own worktree, shows the diff, previews and merges back, then removes the worktree', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const base = git(repo, 'rev-parse', 'HEAD');
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, name: 'iso', isolate: true }));
    const wt = s.worktree;
    expect(wt).toMatchObject({ branch: `paragents/${s.ref}`, baseRef: 'main', baseCommit: base, baseWorkspace: repo, state: 'active' });
    expect(s.workspace).toBe(join(ctx.home, 'worktrees', s.ref));
    expect(wt?.path).toBe(s.workspace);
    expect(git(s.workspace, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`paragents/${s.ref}`);

    await runTurn(e, s.id, 'please write notes');
    expect(readFileSync(join(s.workspace, 'notes.txt'), 'utf8')).toBe('hello from the session\n');
    expect(existsSync(join(repo, 'notes.txt'))).toBe(false);

    const diff = unwrap(await e.handlers['worktree.diff']({ session: 'iso' }));
    expect(diff).toMatchObject({ branch: `paragents/${s.ref}`, baseRef: 'main', base, head: base, uncommitted: true, truncated: false });
    expect(diff.files).toEqual([{ path: 'notes.txt', change: 'added' }]);
    expect(diff.diff).toContain('+hello from the session');

    const preview = unwrap(await e.handlers['worktree.merge']({ session: 'iso', preview: true }));
    expect(preview).toMatchObject({ preview: true, clean: true, conflicts: [], files: ['notes.txt'], merged: false, upToDate: false, committed: null });
    // A preview writes nothing: the session branch and the base are as they were.
    expect(git(s.workspace, 'rev-parse', 'HEAD')).toBe(base);
    expect(git(s.workspace, 'status', '--porcelain')).toBe('?? notes.txt');
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(base);

    const merged = unwrap(await e.handlers['worktree.merge']({ session: 'iso' }));
    expect(merged).toMatchObject({ preview: false, clean: true, merged: true, files: ['notes.txt'], baseCommit: base });
    expect(merged.committed).toMatch(/^[0-9a-f]{40}$/);
    expect(git(s.workspace, 'log', '-1', '--format=%s')).toBe(`paragents: session ${s.ref}`);
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('hello from the session\n');
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(merged.mergeCommit);
    expect(git(repo, 'log', '-1', '--format=%P').split(' ')).toEqual([base, merged.committed]);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(unwrap(await e.handlers['session.get']({ session: 'iso' })).worktree?.state).toBe('merged');

    // Merging again has nothing to do.
    expect(unwrap(await e.handlers['worktree.merge']({ session: 'iso' }))).toMatchObject({ upToDate: true, merged: false });

    const removed = unwrap(await e.handlers['worktree.remove']({ session: 'iso' }));
    expect(removed).toEqual({ branch: `paragents/${s.ref}`, branchDeleted: true, committed: null });
    expect(existsSync(s.workspace)).toBe(false);
    const after = unwrap(await e.handlers['session.get']({ session: 'iso' }));
    expect(after.closedAt).not.toBeNull();
    expect(after.worktree?.state).toBe('removed');
    expect(branchExists(repo, `paragents/${s.ref}`)).toBe(false);
  });

  it('previews a conflict with the base and refuses to merge it, losing nothing', async () => {
    const e = ctx.engine;
    const repo = makeRepo({ 'shared.txt': 'original\n' });
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    // The session must read a file before overwriting it; this rule writes a new version after reading.
    ctx.server.setScript({ rules: [overwriteRule('write shared', 'shared.txt', 'session version\n')] });
    await runTurn(e, s.id, 'please write shared');
    const baseTip = commitFiles(repo, { 'shared.txt': 'base version\n' }, 'base change');

    const preview = unwrap(await e.handlers['worktree.merge']({ session: s.ref, preview: true }));
    expect(preview).toMatchObject({ clean: false, conflicts: ['shared.txt'], merged: false, baseCommit: baseTip });

    const refused = await e.handlers['worktree.merge']({ session: s.ref });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.kind).toBe('conflict');
    expect(refused.error.message).toMatch(/would conflict in shared\.txt; nothing was merged/);
    // Nothing lost on either side; the session's work is committed on its branch.
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(baseTip);
    expect(readFileSync(join(repo, 'shared.txt'), 'utf8')).toBe('base version\n');
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(s.workspace, 'shared.txt'), 'utf8')).toBe('session version\n');
    expect(git(repo, 'show', `paragents/${s.ref}:shared.txt`)).toBe('session version');

    // Not merged: removal is refused, and with force the branch is kept.
    const notYet = await e.handlers['worktree.remove']({ session: s.ref });
    expect(!notYet.ok && notYet.error.message).toMatch(/commits not in main; merge it first, or remove with force/);
    const forced = unwrap(await e.handlers['worktree.remove']({ session: s.ref, force: true }));
    expect(forced.branchDeleted).toBe(false);
    expect(branchExists(repo, `paragents/${s.ref}`)).toBe(true);
    expect(existsSync(s.workspace)).toBe(false);
  });

  it('refuses to merge over uncommitted base changes to the same files, and merges around other ones', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    await runTurn(e, s.id, 'please rewrite readme');
    writeFileSync(join(repo, 'README.md'), '# repo, edited by the user\n');

    const refused = await e.handlers['worktree.merge']({ session: s.ref });
    expect(!refused.ok && refused.error.message).toMatch(/uncommitted changes to README\.md, which the merge would change/);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('# repo, edited by the user\n');

    // The user's edit moves to another file: now the merge goes ahead and leaves that edit alone.
    git(repo, 'checkout', '--', 'README.md');
    writeFileSync(join(repo, 'scratch.txt'), 'user notes\n');
    const merged = unwrap(await e.handlers['worktree.merge']({ session: s.ref }));
    expect(merged.merged).toBe(true);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('# repo, rewritten by the session\n');
    expect(readFileSync(join(repo, 'scratch.txt'), 'utf8')).toBe('user notes\n');
  });

  it('merges into a base branch checked out nowhere by writing the merge commit and moving the ref', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    await runTurn(e, s.id, 'please write notes');
    git(repo, 'checkout', '--quiet', '-b', 'other');
    const mainBefore = git(repo, 'rev-parse', 'main');

    const merged = unwrap(await e.handlers['worktree.merge']({ session: s.ref }));
    expect(merged.merged).toBe(true);
    expect(git(repo, 'rev-parse', 'main')).toBe(merged.mergeCommit);
    expect(git(repo, 'log', '-1', '--format=%P', 'main').split(' ')).toEqual([mainBefore, merged.sessionCommit]);
    expect(git(repo, 'show', 'main:notes.txt')).toBe('hello from the session');
    // The checked-out branch and its files were not touched.
    expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('other');
    expect(existsSync(join(repo, 'notes.txt'))).toBe(false);
  });

  it('a forced removal commits uncommitted work on the branch before removing the folder', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    await runTurn(e, s.id, 'please write notes');
    const refused = await e.handlers['worktree.remove']({ session: s.id });
    expect(!refused.ok && refused.error.message).toMatch(/has uncommitted changes to notes\.txt; merge it first/);
    expect(existsSync(join(s.workspace, 'notes.txt'))).toBe(true);
    const forced = unwrap(await e.handlers['worktree.remove']({ session: s.id, force: true }));
    expect(forced.committed).toMatch(/^[0-9a-f]{40}$/);
    expect(forced.branchDeleted).toBe(false);
    expect(git(repo, 'show', `paragents/${s.ref}:notes.txt`)).toBe('hello from the session');
  });

});
