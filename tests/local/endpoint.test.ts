import { english, render, type Msg } from '../../shared/i18n/message';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { connectLocalEndpoint, type RemoteEngineLink } from '../../main/local/endpoint-client';
import { MAX_LINE_BYTES } from '../../main/local/endpoint-server';
import { createLineReader } from '../../main/local/line-frames';
import { ok } from '../../shared/result';
import { callRequest, unknownRequest } from '../../shared/validate-request';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';
import { hostFailure, killHosts, nextLinkEvent, startHost } from './host-process';

const links: RemoteEngineLink[] = [];

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
  killHosts();
});
afterAll(() => cleanupTempDirs());

/** Each test's own runtime folder, so a fallback endpoint never lands in the shared temp folder. */
function setup() {
  const runtime = tempDir('paragents-rt-');
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', XDG_RUNTIME_DIR: runtime };
  return { home: tempDir('paragents-home-'), workspace: tempDir('paragents-ws-'), runtime, env };
}

async function connect(home: string, env: Record<string, string>): Promise<RemoteEngineLink> {
  const link = unwrap(await connectLocalEndpoint({ home, env, tmpdir: tmpdir() }));
  if (!link) throw new Error(`no engine listens for ${home}`);
  links.push(link);
  return link;
}

/** A client that speaks the line protocol by hand, to send what the real client never would. */
function rawClient(path: string) {
  const socket: Socket = createConnection(path);
  const replies: unknown[] = [];
  const waiters: (() => void)[] = [];
  const reader = createLineReader({
    onLine: (line) => {
      replies.push(JSON.parse(line));
      for (const wake of waiters.splice(0)) wake();
    },
  });
  socket.on('data', (chunk: Buffer) => reader.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    socket,
    closed,
    /** Sends raw text and resolves with the next message the host sends back. */
    async ask(text: string | Buffer): Promise<unknown> {
      const seen = replies.length;
      socket.write(text);
      while (replies.length === seen) await new Promise<void>((resolve) => waiters.push(resolve));
      return replies[seen];
    },
  };
}

const refused = (message: string) => ({ id: null, result: { ok: false, error: { kind: 'invalid_input', message } } });

describe('the local endpoint of a data folder', () => {
  it('lets a client process create and list sessions and pushes the engine events to every client', async () => {
    const { home, workspace, env } = setup();
    const host = await startHost(home, env);
    expect(host.path).toBe(join(home, 'run', 'engine.sock'));
    expect(statSync(join(home, 'run')).mode & 0o777).toBe(0o700);
    expect(statSync(host.path).isSocket()).toBe(true);
    expect(statSync(host.path).mode & 0o777).toBe(0o600);

    const first = await connect(home, env);
    const second = await connect(home, env);
    expect(first.remote).toBe(true);
    expect(first.pid).toBe(host.pid);

    const seenByFirst = nextLinkEvent(first, 'session_created');
    const seenBySecond = nextLinkEvent(second, 'session_created');
    const created = unwrap(await first.handlers['session.create']({ workspace, name: 'alpha' }));
    expect((await seenByFirst).sessionId).toBe(created.id);
    expect((await seenBySecond).sessionId).toBe(created.id);
    expect((await seenBySecond).workspace).toBe(workspace);

    const listed = unwrap(await second.handlers['session.list']({}));
    expect(listed.map((s) => s.name)).toEqual(['alpha']);
  });

  it('validates requests with the same function as every other transport', async () => {
    const { home, env } = setup();
    const host = await startHost(home, env);
    const link = await connect(home, env);

    const bad = await link.handlers['session.create']({ workspace: 42 } as never);
    const expected = await callRequest({ 'session.create': () => ok(null) }, 'session.create', { workspace: 42 });
    expect(expected.ok).toBe(false);
    expect(bad).toEqual(expected);

    const raw = rawClient(host.path);
    expect(await raw.ask('{"id":"u1","method":"session.nope"}\n')).toEqual({ id: 'u1', result: unknownRequest('session.nope') });
  });

  it('answers garbage with an error, closes only the client that sends an oversize line, and keeps serving', async () => {
    const { home, env } = setup();
    const host = await startHost(home, env);
    const link = await connect(home, env);

    const raw = rawClient(host.path);
    expect(await raw.ask('not json\n')).toEqual(refused('message is not JSON'));
    expect(await raw.ask('42\n')).toEqual(refused('message must be an object'));
    expect(await raw.ask('{"method":"session.list"}\n')).toEqual(refused('message needs an id (number or string)'));
    expect(await raw.ask('{"id":8,"method":"session.list","input":{}}\n')).toEqual({ id: 8, result: { ok: true, value: [] } });

    const big = rawClient(host.path);
    const reply = await big.ask(Buffer.alloc(MAX_LINE_BYTES + 1, 'a'));
    expect(reply).toMatchObject(refused(`a message is larger than ${MAX_LINE_BYTES} bytes; the connection is closed`));
    expect(render('zh-CN', (reply as { result: { error: { msg: Msg } } }).result.error.msg)).toBe(`一条消息超过 ${MAX_LINE_BYTES} 字节；连接已关闭`);
    await big.closed;

    // A client that goes away with its request unanswered.
    const gone = createConnection(host.path);
    gone.on('error', () => undefined);
    gone.end('{"id":1,"method":"session.list","input":{}}\n');

    expect(await raw.ask('{"id":9,"method":"session.list","input":{}}\n')).toEqual({ id: 9, result: { ok: true, value: [] } });
    expect(unwrap(await link.handlers['session.list']({}))).toEqual([]);
    expect(host.child.exitCode).toBeNull();
  });

  it('fails a pending request when the host is killed, then treats the socket as stale and lets a new host take over', async () => {
    const { home, workspace, env } = setup();
    const host = await startHost(home, env);
    const link = await connect(home, env);
    unwrap(await link.handlers['session.create']({ workspace, name: 'kept' }));

    // A stopped process cannot answer: the request is surely pending when the kill comes.
    process.kill(host.pid, 'SIGSTOP');
    const pending = link.handlers['session.list']({});
    host.child.kill('SIGKILL');
    const message = `the Paragents engine (pid ${host.pid}) closed the connection`;
    expect(await pending).toEqual({ ok: false, error: { kind: 'internal', message, msg: { key: 'engineErrors.endpoint.closedPid', vars: { pid: host.pid } } } });
    expect(english(await link.ended)).toBe(message);
    expect(render('zh-CN', await link.ended)).toBe(`Paragents 引擎（pid ${host.pid}）关闭了连接`);
    expect(await link.handlers['session.list']({})).toMatchObject({ ok: false, error: { kind: 'internal', message } });
    expect((await host.exited).signal).toBe('SIGKILL');

    expect(existsSync(host.path)).toBe(true);
    expect(readFileSync(join(home, 'engine.lock'), 'utf8')).toBe(String(host.pid));
    expect(await connectLocalEndpoint({ home, env, tmpdir: tmpdir() })).toEqual({ ok: true, value: null });

    const next = await startHost(home, env);
    expect(next.path).toBe(host.path);
    expect(readFileSync(join(home, 'engine.lock'), 'utf8')).toBe(String(next.pid));
    const again = await connect(home, env);
    expect(again.pid).toBe(next.pid);
    expect(unwrap(await again.handlers['session.list']({})).map((s) => s.name)).toEqual(['kept']);
  });

  it('removes its socket and ends its clients when the host closes', async () => {
    const { home, env } = setup();
    const host = await startHost(home, env);
    const link = await connect(home, env);
    host.child.kill('SIGTERM');
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(english(await link.ended)).toBe(`the Paragents engine (pid ${host.pid}) closed the connection`);
    expect(existsSync(host.path)).toBe(false);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    expect(await connectLocalEndpoint({ home, env, tmpdir: tmpdir() })).toEqual({ ok: true, value: null });
  });

  it('refuses a socket or folder that opens wider than its own user', async () => {
    const { home, env } = setup();
    const host = await startHost(home, env);
    const folder = dirname(host.path);
    const place = { home, env, tmpdir: tmpdir() };

    chmodSync(folder, 0o755);
    const wide = await connectLocalEndpoint(place);
    // The refusal is data: its English is the sentence above, and 简体中文 renders it with no English sentence left.
    expect(!wide.ok && wide.error.msg && render('zh-CN', wide.error.msg)).toMatch(/^端点文件夹 .* 的权限是 0755，比 0700 宽，Paragents 不会使用它$/);
    expect(wide).toMatchObject({
      ok: false,
      error: { kind: 'invalid_state', message: `the endpoint folder ${folder} has mode 0755, wider than 0700, so Paragents will not use it` },
    });
    chmodSync(folder, 0o700);

    chmodSync(host.path, 0o666);
    expect(await connectLocalEndpoint(place)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_state', message: `the endpoint socket ${host.path} has mode 0666, wider than 0600, so Paragents will not use it` },
    });
    chmodSync(host.path, 0o600);

    const link = await connect(home, env);
    expect(unwrap(await link.handlers['session.list']({}))).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('refuses a socket that belongs to another user', async () => {
    const { home, env } = setup();
    const host = await startHost(home, env);
    chownSync(host.path, 65534, 65534);
    expect(await connectLocalEndpoint({ home, env, tmpdir: tmpdir() })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_state', message: `the endpoint socket ${host.path} belongs to another user (uid 65534), so Paragents will not use it` },
    });
  });

  it.runIf(process.getuid?.() === 0)('does not start in an endpoint folder that belongs to another user', async () => {
    const { home, env } = setup();
    mkdirSync(join(home, 'run'), { mode: 0o700 });
    chownSync(join(home, 'run'), 65534, 65534);
    const failure = await hostFailure(home, env);
    expect(failure.code).toBe(2);
    expect(failure.stderr.trim()).toBe(
      `engine-host: the endpoint folder ${join(home, 'run')} belongs to another user (uid 65534), so Paragents will not use it`,
    );
  });

  it('does not start in an endpoint folder that someone opened wider', async () => {
    const { home, env } = setup();
    mkdirSync(join(home, 'run'), { mode: 0o700 });
    chmodSync(join(home, 'run'), 0o755);
    const failure = await hostFailure(home, env);
    expect(failure.code).toBe(2);
    expect(failure.stderr.trim()).toBe(
      `engine-host: the endpoint folder ${join(home, 'run')} has mode 0755, wider than 0700, so Paragents will not use it`,
    );
  });

  it('puts the endpoint of a data folder with a long path in the runtime folder', async () => {
    const { home: parent, runtime, env } = setup();
    const home = join(parent, 'a-data-folder-whose-path-is-too-long-for-a-unix-socket-'.repeat(2));
    mkdirSync(home);
    const host = await startHost(home, env);
    expect(dirname(dirname(host.path))).toBe(runtime);
    expect(basename(dirname(host.path))).toMatch(/^paragents-[0-9a-f]{16}$/);
    expect(statSync(dirname(host.path)).mode & 0o777).toBe(0o700);
    expect(existsSync(join(home, 'run'))).toBe(false);

    const link = await connect(home, env);
    expect(unwrap(await link.handlers['session.list']({}))).toEqual([]);
  });
});
