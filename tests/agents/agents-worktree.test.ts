import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { tempDir } from '../helpers/temp';
import type { Script } from '../fixtures/model-server';

const fx = useEngineFixture();

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

/** A repository with one commit holding `files`. */
function repo(files: Record<string, string>): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'start');
  return dir;
}

const agentCall = (name: string, extra: Record<string, unknown> = {}) => ({
  name: 'Agent',
  arguments: { description: `task ${name}`, prompt: `child task ${name}`, name: `kid-${name}`, ...extra },
});

/** A parent whose two children edit the same line of shared.txt; a reads at gate `a-first`, b at `b-later`. */
const sameLine: Script['rules'] = [
        { when: 'fan out', steps: [{ toolCalls: [agentCall('a'), agentCall('b')] }, { content: 'all done' }] },
        {
          when: 'child task a',
          steps: [
            { toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }], gate: 'a-first' },
            { toolCalls: [{ name: 'Edit', arguments: { path: 'shared.txt', old_string: 'two', new_string: 'TWO by a' } }] },
            { content: 'a done' },
          ],
        },
        {
          when: 'child task b',
          steps: [
            { toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }], gate: 'b-later' },
            { toolCalls: [{ name: 'Edit', arguments: { path: 'shared.txt', old_string: 'two', new_string: 'two by b' } }] },
            { content: 'b done' },
          ],
        },
];

describe('worktree children', () => {
  it('work in their own worktrees from a snapshot of the parent (uncommitted files included) and are integrated as uncommitted changes', async () => {
    const ws = repo({ 'base.txt': 'base\n' });
    // Uncommitted and untracked work of the parent is in the children's snapshot.
    writeFileSync(path.join(ws, 'draft.txt'), 'draft\n');
    const head = git(ws, 'rev-parse', 'HEAD');
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agentCall('a', { outputs: ['a.txt'] }), agentCall('b', { outputs: ['b.txt'] })] }, { content: 'all done' }] },
        {
          when: 'child task a',
          steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'draft.txt' } }] }, { toolCalls: [{ name: 'Write', arguments: { path: 'a.txt', content: 'from a\n' } }] }, { content: 'a saw {{lastTool}}' }],
        },
        { when: 'child task b', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'b.txt', content: 'from b\n' } }] }, { content: 'finished b' }] },
      ],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'boss' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');

    const children = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(children.map((c) => [c.isolation, c.state, c.integration])).toEqual([
      ['worktree', 'integrated', 'merged'],
      ['worktree', 'integrated', 'merged'],
    ]);
    for (const c of children) {
      expect(c.branch).toBe(`paragents/${c.sessionRef}`);
      expect(c.worktree && !c.worktree.startsWith(ws)).toBe(true);
    }
    // The snapshot held the parent's untracked draft.
    const reads = fx.server.requests.map((r) => JSON.stringify(r.body)).filter((b) => b.includes('child task a'));
    expect(reads.some((b) => b.includes('draft'))).toBe(true);
    expect(readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('from a\n');
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('from b\n');
    // Integrated as uncommitted changes: HEAD and the index are the parent's as before.
    expect(git(ws, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(ws, 'diff', '--cached', '--name-only')).toBe('');
    expect(log.filter((e) => e.type === 'integration_merged').map((e) => (e.type === 'integration_merged' ? e.files : []))).toEqual(
      expect.arrayContaining([['a.txt'], ['b.txt']]),
    );
    // Each child's integrated writes are its own in the change journal.
    const journal = unwrap(await engine.handlers['journal.list']({ session: children[0]?.sessionId ?? '' }));
    // Its write in its worktree, and the same file integrated into the parent's folder.
    expect(journal.filter((j) => j.path.startsWith(realpathSync(ws))).map((j) => path.basename(j.path))).toEqual(['a.txt']);
    const undone = unwrap(await engine.handlers['journal.undo']({ session: children[0]?.sessionId ?? '' }));
    expect(undone).toBeTruthy();
    expect(existsSync(path.join(ws, 'a.txt'))).toBe(false);
    expect(existsSync(path.join(ws, 'b.txt'))).toBe(true);
  });

  it('two children editing the same line: one is integrated, the other is told in its own session and its resolution integrated', async () => {
    const ws = repo({ 'shared.txt': 'one\ntwo\nthree\n' });
    fx.server.setScript({
      rules: [
        ...sameLine,
        {
          when: 'could not be merged',
          steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'shared.txt', content: 'one\nTWO by a, two by b\nthree\n' } }] }, { content: 'resolved' }],
        },
      ],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    await fx.server.reached('a-first');
    await fx.server.reached('b-later');
    fx.server.openGate('a-first');
    // b goes on once a is integrated, so a's change is in the parent first.
    const merged = await new Promise<void>((resolve) => engine.onEvent((e) => e.type === 'integration_merged' && resolve()));
    void merged;
    fx.server.openGate('b-later');
    expect(await settled(engine, p.id)).toBe('completed');

    const conflict = log.find((e) => e.type === 'integration_conflict');
    expect(conflict && conflict.type === 'integration_conflict' ? conflict.files : []).toEqual(['shared.txt']);
    const [a, b] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(conflict && conflict.type === 'integration_conflict' ? [conflict.childRef, conflict.with] : []).toEqual([b?.sessionRef, [a?.sessionRef]]);
    expect([a?.integration, b?.integration]).toEqual(['merged', 'merged']);
    const text = readFileSync(path.join(ws, 'shared.txt'), 'utf8');
    expect(text).toBe('one\nTWO by a, two by b\nthree\n');
    expect(text).not.toMatch(/<<<<<<<|>>>>>>>/);
    // The follow-up is a prompt of b's own session naming the file.
    const bPrompts = unwrap(await engine.handlers['session.get']({ session: b?.sessionId ?? '' })).prompts;
    expect(bPrompts).toHaveLength(2);
    expect(bPrompts[1]?.text).toContain('shared.txt');
  });

  it("refuses a child's write into its parent's checkout", async () => {
    const ws = repo({ 'base.txt': 'base\n' });
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agentCall('a')] }, { content: '{{lastTool}}' }] },
        { when: 'child task a', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: path.join(ws, 'escape.txt'), content: 'x' } }] }, { content: 'tried' }] },
      ],
    });
    const engine = await fx.open();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(existsSync(path.join(ws, 'escape.txt'))).toBe(false);
    const [child] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(child?.blocked).toBe(1);
    const answer = fx.server.requests.map((r) => JSON.stringify(r.body)).filter((s) => s.includes('fan out')).at(-1) ?? '';
    expect(answer).toContain('1 of its calls were blocked or denied');
    expect(answer).toContain("in your parent's checkout is refused");
  });
});

describe('integration left for a person', () => {
  it('after agents.maxIntegrationAttempts the child waits; agents.integrate previews, refuses a conflict, merges once clean', async () => {
    const ws = repo({ 'shared.txt': 'one\ntwo\nthree\n' });
    fx.server.setScript({
      rules: [
        ...sameLine,
      ],
    });
    const engine = await fx.open({ home: fx.home({ agents: { maxIntegrationAttempts: 1 } }) });
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const merged = new Promise<void>((resolve) => engine.onEvent((e) => e.type === 'integration_merged' && resolve()));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    await fx.server.reached('b-later');
    fx.server.openGate('a-first');
    await merged;
    fx.server.openGate('b-later');
    expect(await settled(engine, p.id)).toBe('completed');

    const [a, b] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect([b?.state, b?.integration, b?.attempts]).toEqual(['needs_person', 'needs_person', 1]);
    const told = fx.server.requests.map((r) => JSON.stringify(r.body)).filter((s) => s.includes('fan out')).at(-1) ?? '';
    expect(told).toContain(`waits for a person (paragents agents integrate ${b?.sessionRef})`);

    const preview = unwrap(await engine.handlers['agents.integrate']({ child: b?.sessionId ?? '', preview: true }));
    expect([preview.clean, preview.conflicts, preview.merged]).toEqual([false, ['shared.txt'], false]);
    const refused = await engine.handlers['agents.integrate']({ child: b?.sessionId ?? '' });
    expect(!refused.ok && refused.error.message).toContain('conflicts with the parent');
    expect(readFileSync(path.join(ws, 'shared.txt'), 'utf8')).toBe('one\nTWO by a\nthree\n');

    // With a's change taken back, b's integrates cleanly.
    unwrap(await engine.handlers['journal.undo']({ session: a?.sessionId ?? '', path: path.join(ws, 'shared.txt') }));
    const done = unwrap(await engine.handlers['agents.integrate']({ child: b?.sessionId ?? '' }));
    expect([done.clean, done.merged, done.files]).toEqual([true, true, ['shared.txt']]);
    expect(readFileSync(path.join(ws, 'shared.txt'), 'utf8')).toBe('one\ntwo by b\nthree\n');
    const after = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(after[1]?.integration).toBe('merged');
  });
});
