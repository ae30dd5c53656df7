import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, resolveToolPath, tryResolveToolPath } from '../../main/core/tools/paths';

const ws = '/tmp/ws';

describe('resolveToolPath', () => {
  it('resolves relative paths against the workspace and normalises', () => {
    expect(resolveToolPath(ws, 'src/../lib/./a.ts')).toBe('/tmp/ws/lib/a.ts');
    expect(resolveToolPath(ws, '.')).toBe('/tmp/ws');
  });

  it('keeps absolute paths, normalised', () => {
    expect(resolveToolPath(ws, '/etc//hosts')).toBe('/etc/hosts');
    expect(resolveToolPath(ws, '../other/x')).toBe('/tmp/other/x');
  });

  it('expands ~ to the home folder', () => {
    expect(resolveToolPath(ws, '~')).toBe(homedir());
    expect(resolveToolPath(ws, '~/notes/a.md')).toBe(path.join(homedir(), 'notes/a.md'));
    expect(resolveToolPath(ws, '~x')).toBe('/tmp/ws/~x');
  });

  it('rejects NUL bytes with a sentence', () => {
    const r = tryResolveToolPath(ws, 'a\0b');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/NUL byte/);
    expect(() => resolveToolPath(ws, 'a\0b')).toThrow(/NUL byte/);
  });

  it('shows paths inside the workspace relative, others absolute', () => {
    expect(displayPath(ws, '/tmp/ws/src/a.ts')).toBe('src/a.ts');
    expect(displayPath(ws, '/tmp/ws')).toBe('.');
    expect(displayPath(ws, '/tmp/wsx/a')).toBe('/tmp/wsx/a');
    expect(displayPath(ws, '/etc/hosts')).toBe('/etc/hosts');
  });
});
