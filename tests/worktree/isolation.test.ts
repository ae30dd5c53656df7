import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { settled, unwrap } from '../helpers/engine';
import { tempDir } from '../helpers/temp';
import { createPolicyEngine } from '../../main/core/policy';
import { useIsolationEngine, runTurn } from './fixture';
import { branchExists, commitFiles, git, makeRepo } from './helpers';

const ctx = useIsolationEngine();

describe('isolated sessions: creation and lifecycle', () => {
  it('keeps the sub-folder the session was asked to work in', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const sub = join(repo, 'pkg');
    mkdirSync(sub);
    commitFiles(repo, { 'pkg/index.ts': 'export {};\n' }, 'pkg');
    const s = unwrap(await e.handlers['session.create']({ workspace: sub, isolate: true }));
    expect(s.workspace).toBe(join(ctx.home, 'worktrees', s.ref, 'pkg'));
    expect(readFileSync(join(s.workspace, 'index.ts'), 'utf8')).toBe('export {};\n');
    expect(s.worktree?.baseWorkspace).toBe(sub);
  });

  it('a worktree of a trusted workspace is trusted too, so the project\'s allow rules apply in it', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    mkdirSync(join(repo, '.paragents'));
    commitFiles(repo, { '.paragents/settings.json': JSON.stringify({ permissions: { allow: ['Bash(make test)'] } }) }, 'rules');
    const untrusted = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    const before = unwrap(await e.handlers['policy.check']({ session: untrusted.id, tool: 'Bash', input: { command: 'make test' } }));
    expect(before.decision).not.toBe('auto_approved');
    await createPolicyEngine({ home: ctx.home, host: { home: ctx.home, env: {} } }).trustWorkspace(repo);
    const trusted = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    const after = unwrap(await e.handlers['policy.check']({ session: trusted.id, tool: 'Bash', input: { command: 'make test' } }));
    expect(after).toMatchObject({ decision: 'auto_approved', rule: 'Bash(make test)', source: 'project' });
  });

  it('creates several isolated sessions of one repository at once, each on its own branch', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const made = await Promise.all([1, 2, 3, 4].map(() => e.handlers['session.create']({ workspace: repo, isolate: true })));
    const sessions = made.map(unwrap);
    expect(new Set(sessions.map((s) => s.worktree?.branch)).size).toBe(4);
    for (const s of sessions) expect(git(s.workspace, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`paragents/${s.ref}`);
  });

  it('closing an isolated session keeps its worktree and branch', async () => {
    const e = ctx.engine;
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    await runTurn(e, s.id, 'please write notes');
    unwrap(await e.handlers['session.close']({ session: s.id }));
    expect(branchExists(repo, `paragents/${s.ref}`)).toBe(true);
    expect(readFileSync(join(s.workspace, 'notes.txt'), 'utf8')).toBe('hello from the session\n');
    // A closed session's work can still be reviewed and merged.
    expect(unwrap(await e.handlers['worktree.diff']({ session: s.id })).files).toEqual([{ path: 'notes.txt', change: 'added' }]);
    expect(unwrap(await e.handlers['worktree.merge']({ session: s.id })).merged).toBe(true);
  });

  it('refuses isolation outside a git repository with an error naming the folder', async () => {
    const e = ctx.engine;
    const plain = tempDir();
    const r = await e.handlers['session.create']({ workspace: plain, name: 'nope', isolate: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(`workspace ${plain} is not a git repository; isolation needs git`);
    expect((await e.handlers['session.get']({ session: 'nope' })).ok).toBe(false);
    expect(existsSync(join(ctx.home, 'worktrees')) ? readdirSync(join(ctx.home, 'worktrees')) : []).toEqual([]);
  });

  it('refuses a repository without commits, and the worktree requests on a session that is not isolated', async () => {
    const e = ctx.engine;
    const empty = tempDir();
    git(empty, 'init', '--quiet');
    const r = await e.handlers['session.create']({ workspace: empty, isolate: true });
    expect(!r.ok && r.error.message).toMatch(/has no commits yet/);

    const plain = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    expect(plain.worktree).toBeNull();
    const d = await e.handlers['worktree.diff']({ session: plain.id });
    expect(!d.ok && d.error.message).toMatch(/is not isolated/);
  });

  it('does not merge while the session is still working', async () => {
    const e = ctx.engine;
    ctx.server.setScript({ rules: [{ when: 'slow', steps: [{ content: 'thinking', gate: 'still working' }] }] });
    const repo = makeRepo();
    const s = unwrap(await e.handlers['session.create']({ workspace: repo, isolate: true }));
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'slow work' }));
    await ctx.server.reached('still working');
    const r = await e.handlers['worktree.merge']({ session: s.id });
    expect(!r.ok && r.error.message).toMatch(/is still working/);
    ctx.server.openGate('still working');
    expect(await settled(e, p.id)).toBe('completed');
  });

});
