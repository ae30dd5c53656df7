// The host's hub over a real OpenSSH server on loopback: this machine's engine and a remote engine (`paragents
// engine --stdio` at the far end of `ssh -T`) as one, seen by a WebSocket client of the browser host as the panel
// sees it: sessions marked with their machine, an approval answered here reaching the remote engine, and the
// connection killed mid-turn, the machine shown disconnected, then caught up by seq with nothing lost or repeated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { EngineEvent } from '../../shared/events';
import type { MachineView } from '../../shared/machines';
import type { SessionSummary, ApprovalSummary } from '../../shared/models';
import type { Result } from '../../shared/result';
import { render } from '../../shared/i18n';
import { createHub, type Hub } from '../../main/hub/hub';
import { createMachineLink } from '../../main/remote/machine-link';
import { connectSsh } from '../../main/remote/ssh-link';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { BIN } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';
import { REMOTE_SCRIPT } from '../helpers/remote-script';
import { startSshd, type Sshd } from '../helpers/sshd';
import { tempDir } from '../helpers/temp';

const fx = useEngineFixture({ scope: 'file', forceClose: true, script: REMOTE_SCRIPT });

let sshd: Sshd;
let remoteHome: string;
let hub: Hub;
let web: WebHost;
let ws: WebSocket;
const events: EngineEvent[] = [];
const wakers = new Set<() => void>();
let nextId = 1;

beforeAll(async () => {
  sshd = await startSshd();
  remoteHome = fx.home();
  const localHome = fx.home();
  const engine = await fx.open({ home: localHome, approvals: 'ask' });
  // A long backoff: the test reconnects with the Reconnect request, as a person's button does.
  hub = createHub({ local: engine, home: localHome, link: (remote) => createMachineLink(remote, { backoffMs: [600_000] }) });
  const staticDir = tempDir('paragents-hub-static-');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>panel</title>');
  web = await startWebHost({ engine: hub, staticDir, port: 0 });
  ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, { origin: `http://127.0.0.1:${web.port}` });
  ws.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(data.toString()) as { event?: EngineEvent };
    if (message.event) {
      events.push(message.event);
      for (const wake of [...wakers]) wake();
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
});

afterAll(async () => {
  ws?.close();
  await web?.close();
  await hub?.close();
  try {
    execFileSync('pkill', ['-f', `engine --stdio --data-dir ${remoteHome}`]);
  } catch {
    // None left.
  }
  await sshd?.stop();
});

function call<T>(method: string, input: unknown): Promise<Result<T>> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse(data.toString()) as { id?: unknown; result?: Result<T> };
      if (message.id === id && message.result) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, input }));
  });
}

async function value<T>(method: string, input: unknown): Promise<T> {
  const answer = await call<T>(method, input);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
}

function eventWhere(what: string, test: (e: EngineEvent) => boolean, from = 0): Promise<EngineEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      wakers.delete(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, 30_000);
    function check(): void {
      const found = events.slice(from).find(test);
      if (!found) return;
      clearTimeout(timer);
      wakers.delete(check);
      resolve(found);
    }
    wakers.add(check);
    check();
  });
}

const stateEvent = (state: string, from = 0) =>
  eventWhere(`box ${state}`, (e) => e.type === 'machine_state' && e.machine === 'box' && e.state === state, from);

/** The one ssh child of this test process: the hub's link (no other connection is open then). */
function sshPid(): number {
  const out = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'ssh'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  if (out.length !== 1) throw new Error(`expected one ssh child, found ${out.length}`);
  return Number(out[0]);
}

describe('the hub: every machine in one panel', () => {
  let remoteSession: SessionSummary;
  let localSession: SessionSummary;

  it('adds a remote machine from the panel and connects to it', async () => {
    const views = await value<MachineView[]>('machines.add', {
      name: 'box',
      url: sshd.url,
      dataDir: remoteHome,
      command: `${process.execPath} ${BIN}`,
      sshOptions: sshd.sshOptions,
    });
    expect(views.map((v) => v.name)).toEqual(['local', 'box']);
    await stateEvent('connected');
    const listed = await value<MachineView[]>('machines.list', {});
    expect(listed[1]).toMatchObject({ name: 'box', state: 'connected', problem: null, home: remoteHome, url: sshd.url });
    const tested = await value<{ reachable: boolean; msg: unknown }>('machines.test', { name: 'box' });
    expect(tested.reachable).toBe(true);
    expect(render('en', tested.msg as never)).toContain('box is reachable');
    const unknown = await call('machines.test', { name: 'nowhere' });
    expect(!unknown.ok && unknown.error.message).toBe('there is no machine named nowhere: the machines are local, box');
  });

  it('creates sessions on each machine and lists them together, local first, each marked with its machine', async () => {
    localSession = await value<SessionSummary>('session.create', { workspace: tempDir('paragents-hub-local-') });
    const remoteWs = tempDir('paragents-hub-remote-');
    remoteSession = await value<SessionSummary>('session.create', { workspace: remoteWs, machine: 'box' });
    expect(localSession.machine).toBeUndefined();
    expect(remoteSession.machine).toBe('box');
    const folder = await value<{ path: string; entries: { name: string }[] }>('fs.list', { machine: 'box', path: remoteHome });
    expect(folder.entries.map((e) => e.name)).toContain('config.json');
    const all = await value<SessionSummary[]>('session.list', {});
    expect(all.map((s) => [s.id, s.machine ?? 'local'])).toEqual([
      [localSession.id, 'local'],
      [remoteSession.id, 'box'],
    ]);
    await eventWhere('the remote session_created', (e) => e.type === 'session_created' && e.sessionId === remoteSession.id && e.machine === 'box');
  });

  it('runs a turn there: its events arrive marked, and an approval answered here reaches the remote engine', async () => {
    await value('prompt.send', { session: remoteSession.id, text: 'write the remote report' });
    const asked = await eventWhere('the approval', (e) => e.type === 'approval_requested' && e.sessionId === remoteSession.id);
    expect(asked.machine).toBe('box');
    const pending = await value<ApprovalSummary[]>('approval.list', {});
    expect(pending.map((a) => [a.sessionId, a.machine])).toEqual([[remoteSession.id, 'box']]);
    const approvalId = (asked as Extract<EngineEvent, { type: 'approval_requested' }>).approvalId;
    const answered = await value<ApprovalSummary>('approval.answer', { approval: approvalId, answer: { kind: 'allow_once' } });
    expect(answered.machine).toBe('box');
    await eventWhere('the turn to complete', (e) => e.type === 'turn_completed' && e.sessionId === remoteSession.id);
    expect(readFileSync(join(remoteSession.workspace, 'remote.md'), 'utf8')).toBe('# remote\n');
    const usage = await value<{ totalTokens: number }>('usage.summary', { since: new Date(Date.now() - 3_600_000).toISOString() });
    // This machine ran no turn: every token counted is the remote one's.
    expect(usage.totalTokens).toBeGreaterThan(0);
  });

  it('loses the connection mid-turn, keeps the sessions listed, and catches up on Reconnect with no event lost or repeated', async () => {
    const from = events.length;
    await value('prompt.send', { session: remoteSession.id, text: 'hold the remote line' });
    await fx.server.reached('remote', 1);
    process.kill(sshPid(), 'SIGKILL');
    const lost = await stateEvent('disconnected', from);
    expect(lost.type === 'machine_state' && lost.problem).not.toBeNull();

    // Disconnected: its sessions stay in the list (greyed by the panel); a request for them says it was not sent.
    const listed = await value<SessionSummary[]>('session.list', {});
    expect(listed.map((s) => s.id)).toContain(remoteSession.id);
    const refused = await call('prompt.send', { session: remoteSession.id, text: 'more' });
    expect(!refused.ok && refused.error.message).toBe('box is disconnected: the request was not sent');

    // The remote engine goes on with the turn and ends it while this side is away.
    const direct = await connectSsh({ name: 'box', url: sshd.url, dataDir: remoteHome, command: `${process.execPath} ${BIN}`, sshOptions: sshd.sshOptions });
    if (!direct.ok) throw new Error(render('en', direct.error.msg));
    const there: EngineEvent[] = [];
    const ended = new Promise<void>((resolve) => direct.value.onEvent((e) => (there.push(e), e.type === 'turn_completed' && resolve())));
    fx.server.openGate('remote');
    await ended;
    await direct.value.close();
    expect(events.slice(from).some((e) => e.type === 'turn_completed' && e.sessionId === remoteSession.id)).toBe(false);

    const view = await value<MachineView>('machines.reconnect', { name: 'box' });
    expect(view.name).toBe('box');
    await stateEvent('connected', from);
    await eventWhere('the caught-up turn end', (e) => e.type === 'turn_completed' && e.sessionId === remoteSession.id, from);

    const seen = events.filter((e) => e.machine === 'box' && e.sessionId === remoteSession.id && e.seq > 0).map((e) => e.seq);
    const stored = await value<EngineEvent[]>('session.events', { session: remoteSession.id, afterSeq: 0, limit: 10_000 });
    const storedSeqs = stored.map((e) => e.seq).filter((seq) => seq >= (seen[0] ?? 0));
    expect(seen).toEqual(storedSeqs);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('removes the machine: it leaves the list, and its engine keeps running there', async () => {
    const views = await value<MachineView[]>('machines.remove', { name: 'box' });
    expect(views.map((v) => v.name)).toEqual(['local']);
    const listed = await value<SessionSummary[]>('session.list', {});
    expect(listed.map((s) => s.id)).toEqual([localSession.id]);
  });

  it('closing the app stops the engine of a machine set to stop when the app closes', async () => {
    const from = events.length;
    await value('machines.add', { name: 'box', url: sshd.url, dataDir: remoteHome, command: `${process.execPath} ${BIN}`, sshOptions: sshd.sshOptions, stopWhenAppCloses: true });
    await stateEvent('connected', from);
    expect(remoteEngines()).toBeGreaterThan(0);
    await hub.close({ appClosing: true });
    await until('the remote engine to stop', () => remoteEngines() === 0);
  });
});

/** The processes of the remote engine (and its relays) on this loopback "machine". */
function remoteEngines(): number {
  try {
    return execFileSync('pgrep', ['-f', `engine --stdio --data-dir ${remoteHome}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
