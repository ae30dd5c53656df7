import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { english, render, type Msg } from '../../shared/i18n';
import { configProblem, parseServeArgs, runServeCommand } from '../../main/cli/serve-command';
import { connectLocalEndpoint } from '../../main/local/endpoint-client';

/** The command's output, line by line; `printed` resolves once its first stdout line (the URL) is out. */
function lines() {
  const out: string[] = [];
  const err: string[] = [];
  let first = (): void => undefined;
  const printed = new Promise<void>((resolve) => (first = resolve));
  const stdout = (line: string): void => {
    out.push(line);
    first();
  };
  return { out, err, printed, stdout, stderr: (line: string): void => void err.push(line) };
}

describe('paragents serve', () => {
  it('parses --port and --host, loopback by default', () => {
    expect(parseServeArgs([])).toEqual({ ok: true, value: { port: 0, host: '127.0.0.1', allowRemote: false, publicHosts: [] } });
    expect(parseServeArgs(['--port', '8123', '--host=localhost'])).toEqual({ ok: true, value: { port: 8123, host: 'localhost', allowRemote: false, publicHosts: [] } });
    expect(parseServeArgs(['--host', '::1'])).toMatchObject({ ok: true, value: { host: '::1' } });
    expect(parseServeArgs(['--host', '127.0.0.2'])).toMatchObject({ ok: true, value: { host: '127.0.0.2' } });
    expect(parseServeArgs(['--port', 'x'])).toMatchObject({ ok: false });
    expect(parseServeArgs(['--verbose'])).toMatchObject({ ok: false });
  });

  it.each(['0.0.0.0', '::', '192.168.1.5', 'my-laptop.lan', '127.1'])('refuses --host %s without --allow-remote, naming both flags', (host) => {
    const r = parseServeArgs(['--host', host]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const sentence = r.message.split('\n')[0]!;
    expect(sentence).toBe(`--host ${host} is not a loopback address, so the panel would be reachable from the network: pass --allow-remote to accept that (an SSH tunnel to 127.0.0.1 is safer)`);
  });

  it('accepts a remote bind with --allow-remote, and repeated --public-host names', () => {
    expect(parseServeArgs(['--host', '0.0.0.0', '--allow-remote', '--public-host', 'box.example', '--public-host=proxy.example:8443'])).toEqual({
      ok: true,
      value: { port: 0, host: '0.0.0.0', allowRemote: true, publicHosts: ['box.example', 'proxy.example:8443'] },
    });
    expect(parseServeArgs(['--allow-remote=yes'])).toMatchObject({ ok: false, message: expect.stringContaining('unknown option: --allow-remote=yes') });
    expect(parseServeArgs(['--public-host'])).toMatchObject({ ok: false, message: expect.stringContaining('--public-host needs a host name') });
    expect(parseServeArgs(['--public-host', 'http://box.example'])).toMatchObject({ ok: false, message: expect.stringContaining('--public-host "http://box.example" is not') });
  });

  it('exits 2 on a non-loopback --host before starting anything, and documents the flags in --help', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-serve-'));
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), env: {}, home };
    expect(await runServeCommand(['--host', '0.0.0.0'], io)).toBe(2);
    expect(err.join('\n')).toContain('--host 0.0.0.0 is not a loopback address');
    expect(err.join('\n')).toContain('--allow-remote');
    expect(out).toEqual([]);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    err.length = 0;
    expect(await runServeCommand(['--help'], io)).toBe(0);
    const help = err.join('\n');
    for (const flag of ['--port', '--host', '--allow-remote', '--public-host', 'ssh -L 8080:127.0.0.1:8080']) expect(help).toContain(flag);
    rmSync(home, { recursive: true, force: true });
  });

  it('prints the tokened URL, serves the panel, and stops cleanly on SIGINT', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-serve-'));
    const { out, printed, stdout, stderr } = lines();
    const done = runServeCommand([], { stdout, stderr, env: {}, home });
    await printed;
    expect(out).toHaveLength(1);
    const url = out[0]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32,}$/);
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(url.replace(/\?token=.*/, ''), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(url.replace(/\?token=.*/, ''))).status).toBe(401);
    // Other paragents processes of this user reach the same engine through the data folder's endpoint.
    const joined = await connectLocalEndpoint({ home, env: {}, tmpdir: tmpdir() });
    expect(joined.ok && joined.value !== null).toBe(true);
    if (joined.ok && joined.value) {
      const listed = await joined.value.handlers['session.list']({});
      expect(listed).toEqual({ ok: true, value: [] });
      await joined.value.close();
    }
    process.emit('SIGINT');
    expect(await done).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    // The endpoint closed before the engine; nothing is left that a later command would take for a live engine.
    expect(await connectLocalEndpoint({ home, env: {}, tmpdir: tmpdir() })).toEqual({ ok: true, value: null });
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    rmSync(home, { recursive: true, force: true });
  }, 90_000);

  it('warns in one sentence naming the file and the setting when config.json is invalid, and serves anyway', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-serve-'));
    const file = join(home, 'config.json');
    writeFileSync(file, JSON.stringify({ providers: [{ name: 'x', baseURL: 'localhost:1234/v1', model: 'm' }] }));
    const { out, err, printed, stdout, stderr } = lines();
    const done = runServeCommand([], { stdout, stderr, env: {}, home });
    await printed;
    expect(out).toHaveLength(1);
    const warning = err.find((l) => l.startsWith('warning:'));
    expect(warning).toBe(`warning: ${file}: providers[0].baseURL: must start with http:// or https:// (got "localhost:1234/v1") (the panel's setup view can fix it)`);
    expect(out[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    process.emit('SIGINT');
    expect(await done).toBe(0);
    rmSync(home, { recursive: true, force: true });
  }, 90_000);

  it('says nothing about a configuration that is simply absent (a first run the setup view walks through)', () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-serve-'));
    expect(configProblem({ home, env: {} })).toBeNull();
    writeFileSync(join(home, 'config.json'), '{"providers": [');
    const problem = configProblem({ home, env: {} });
    expect(problem?.message.startsWith(`${join(home, 'config.json')}: `)).toBe(true);
    // Said in the command's language from its Msg; its English is the message.
    expect(english(problem?.msg as Msg)).toBe(problem?.message);
    expect(render('zh-CN', problem?.msg as Msg)).toMatch(/\p{Script=Han}/u);
    rmSync(home, { recursive: true, force: true });
  });
});
