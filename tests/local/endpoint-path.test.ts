import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
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

  it("falls back to a folder named by the real path under XDG_RUNTIME_DIR when that is this user's own", () => {
    const parent = tempDir();
    const home = join(parent, LONG);
    mkdirSync(home);
    const alias = join(parent, 'alias');
    symlinkSync(home, alias);
    const runtime = tempDir('rt-');

    const viaXdg = unwrap(endpointLocation({ home, env: { XDG_RUNTIME_DIR: runtime }, tmpdir: '/tmp' }));
    expect(viaXdg.kind === 'unix' && viaXdg.fallback).toBe(true);
    expect(viaXdg.kind === 'unix' && viaXdg.path).toMatch(new RegExp(`^${runtime}/paragents-[0-9a-f]{16}/engine\\.sock$`));
    expect(Buffer.byteLength(viaXdg.kind === 'unix' ? viaXdg.path : '')).toBeLessThanOrEqual(MAX_SOCKET_PATH_BYTES);
    // A symlinked spelling of the data folder names the same endpoint.
    expect(unwrap(endpointLocation({ home: join(alias, '.'), env: { XDG_RUNTIME_DIR: runtime }, tmpdir: '/tmp' }))).toEqual(viaXdg);
  });

  it('never names a predictable folder of the shared temp folder: without a private runtime folder the host records one it made', () => {
    const parent = tempDir();
    const home = join(parent, LONG);
    mkdirSync(home);
    const shared = tempDir('shared-');
    chmodSync(shared, 0o1777);
    const recorded = { kind: 'recorded', record: join(home, 'run', 'endpoint'), recordFolder: join(home, 'run'), parent: '/tmp' };
    expect(unwrap(endpointLocation({ home, env: {}, tmpdir: '/tmp' }))).toEqual(recorded);
    // A runtime folder open to others (a shared temp folder given as XDG_RUNTIME_DIR) is not used either.
    expect(unwrap(endpointLocation({ home, env: { XDG_RUNTIME_DIR: shared }, tmpdir: '/tmp' }))).toEqual(recorded);
    expect(unwrap(endpointLocation({ home, env: { XDG_RUNTIME_DIR: join(parent, 'missing') }, tmpdir: '/tmp' }))).toEqual(recorded);
  });

  it('refuses, naming both paths, when even the fallback is too long', () => {
    const home = join(tempDir(), LONG);
    const runtime = `/${'r'.repeat(90)}`;
    const found = endpointLocation({ home, env: { XDG_RUNTIME_DIR: runtime }, tmpdir: runtime });
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
    expect(pipe.kind === 'pipe' && pipe.path).toMatch(/^\\\\\.\\pipe\\paragents-[0-9a-f]{16}$/);
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
