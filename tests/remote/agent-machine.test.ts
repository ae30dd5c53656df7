// An `Agent` call that names another machine, over a real OpenSSH server on loopback: the child runs in the remote
// engine (`paragents engine --stdio` at the far end of `ssh -T`), in a worktree of a clone of the parent's
// repository made from its git remote, its approval answered here; its work comes back as a branch fetched over SSH
// and merged into the parent's workspace. A workspace with no git remote, an unknown machine and an engine with no
// links are each refused in one sentence.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events';
import { createHub, type Hub } from '../../main/hub/hub';
import { createMachineLink } from '../../main/remote/machine-link';
import type { Engine } from '../../main/core/engine';
import { BIN } from '../helpers/cli';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { sshdAvailable, startSshd, type Sshd } from '../helpers/sshd';
import { tempDir } from '../helpers/temp';

const agent = (extra: Record<string, unknown>) => ({ name: 'Agent', arguments: { description: 'write the far file', prompt: 'far child task', ...extra } });

const fx = useEngineFixture({
  scope: 'file',
  forceClose: true,
  script: {
    rules: [
      { when: 'send a child to box', steps: [{ toolCalls: [agent({ machine: 'box', name: 'far-kid' })] }, { content: 'parent done' }] },
      { when: 'send a child to nowhere', steps: [{ toolCalls: [agent({ machine: 'nowhere' })] }, { content: 'parent gave up' }] },
      { when: 'far child task', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'far.txt', content: 'made on box\n' } }] }, { content: 'far file written' }] },
    ],
  },
});

const GIT = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com'];
const git = (cwd: string, ...args: string[]): string => execFileSync('git', [...GIT, '-C', cwd, ...args], { encoding: 'utf8' }).trim();

let sshd: Sshd;
let remoteHome: string;
let engine: Engine;
let hub: Hub;
const hubEvents: EngineEvent[] = [];

/** A repository whose `origin` is a bare repository both "machines" (this loopback host) can clone. */
function repoWithOrigin(): { work: string; origin: string } {
  const base = tempDir('paragents-agent-machine-');
  const origin = join(base, 'origin.git');
  execFileSync('git', ['init', '--quiet', '--bare', '-b', 'main', origin]);
  const work = join(base, 'work');
  execFileSync('git', ['clone', '--quiet', origin, work], { stdio: 'ignore' });
  writeFileSync(join(work, 'README.md'), '# project\n');
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'first');
  git(work, 'push', '--quiet', 'origin', 'HEAD:main');
  return { work, origin };
}

/** The result the parent's model was given for its Agent call (the tool_result event). */
function agentResult(events: EngineEvent[], sessionId: string): Extract<EngineEvent, { type: 'tool_result' }> {
  const r = events.find((e): e is Extract<EngineEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.sessionId === sessionId && e.tool === 'Agent');
  if (!r) throw new Error('no Agent result');
  return r;
}

describe.skipIf(!sshdAvailable())('an Agent call on another machine (real sshd)', () => {
  beforeAll(async () => {
    sshd = await startSshd();
    remoteHome = fx.home();
    const localHome = fx.home();
    engine = await fx.open({ home: localHome });
    hub = createHub({ local: engine, home: localHome, link: (remote) => createMachineLink(remote, { backoffMs: [600_000] }) });
    hub.onEvent((e) => {
      hubEvents.push(e);
      // The remote child's Write asks there; answered here, as a person in the panel would.
      if (e.type === 'approval_requested' && e.machine === 'box') void hub.handlers['approval.answer']({ approval: e.approvalId, answer: { kind: 'allow_once' } });
    });
  });

  afterAll(async () => {
    await hub?.close();
    try {
      execFileSync('pkill', ['-f', `engine --stdio --data-dir ${remoteHome}`]);
    } catch {
      // None left.
    }
    await sshd?.stop();
  });

  it('refuses a machine while this engine holds no links to other machines', async () => {
    const lone = await fx.open();
    const { work } = repoWithOrigin();
    const s = unwrap(await lone.handlers['session.create']({ workspace: work }));
    const events: EngineEvent[] = [];
    lone.onEvent((e) => events.push(e));
    const p = unwrap(await lone.handlers['prompt.send']({ session: s.id, text: 'send a child to box' }));
    expect(await settled(lone, p.id)).toBe('completed');
    const r = agentResult(events, s.id);
    expect(r.ok).toBe(false);
    expect(r.error).toBe(
      "Agent: the child cannot run on box from this engine: only the app's or `paragents serve`'s engine holds connections to other machines; omit machine to run it here.",
    );
  });

  it('runs the child on the machine in a clone of the repository and merges its branch, fetched over SSH', async () => {
    const added = await hub.handlers['machines.add']({ name: 'box', url: sshd.url, dataDir: remoteHome, command: `${process.execPath} ${BIN}`, sshOptions: sshd.sshOptions });
    expect(added.ok).toBe(true);
    for (let i = 0; i < 300 && hub.machines().find((m) => m.name === 'box')?.state !== 'connected'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(hub.machines().find((m) => m.name === 'box')?.state).toBe('connected');

    const { work, origin } = repoWithOrigin();
    const head = git(work, 'rev-parse', 'HEAD');
    const loginsBefore = logins();
    const s = unwrap(await hub.handlers['session.create']({ workspace: work, name: 'boss' }));
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const p = unwrap(await hub.handlers['prompt.send']({ session: s.id, text: 'send a child to box' }));
    expect(await settled(engine, p.id, 60_000)).toBe('completed');

    const r = agentResult(events, s.id);
    expect(r.error).toBeNull();
    expect(r.ok).toBe(true);
    expect(r.output).toContain('on box — write the far file: completed.');
    expect(r.output).toContain('Files changed: far.txt');
    expect(r.output).toContain('merged into your workspace as uncommitted changes');
    expect(r.output).toContain('far file written');

    // The child's file is in the parent's workspace, uncommitted; HEAD did not move.
    expect(readFileSync(join(work, 'far.txt'), 'utf8')).toBe('made on box\n');
    expect(git(work, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(work, 'status', '--porcelain')).toBe('?? far.txt');

    // The child was a session of the remote engine, in a worktree of its clone of origin, from the parent's HEAD.
    const there = unwrap(await hub.handlers['session.list']({})).filter((x) => x.machine === 'box');
    expect(there.map((x) => x.name)).toEqual(['far-kid']);
    const child = there[0]!;
    expect(child.workspace.startsWith(join(remoteHome, 'worktrees'))).toBe(true);
    expect(readFileSync(join(child.workspace, 'far.txt'), 'utf8')).toBe('made on box\n');
    const cloneTop = git(child.workspace, 'rev-parse', '--path-format=absolute', '--git-common-dir').replace(/\/\.git$/, '');
    expect(cloneTop.startsWith(join(remoteHome, 'clones'))).toBe(true);
    expect(git(cloneTop, 'remote', 'get-url', 'origin')).toBe(origin);

    // Its branch came back over SSH: the parent's repository has it, on top of the commit it started from.
    const branch = `paragents/box/${child.ref}`;
    expect(git(work, 'rev-parse', `${branch}~1`)).toBe(head);
    expect(git(work, 'show', `${branch}:far.txt`)).toBe('made on box');
    // One more login than the engine's link: git's own ssh, with the machine's options.
    expect(logins()).toBe(loginsBefore + 1);

    // The approval was asked there and answered here.
    expect(hubEvents.some((e) => e.type === 'approval_requested' && e.machine === 'box' && e.sessionId === child.id)).toBe(true);
    // Undo of the parent's prompt covers the merged file, as for a child on this machine.
    const journal = unwrap(await hub.handlers['session.changes']({ session: s.id }));
    expect(JSON.stringify(journal)).toContain('far.txt');
  }, 90_000);

  it('refuses a workspace with no git remote, and an unknown machine, in one sentence each', async () => {
    const plain = tempDir('paragents-agent-machine-plain-');
    git(plain, 'init', '--quiet');
    writeFileSync(join(plain, 'a.txt'), 'a\n');
    git(plain, 'add', '-A');
    git(plain, 'commit', '--quiet', '-m', 'only here');
    const s = unwrap(await hub.handlers['session.create']({ workspace: plain }));
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const p = unwrap(await hub.handlers['prompt.send']({ session: s.id, text: 'send a child to box' }));
    expect(await settled(engine, p.id, 60_000)).toBe('completed');
    expect(agentResult(events, s.id).error).toBe(
      `Agent: ${plain} has no git remote for box to clone it from; add one (git remote add origin URL) or omit machine to run the child here.`,
    );

    const { work } = repoWithOrigin();
    const t = unwrap(await hub.handlers['session.create']({ workspace: work }));
    const q = unwrap(await hub.handlers['prompt.send']({ session: t.id, text: 'send a child to nowhere' }));
    expect(await settled(engine, q.id, 60_000)).toBe('completed');
    expect(agentResult(events, t.id).error).toBe('Agent: the child cannot run on nowhere: there is no machine named nowhere: the machines are local, box');
    expect(existsSync(join(work, 'far.txt'))).toBe(false);
  }, 90_000);
});

/** Logins sshd accepted so far. */
function logins(): number {
  return readFileSync(sshd.logFile, 'utf8').split('\n').filter((line) => line.startsWith('Accepted publickey')).length;
}
