import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServeArgs, runServeCommand } from '../../main/cli/serve-command';

describe('paragents serve', () => {
  it('parses --port and --host, loopback by default', () => {
    expect(parseServeArgs([])).toEqual({ ok: true, value: { port: 0, host: '127.0.0.1' } });
    expect(parseServeArgs(['--port', '8123', '--host=localhost'])).toEqual({ ok: true, value: { port: 8123, host: 'localhost' } });
    expect(parseServeArgs(['--port', 'x'])).toMatchObject({ ok: false });
    expect(parseServeArgs(['--verbose'])).toMatchObject({ ok: false });
  });

  it('prints the tokened URL, serves the panel, and stops cleanly on SIGINT', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-serve-'));
    const out: string[] = [];
    const err: string[] = [];
    const done = runServeCommand([], { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: {}, home });
    await expect.poll(() => out.length, { timeout: 60_000 }).toBe(1);
    const url = out[0]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32,}$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(url.replace(/\?token=.*/, ''))).status).toBe(401);
    process.emit('SIGINT');
    expect(await done).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    rmSync(home, { recursive: true, force: true });
  }, 90_000);
});
