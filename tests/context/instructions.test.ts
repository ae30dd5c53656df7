import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createInstructionsCache,
  instructionFolders,
  instructionsSection,
  loadInstructions,
  truncationNote,
  withInstructions,
} from '../../main/core/context/instructions';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** A real git repository with nested folders pkg/app. */
function repo(): { root: string; app: string; home: string } {
  const root = tempDir('paragents-instr-');
  execFileSync('git', ['init', '--quiet', root]);
  const app = join(root, 'pkg', 'app');
  mkdirSync(app, { recursive: true });
  return { root, app, home: tempDir('paragents-home-') };
}

describe('loadInstructions', () => {
  it('reads the user file first, then each folder from the git root down to the workspace, nearest last', () => {
    const { root, app, home } = repo();
    write(join(home, 'AGENTS.md'), 'user: answer in English');
    write(join(root, 'AGENTS.md'), 'root: run npm test');
    write(join(root, 'pkg', 'AGENTS.md'), 'pkg: use pnpm here');
    write(join(app, 'AGENTS.md'), 'app: never touch dist/');
    // Above the git root: not part of this project.
    write(join(root, '..', 'AGENTS.md'), 'outside the repository');

    expect(instructionFolders(app)).toEqual([root, join(root, 'pkg'), app]);
    const loaded = loadInstructions({ workspace: app, home });
    expect(loaded.sources.map((s) => s.path)).toEqual([
      join(home, 'AGENTS.md'),
      join(root, 'AGENTS.md'),
      join(root, 'pkg', 'AGENTS.md'),
      join(app, 'AGENTS.md'),
    ]);
    const order = ['user: answer', 'root: run', 'pkg: use', 'app: never'].map((t) => loaded.text.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(loaded.text).not.toContain('outside the repository');
    expect(loaded.sources.every((s) => !s.truncated)).toBe(true);
    expect(loaded.sources[1]?.bytes).toBe(Buffer.byteLength('root: run npm test'));
    expect(loaded.blocks).toHaveLength(4);
  });

  it('uses CLAUDE.md only in a folder without AGENTS.md', () => {
    const { root, app, home } = repo();
    write(join(root, 'CLAUDE.md'), 'root claude');
    write(join(app, 'AGENTS.md'), 'app agents');
    write(join(app, 'CLAUDE.md'), 'app claude, shadowed');
    const loaded = loadInstructions({ workspace: app, home });
    expect(loaded.sources.map((s) => s.path)).toEqual([join(root, 'CLAUDE.md'), join(app, 'AGENTS.md')]);
    expect(loaded.text).toContain('root claude');
    expect(loaded.text).not.toContain('shadowed');
  });

  it('outside a git repository reads only the workspace folder', () => {
    const parent = tempDir('paragents-nogit-');
    const ws = join(parent, 'ws');
    write(join(parent, 'AGENTS.md'), 'parent file');
    write(join(ws, 'AGENTS.md'), 'workspace file');
    const loaded = loadInstructions({ workspace: ws, home: tempDir() });
    expect(loaded.sources.map((s) => s.path)).toEqual([join(ws, 'AGENTS.md')]);
    expect(loaded.text).not.toContain('parent file');
  });

  it('a git worktree (a .git file) is its own root', () => {
    const { root, home } = repo();
    const wt = join(root, 'wt');
    mkdirSync(wt);
    writeFileSync(join(wt, '.git'), 'gitdir: ../.git/worktrees/wt\n');
    write(join(root, 'AGENTS.md'), 'main checkout');
    write(join(wt, 'AGENTS.md'), 'worktree');
    expect(loadInstructions({ workspace: wt, home }).sources.map((s) => s.path)).toEqual([join(wt, 'AGENTS.md')]);
  });

  it('caps each file and the total with a visible note, cutting the farthest files first', () => {
    const { root, app, home } = repo();
    write(join(root, 'AGENTS.md'), 'r'.repeat(3000));
    write(join(app, 'AGENTS.md'), `${'a'.repeat(900)}\n${'é'.repeat(100)}`);
    const loaded = loadInstructions({ workspace: app, home, maxBytes: 1000, maxTotalBytes: 1500 });
    const [rootSrc, appSrc] = loaded.sources;
    // The nearest file gets its own cap first (1000 of its 1101 bytes), the root file what is left (500).
    expect(appSrc).toEqual({ path: join(app, 'AGENTS.md'), bytes: 1101, truncated: true });
    expect(rootSrc).toEqual({ path: join(root, 'AGENTS.md'), bytes: 3000, truncated: true });
    expect(loaded.text).toContain(truncationNote('AGENTS.md', 2500));
    expect(loaded.text).toContain('[AGENTS.md truncated: 2,500 more bytes not shown]');
    // A two-byte character is never split: 1000 bytes = 900 a + newline + 49 é (99 bytes), so 102 bytes are cut.
    expect(loaded.text).toContain('[AGENTS.md truncated: 102 more bytes not shown]');
    expect(loaded.text).not.toContain('\uFFFD');
  });

  it('hash follows the text; an empty file is left out', () => {
    const { root, home } = repo();
    const file = write(join(root, 'AGENTS.md'), 'one');
    const a = loadInstructions({ workspace: root, home });
    writeFileSync(file, 'two');
    const b = loadInstructions({ workspace: root, home });
    expect(a.hash).not.toBe(b.hash);
    expect(loadInstructions({ workspace: root, home }).hash).toBe(b.hash);
    writeFileSync(file, '  \n');
    expect(loadInstructions({ workspace: root, home }).sources).toEqual([]);
  });

  it('re-reads a file only when its size or mtime changed (the cache belongs to the caller)', () => {
    const { root, home } = repo();
    const file = write(join(root, 'AGENTS.md'), 'version A');
    // Whole seconds, so setting the same time again gives exactly the same mtimeMs.
    const t0 = 1_700_000_000;
    utimesSync(file, t0, t0);
    const cache = createInstructionsCache();
    expect(loadInstructions({ workspace: root, home, cache }).text).toContain('version A');
    // Same size and mtime: the cached content is used, so the file is not read again.
    writeFileSync(file, 'version B');
    utimesSync(file, t0, t0);
    expect(statSync(file).mtimeMs).toBe(t0 * 1000);
    expect(loadInstructions({ workspace: root, home, cache }).text).toContain('version A');
    // A new mtime: read again.
    utimesSync(file, t0, t0 + 5);
    expect(loadInstructions({ workspace: root, home, cache }).text).toContain('version B');
    // A new size with the same mtime: read again.
    writeFileSync(file, 'version C, longer');
    utimesSync(file, t0, t0 + 5);
    expect(loadInstructions({ workspace: root, home, cache }).text).toContain('version C');
    expect(cache.files.size).toBe(1);
  });
});

describe('instructionsSection', () => {
  it('renders a heading, one line per source and the not-a-permission sentence; nothing without sources', () => {
    const { root, home } = repo();
    write(join(home, 'AGENTS.md'), 'be brief');
    write(join(root, 'CLAUDE.md'), 'x'.repeat(2000));
    const loaded = loadInstructions({ workspace: root, home, maxBytes: 1000 });
    const section = instructionsSection(loaded);
    expect(section.startsWith('## Project instructions\n')).toBe(true);
    expect(section).toContain(`- ${join(home, 'AGENTS.md')} (8 bytes)`);
    expect(section).toContain(`- ${join(root, 'CLAUDE.md')} (2,000 bytes, truncated)`);
    expect(section).toMatch(/They are not permissions: they cannot allow a tool call/);
    expect(section).toContain('be brief');
    expect(withInstructions('SYSTEM', loaded)).toBe(`SYSTEM\n\n${section}`);

    const none = loadInstructions({ workspace: tempDir(), home: tempDir() });
    expect(none.sources).toEqual([]);
    expect(instructionsSection(none)).toBe('');
    expect(withInstructions('SYSTEM', none)).toBe('SYSTEM');
  });
});
