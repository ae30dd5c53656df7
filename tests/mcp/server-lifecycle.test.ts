import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { McpManager, type McpStateChange } from '../../main/core/mcp';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { isAlive, logLine, newTag, processesWith, readLog, testServerEntry, waitFor, writeMcpJson } from './helpers';

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  cleanupTempDirs();
});

function setup(servers: (tag: string, log: string) => Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const home = tempDir('paragents-home-');
  const tag = newTag();
  const log = join(home, 'server.log');
  writeMcpJson(join(home, 'mcp.json'), servers(tag, log), extra);
  const changes: McpStateChange[] = [];
  const watchers = new Set<() => void>();
  /** Resolves at the first state change (or now) after which `holds` is true. */
  const changed = (what: string, holds: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 20_000);
      const look = (): void => {
        if (!holds()) return;
        watchers.delete(look);
        clearTimeout(timer);
        resolve();
      };
      watchers.add(look);
      look();
    });
  const manager = new McpManager({
    home,
    host: { home, env: { PATH: process.env.PATH } },
    managedFile: join(home, 'no-managed-settings.json'),
    isTrusted: () => false,
    onChange: (c) => {
      changes.push(c);
      for (const look of [...watchers]) look();
    },
  });
  managers.push(manager);
  return { home, tag, log, manager, changes, changed };
}

const never = new AbortController().signal;

it('starts a server on first use only, and shares its one process between sessions', async () => {
  const { tag, manager, log } = setup((tag, log) => ({ test: testServerEntry(tag, log) }));
  const ws = tempDir();
  expect(processesWith(tag)).toEqual([]);

  const a = await manager.serversForTurn({ id: 'session-a', workspace: ws }, never);
  expect(a.map((s) => s.instance.state)).toEqual(['ready']);
  expect(a[0]?.instance.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'sleep', 'crash', 'huge', 'fail']));
  const b = await manager.serversForTurn({ id: 'session-b', workspace: tempDir() }, never);
  expect(b[0]?.instance).toBe(a[0]?.instance);

  const [one, two] = await Promise.all([
    a[0]!.instance.call('echo', { text: 'from a' }, never, 'session-a'),
    b[0]!.instance.call('echo', { text: 'from b' }, never, 'session-b'),
  ]);
  expect(one).toEqual({ ok: true, output: 'echo: from a' });
  expect(two).toEqual({ ok: true, output: 'echo: from b' });
  expect(processesWith(tag)).toHaveLength(1);
  expect(readLog(log).filter((l) => l.event === 'start')).toHaveLength(1);
  expect([...a[0]!.instance.users].sort()).toEqual(['session-a', 'session-b']);
});

it('a crash mid-call fails that call with the exit code and stderr, and the next call starts the server again', async () => {
  const { tag, manager, changes } = setup((tag, log) => ({ test: testServerEntry(tag, log) }));
  const [s] = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  const first = s!.instance.pid;
  const crashed = await s!.instance.call('crash', {}, never, 's');
  expect(crashed.ok).toBe(false);
  expect(!crashed.ok && crashed.error).toMatch(/stopped while crash was running: the server exited with code 3/);
  expect(!crashed.ok && crashed.error).toMatch(/about to crash on purpose/);
  expect(changes.some((c) => c.state === 'failed')).toBe(true);

  const again = await s!.instance.call('echo', { text: 'back' }, never, 's');
  expect(again).toEqual({ ok: true, output: 'echo: back' });
  expect(s!.instance.pid).not.toBe(first);
  expect(isAlive(first!)).toBe(false);
  expect(processesWith(tag)).toEqual([s!.instance.pid]);
});

it('cancelling a call sends notifications/cancelled to the server, and the call ends', async () => {
  const { manager, log } = setup((tag, log) => ({ test: testServerEntry(tag, log) }));
  const [s] = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  const ctl = new AbortController();
  const call = s!.instance.call('sleep', { ms: 600_000 }, ctl.signal, 's');
  await logLine(log, 'sleep-started');
  ctl.abort(new Error('the person cancelled'));
  expect(await call).toEqual({ ok: false, error: 'sleep was cancelled' });
  const cancelled = await logLine(log, 'cancelled');
  expect(cancelled.reason).toContain('the person cancelled');
  // The server lives on and answers.
  expect(await s!.instance.call('echo', { text: 'still here' }, never, 's')).toEqual({ ok: true, output: 'echo: still here' });
});

it('a call past its timeout is cancelled on the server and fails with a sentence naming the timeout', async () => {
  const { manager, log } = setup((tag, log) => ({ test: testServerEntry(tag, log, { timeout: 300 }) }));
  const [s] = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  const out = await s!.instance.call('sleep', { ms: 600_000 }, never, 's');
  expect(out).toEqual({ ok: false, error: 'sleep on the MCP server "test" took longer than 300 ms (its "timeout") and was cancelled.' });
  await logLine(log, 'cancelled');
});

it('caps huge output like Bash, passes isError on as a tool error, and notes images and resource links', async () => {
  const { manager } = setup((tag, log) => ({ test: testServerEntry(tag, log) }));
  const [s] = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  const huge = await s!.instance.call('huge', { bytes: 200_000 }, never, 's');
  expect(huge.ok).toBe(true);
  if (!huge.ok) return;
  expect(huge.truncated).toBe(true);
  expect(huge.output.length).toBeLessThan(31_000);
  expect(huge.output.startsWith('HEAD')).toBe(true);
  expect(huge.output.endsWith('TAIL')).toBe(true);
  expect(huge.output).toMatch(/bytes of output omitted/);

  expect(await s!.instance.call('fail', {}, never, 's')).toEqual({ ok: false, error: 'it failed on purpose' });
  expect(await s!.instance.call('media', {}, never, 's')).toEqual({
    ok: true,
    output: 'a picture:\n[image: image/png, 10 bytes]\n[resource link: report <file:///tmp/report.txt> (text/plain)]\n{"width":1,"height":2}',
  });
});

it('stops an unused server after its idle time, and closing stops its whole process group', async () => {
  const { manager, changes, changed, log, tag } = setup((tag, log) => ({
    idle: testServerEntry(`${tag}-idle`, `${log}.idle`, { idleTimeout: 200 }),
    tree: testServerEntry(tag, log, { env: { MCP_TEST_GRANDCHILD: '1' } }),
  }));
  const servers = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  expect(servers.find((s) => s.server.entry.name === 'tree')?.instance.state).toBe('ready');
  expect(changes.some((c) => c.server === 'idle' && c.state === 'ready')).toBe(true);
  await changed('the idle server to stop', () => changes.some((c) => c.server === 'idle' && c.state === 'stopped'));
  // Its process is gone, at the latest a moment after the state says so on a loaded machine.
  await waitFor('the idle server process to end', () => processesWith(`${tag}-idle`).length === 0, 5_000);
  expect(processesWith(`${tag}-idle`)).toEqual([]);

  const grandchild = (await logLine(log, 'grandchild')).child as number;
  expect(isAlive(grandchild)).toBe(true);
  await manager.close();
  expect(processesWith(tag)).toEqual([]);
  expect(isAlive(grandchild)).toBe(false);
});

it('sees tools added while running (tools/list_changed)', async () => {
  const { manager, changes, changed } = setup((tag, log) => ({ test: testServerEntry(tag, log) }));
  const [s] = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  expect(s!.instance.tools.some((t) => t.name === 'late')).toBe(false);
  expect(await s!.instance.call('add_tool', {}, never, 's')).toEqual({ ok: true, output: 'added' });
  await changed('the new tool', () => s!.instance.tools.some((t) => t.name === 'late'));
  expect(changes.at(-1)?.tools).toBe(s!.instance.tools.length);
});

it('a server that cannot start fails with its reason and leaves the turn its other servers', async () => {
  const { manager } = setup((tag, log) => ({
    broken: { command: '/nonexistent/mcp-server' },
    test: testServerEntry(tag, log),
  }));
  const servers = await manager.serversForTurn({ id: 's', workspace: tempDir() }, never);
  const broken = servers.find((s) => s.server.entry.name === 'broken')!.instance;
  expect(broken.state).toBe('failed');
  expect(broken.error).toMatch(/could not start: .*ENOENT/);
  expect(servers.find((s) => s.server.entry.name === 'test')!.instance.state).toBe('ready');
  const call = await broken.call('anything', {}, never, 's');
  expect(call.ok).toBe(false);
});
