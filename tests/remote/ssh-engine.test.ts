// A remote machine's engine over a real OpenSSH server on loopback: `paragents engine --stdio` at the far end of
// `ssh -T`, the scripted model server over HTTP, and the machine link that reconnects and catches up by seq.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineEvent } from '../../shared/events';
import type { RemoteConfig } from '../../shared/remotes';
import { render } from '../../shared/i18n';
import { createMachineLink, type MachineLink, type MachineState } from '../../main/remote/machine-link';
import { connectSsh, type SshEngineLink } from '../../main/remote/ssh-link';
import { BIN } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';
import { REMOTE_SCRIPT } from '../helpers/remote-script';
import { startSshd, type Sshd } from '../helpers/sshd';
import { tempDir } from '../helpers/temp';

const fx = useEngineFixture({ scope: 'file', script: REMOTE_SCRIPT });

let sshd: Sshd;
let remoteHome: string;
const links: { close(): Promise<void> }[] = [];

const remote = (extra: Partial<RemoteConfig> = {}): RemoteConfig => ({
  name: 'box',
  url: sshd.url,
  dataDir: remoteHome,
  // The "remote" checkout is this one: the engine it runs is the code under test.
  command: `${process.execPath} ${BIN}`,
  sshOptions: sshd.sshOptions,
  ...extra,
});

beforeAll(async () => {
  sshd = await startSshd();
  remoteHome = fx.home();
});

afterAll(async () => {
  for (const link of links.splice(0)) await link.close();
  // The remote engine outlives its connections; the tests stop it, and this makes sure none is left behind.
  try {
    execFileSync('pkill', ['-f', `engine --stdio --data-dir ${remoteHome}`]);
  } catch {
    // None left.
  }
  await sshd?.stop();
});

async function connected(config = remote()): Promise<SshEngineLink> {
  const made = await connectSsh(config);
  if (!made.ok) throw new Error(render('en', made.error.msg));
  links.push(made.value);
  return made.value;
}

function waitFor<T>(what: string, take: () => T | undefined, listen: (wake: () => void) => () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 30_000);
    const check = (): void => {
      const value = take();
      if (value === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    };
    const stop = listen(check);
    check();
  });
}

const stateIs = (link: MachineLink, wanted: MachineState): Promise<MachineState> =>
  waitFor(`state ${wanted}`, () => (link.state() === wanted ? wanted : undefined), (wake) => link.onState(wake));

describe('a remote machine over SSH', () => {
  it('answers the contract over the channel: the hello names the contract and the engine that holds the folder', async () => {
    const link = await connected();
    expect(link.hello).toMatchObject({ app: 'paragents', contract: 1, home: remoteHome });
    expect(link.hello.pid).toBeGreaterThan(0);
    const listed = await link.handlers['fs.list']({ path: remoteHome });
    expect(listed.ok && listed.value.entries.map((e) => e.name)).toContain('config.json');
    await link.close();
    // A second connection reaches the same engine (it kept running), through a relay on the remote side.
    const again = await connected();
    expect(again.hello.pid).toBe(link.hello.pid);
    await again.close();
  });

  it('runs a turn there: events arrive here and an approval answered here reaches the remote engine', async () => {
    const link = await connected();
    const events: EngineEvent[] = [];
    link.onEvent((e) => events.push(e));
    const workspace = tempDir('paragents-remote-ws-');
    const session = await link.handlers['session.create']({ workspace });
    if (!session.ok) throw new Error(session.error.message);
    const sent = await link.handlers['prompt.send']({ session: session.value.id, text: 'write the remote report' });
    expect(sent.ok).toBe(true);
    const asked = await waitFor('an approval', () => events.find((e) => e.type === 'approval_requested'), (wake) => link.onEvent(wake));
    expect(existsSync(join(workspace, 'remote.md'))).toBe(false);
    const approvalId = (asked as Extract<EngineEvent, { type: 'approval_requested' }>).approvalId;
    const answered = await link.handlers['approval.answer']({ approval: approvalId, answer: { kind: 'allow_once' } });
    expect(answered.ok).toBe(true);
    await waitFor('the turn to complete', () => events.find((e) => e.type === 'turn_completed'), (wake) => link.onEvent(wake));
    expect(readFileSync(join(workspace, 'remote.md'), 'utf8')).toBe('# remote\n');
    await link.close();
  });

  it('loses the connection mid-turn and catches up after reconnecting: no event lost or repeated', async () => {
    const machine = createMachineLink(remote(), { backoffMs: [60_000] });
    links.push(machine);
    const seen: EngineEvent[] = [];
    machine.onEvent((e) => seen.push(e));
    await stateIs(machine, 'connected');
    const workspace = tempDir('paragents-remote-ws-');
    const session = await machine.handlers['session.create']({ workspace });
    if (!session.ok) throw new Error(session.error.message);
    const before = machine.lastSeq();
    expect(before).toBeGreaterThan(0);
    await machine.handlers['prompt.send']({ session: session.value.id, text: 'hold the remote line' });
    await fx.server.reached('remote', 1);

    // The ssh process dies (a network drop); the remote engine's turn is still held at the model's gate.
    process.kill(findSshPid(), 'SIGKILL');
    await stateIs(machine, 'disconnected');
    const refused = await machine.handlers['session.list']({});
    expect(refused.ok).toBe(false);

    // While the machine is disconnected the turn goes on there and ends (seen through a connection of its own).
    const direct = await connected();
    const there: EngineEvent[] = [];
    direct.onEvent((e) => there.push(e));
    fx.server.openGate('remote');
    await waitFor('the turn to end remotely', () => there.find((e) => e.type === 'turn_completed'), (wake) => direct.onEvent(wake));
    await direct.close();
    expect(seen.some((e) => e.type === 'turn_completed')).toBe(false);

    machine.reconnect();
    await stateIs(machine, 'connected');
    const stored = await machine.handlers['session.events']({ afterSeq: before, limit: 10_000 });
    if (!stored.ok) throw new Error(stored.error.message);
    const seenStored = seen.filter((e) => e.seq > before).map((e) => e.seq);
    // Each stored event after the first one seen, exactly once and in order, across the loss.
    expect(seenStored).toEqual(stored.value.map((e) => e.seq));
    expect(new Set(seenStored).size).toBe(seenStored.length);
    expect(seen.some((e) => e.type === 'turn_completed')).toBe(true);
    await machine.close({ stopEngine: true });
  });
});

/** The one ssh child of this test process that carries a machine link (the others are closed by then). */
function findSshPid(): number {
  const out = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'ssh'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  if (out.length !== 1) throw new Error(`expected one ssh child, found ${out.length}`);
  return Number(out[0]);
}

