import { describe, expect, it } from 'vitest';
import { english, type Msg } from '../../shared/i18n/message';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { newSession, send } from '../conflicts/helpers';
import { git, makeRepo } from '../worktree/helpers';

const fx = useEngineFixture();

const read = (path: string) => ({ name: 'Read', arguments: { path } });
const write = (path: string, content: string) => ({ name: 'Write', arguments: { path, content } });

async function run(e: Engine, session: string, text: string): Promise<void> {
  expect(await settled(e, (await send(e, session, text)).id)).toBe('completed');
}

describe('session.changes from the change journal', () => {
  it('lists each file the session changed with line counts, and names the other sessions that changed it too', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'app.ts'), 'one\ntwo\nthree\n');
    writeFileSync(join(ws, 'shared.md'), 'original\n');
    fx.server.setScript({
      rules: [
        {
          when: 'A works',
          steps: [
            { toolCalls: [read('app.ts'), read('shared.md')] },
            { toolCalls: [write('app.ts', 'one\nTWO\nthree\nfour\n'), write('src/new.ts', 'a\nb\n'), write('shared.md', 'A version\n')] },
            { content: 'ok' },
          ],
        },
        { when: 'B works', steps: [{ toolCalls: [read('shared.md')] }, { toolCalls: [write('shared.md', 'B version\n')] }, { content: 'ok' }] },
      ],
    });
    const engine = await fx.open();
    const a = await newSession(engine, ws, 'A');
    const b = await newSession(engine, ws, 'B');
    await run(engine, a, 'A works');
    await run(engine, b, 'B works');

    const changes = unwrap(await engine.handlers['session.changes']({ session: 'A' }));
    expect(changes.source).toBe('journal');
    const bRef = unwrap(await engine.handlers['session.get']({ session: b })).ref;
    expect(changes.files.map((f) => [f.display, f.change, f.added, f.removed, f.otherSessions.map((o) => o.name), f.changedSince])).toEqual([
      ['app.ts', 'modified', 2, 1, [], false],
      ['shared.md', 'modified', 1, 1, ['B'], true],
      ['src/new.ts', 'added', 2, 0, [], false],
    ]);
    expect(changes.files[1]?.otherSessions[0]?.ref).toBe(bRef);

    // The diff of a file another session changed since is this session's own change, kept by the journal.
    const shared = unwrap(await engine.handlers['session.fileDiff']({ session: 'A', path: 'shared.md' }));
    expect([shared.before, shared.after, shared.binary, shared.tooLarge]).toEqual(['original\n', 'A version\n', false, false]);
    const added = unwrap(await engine.handlers['session.fileDiff']({ session: 'A', path: changes.files[2]?.path ?? '' }));
    expect([added.before, added.after]).toEqual([null, 'a\nb\n']);
    // Only files the session changed are read.
    const other = await engine.handlers['session.fileDiff']({ session: 'B', path: 'app.ts' });
    expect(other.ok ? null : other.error.message).toBe('session B has no writes to app.ts in the change journal');
  });

  it('reverts one file and leaves the session’s other files alone', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'keep.txt'), 'before\n');
    fx.server.setScript({
      rules: [{ when: 'work', steps: [{ toolCalls: [read('keep.txt')] }, { toolCalls: [write('keep.txt', 'after\n'), write('made.txt', 'new\n')] }, { content: 'ok' }] }],
    });
    const engine = await fx.open();
    const s = await newSession(engine, ws, 'solo');
    await run(engine, s, 'work');

    const undo = unwrap(await engine.handlers['journal.undo']({ session: s, path: 'keep.txt' }));
    expect(undo).toEqual({ restored: [join(ws, 'keep.txt')], deleted: [], refused: [] });
    expect(readFileSync(join(ws, 'keep.txt'), 'utf8')).toBe('before\n');
    expect(readFileSync(join(ws, 'made.txt'), 'utf8')).toBe('new\n');
    expect(unwrap(await engine.handlers['session.changes']({ session: s })).files.map((f) => f.display)).toEqual(['made.txt']);

    const again = await engine.handlers['journal.undo']({ session: s, path: 'keep.txt' });
    expect(again.ok ? null : again.error.message).toBe('session solo has no writes to keep.txt left to revert in the change journal');
  });

  it('refuses to revert a file another session changed since, naming that session', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'shared.md'), 'original\n');
    fx.server.setScript({
      rules: [
        { when: 'A works', steps: [{ toolCalls: [read('shared.md')] }, { toolCalls: [write('shared.md', 'A version\n'), write('own.md', 'A\n')] }, { content: 'ok' }] },
        { when: 'B works', steps: [{ toolCalls: [read('shared.md')] }, { toolCalls: [write('shared.md', 'B version\n')] }, { content: 'ok' }] },
      ],
    });
    const engine = await fx.open();
    const a = await newSession(engine, ws, 'A');
    await run(engine, a, 'A works');
    await run(engine, await newSession(engine, ws, 'web-api'), 'B works');

    const undo = unwrap(await engine.handlers['journal.undo']({ session: a, path: join(ws, 'shared.md') }));
    expect(undo).toMatchObject({ restored: [], deleted: [], refused: [{ path: join(ws, 'shared.md'), reason: 'changed since by session web-api' }] });
    expect(english(undo.refused[0]?.reasonMsg as Msg)).toBe('changed since by session web-api');
    expect(readFileSync(join(ws, 'shared.md'), 'utf8')).toBe('B version\n');
    // The path limits the undo: the session's other file is untouched.
    expect(existsSync(join(ws, 'own.md'))).toBe(true);
  });
});

describe('session.changes of an isolated session', () => {
  it('reviews the worktree against its base, with git’s counts and the sessions that changed the same file in the base', async () => {
    const repo = makeRepo({ 'app.ts': 'one\ntwo\n', 'logo.bin': 'x' });
    fx.server.setScript({
      rules: [
        {
          when: 'isolated work',
          steps: [{ toolCalls: [read('app.ts')] }, { toolCalls: [write('app.ts', 'one\n2\nthree\n'), write('docs/new.md', '# new\n')] }, { content: 'ok' }],
        },
        { when: 'base work', steps: [{ toolCalls: [read('app.ts')] }, { toolCalls: [write('app.ts', 'base edit\n')] }, { content: 'ok' }] },
      ],
    });
    const engine = await fx.open();
    const iso = unwrap(await engine.handlers['session.create']({ workspace: repo, name: 'iso', isolate: true }));
    await run(engine, iso.id, 'isolated work');
    await run(engine, await newSession(engine, repo, 'in-base'), 'base work');
    // A commit on the session branch made outside the tools shows too (the worktree's history, not only the journal).
    writeFileSync(join(iso.workspace, 'logo.bin'), Buffer.from([0, 1, 2, 3]));
    git(iso.workspace, 'add', 'logo.bin');
    git(iso.workspace, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'binary');

    const changes = unwrap(await engine.handlers['session.changes']({ session: iso.id }));
    expect(changes.source).toBe('worktree');
    expect(changes.worktree?.baseRef).toBe('main');
    expect(changes.files.map((f) => [f.display, f.change, f.added, f.removed, f.binary, f.revertable, f.otherSessions.map((o) => o.name)])).toEqual([
      ['app.ts', 'modified', 2, 1, false, true, ['in-base']],
      ['docs/new.md', 'added', 1, 0, false, true, []],
      ['logo.bin', 'modified', null, null, true, false, []],
    ]);
    const diff = unwrap(await engine.handlers['session.fileDiff']({ session: iso.id, path: 'app.ts' }));
    expect([diff.before, diff.after]).toEqual(['one\ntwo\n', 'one\n2\nthree\n']);
    const bin = unwrap(await engine.handlers['session.fileDiff']({ session: iso.id, path: 'logo.bin' }));
    expect([bin.binary, bin.before, bin.after]).toEqual([true, null, null]);
    const outside = await engine.handlers['session.fileDiff']({ session: iso.id, path: join(repo, 'app.ts') });
    expect(outside.ok ? null : outside.error.kind).toBe('invalid_input');

    // Merged into the base, nothing is left to review.
    const preview = unwrap(await engine.handlers['worktree.merge']({ session: iso.id, preview: true }));
    expect(preview.conflicts).toEqual([]);
    git(repo, 'checkout', '--quiet', '--', 'app.ts');
    unwrap(await engine.handlers['worktree.merge']({ session: iso.id }));
    expect(unwrap(await engine.handlers['session.changes']({ session: iso.id })).files).toEqual([]);
  });
});
