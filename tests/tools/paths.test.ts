import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, resolveToolPath, tryResolveToolPath } from '../../main/core/tools/paths';

const ws = '/tmp/ws';
const home = '/home/someone';

describe('resolveToolPath', () => {
  it('resolves relative paths against the workspace and normalises', () => {
    expect(resolveToolPath(ws, 'src/../lib/./a.ts', home)).toBe('/tmp/ws/lib/a.ts');
    expect(resolveToolPath(ws, '.', home)).toBe('/tmp/ws');
  });

  it('keeps absolute paths, normalised', () => {
    expect(resolveToolPath(ws, '/etc//hosts', home)).toBe('/etc/hosts');
    expect(resolveToolPath(ws, '../other/x', home)).toBe('/tmp/other/x');
  });

  it('expands ~ to the home folder it is given (the engine home, not the account home)', () => {
    expect(resolveToolPath(ws, '~', home)).toBe(home);
    expect(resolveToolPath(ws, '~/notes/a.md', home)).toBe(path.join(home, 'notes/a.md'));
    expect(resolveToolPath(ws, '~x', home)).toBe('/tmp/ws/~x');
  });

  it('rejects NUL bytes with a sentence', () => {
    const r = tryResolveToolPath(ws, 'a\0b', home);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/NUL byte/);
    expect(() => resolveToolPath(ws, 'a\0b', home)).toThrow(/NUL byte/);
  });

  it('shows paths inside the workspace relative, others absolute', () => {
    expect(displayPath(ws, '/tmp/ws/src/a.ts')).toBe('src/a.ts');
    expect(displayPath(ws, '/tmp/ws')).toBe('.');
    expect(displayPath(ws, '/tmp/wsx/a')).toBe('/tmp/wsx/a');
    expect(displayPath(ws, '/etc/hosts')).toBe('/etc/hosts');
  });
});
