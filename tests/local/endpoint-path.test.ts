import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { endpointLocation, MAX_SOCKET_PATH_BYTES } from '../../main/local/endpoint-path';
import { createLineReader } from '../../main/local/line-frames';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';

afterAll(() => cleanupTempDirs());

const LONG = 'a-data-folder-whose-path-is-too-long-for-a-unix-socket-'.repeat(2);

describe('where the endpoint of a data folder lives', () => {
  it('is run/engine.sock in the data folder when that path fits in a socket address', () => {
    const home = tempDir();
    expect(unwrap(endpointLocation({ home, env: {}, tmpdir: '/tmp' }))).toEqual({
      kind: 'unix',
      path: join(home, 'run', 'engine.sock'),
      folder: join(home, 'run'),
      fallback: false,
    });
  });

  it('falls back to a folder named by the real path, under XDG_RUNTIME_DIR or else the temp folder', () => {
    const parent = tempDir();
    const home = join(parent, LONG);
    mkdirSync(home);
    const alias = join(parent, 'alias');
    symlinkSync(home, alias);
    const runtime = tempDir('rt-');

    const viaXdg = unwrap(endpointLocation({ home, env: { XDG_RUNTIME_DIR: runtime }, tmpdir: '/tmp' }));
    expect(viaXdg.kind === 'unix' && viaXdg.fallback).toBe(true);
    expect(viaXdg.path).toMatch(new RegExp(`^${runtime}/paragents-[0-9a-f]{16}/engine\\.sock$`));
    expect(Buffer.byteLength(viaXdg.path)).toBeLessThanOrEqual(MAX_SOCKET_PATH_BYTES);

    const viaTmp = unwrap(endpointLocation({ home, env: {}, tmpdir: '/tmp' }));
    expect(viaTmp.path.startsWith('/tmp/paragents-')).toBe(true);
    // A symlinked spelling of the data folder names the same endpoint.
    expect(unwrap(endpointLocation({ home: join(alias, '.'), env: {}, tmpdir: '/tmp' }))).toEqual(viaTmp);
  });

  it('refuses, naming both paths, when even the fallback is too long', () => {
    const home = join(tempDir(), LONG);
    const runtime = `/${'r'.repeat(90)}`;
    const found = endpointLocation({ home, env: { XDG_RUNTIME_DIR: runtime }, tmpdir: '/tmp' });
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.error.kind).toBe('config');
      expect(found.error.message).toContain(join(home, 'run', 'engine.sock'));
      expect(found.error.message).toContain(runtime);
    }
  });

  it('is a named pipe named by the data folder on Windows', () => {
    const home = tempDir();
    const pipe = unwrap(endpointLocation({ home, env: {}, tmpdir: 'C:\\Temp', platform: 'win32' }));
    expect(pipe.kind).toBe('pipe');
    expect(pipe.path).toMatch(/^\\\\\.\\pipe\\paragents-[0-9a-f]{16}$/);
  });
});

describe('newline-delimited frames', () => {
  it('joins lines split across chunks, multi-byte characters included, and skips blank lines', () => {
    const lines: string[] = [];
    const reader = createLineReader({ onLine: (l) => lines.push(l) });
    const bytes = Buffer.from('{"a":"é"}\r\n\n{"b":1}\n{"c"');
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1));
    reader.push(Buffer.from(':2}\n'));
    expect(lines).toEqual(['{"a":"é"}', '{"b":1}', '{"c":2}']);
  });

  it('stops at a line longer than the cap without buffering it', () => {
    const lines: string[] = [];
    let oversize = 0;
    const reader = createLineReader({ onLine: (l) => lines.push(l), maxBytes: 8, onOversize: () => oversize++ });
    reader.push(Buffer.from('12345678\n1234'));
    reader.push(Buffer.from('56789\n{"late":1}\n'));
    expect(lines).toEqual(['12345678']);
    expect(oversize).toBe(1);
  });
});
