// The hub's routing and merging with two real engines in this process: the second stands in for a remote machine's
// engine behind a link that is always connected (the SSH link itself is tested in ssh-engine and hub tests).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';
import { createHub } from '../../main/hub/hub';
import { interleave, mergeUsage } from '../../main/hub/merge';
import type { MachineLink } from '../../main/remote/machine-link';
import type { RemoteConfig } from '../../shared/remotes';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';

const fx = useEngineFixture({ script: { rules: [{ when: 'hello', steps: [{ content: 'hi there' }] }] } });

/** An engine of this process as a remote machine's link that is connected. */
function asLink(remote: RemoteConfig, engine: Engine): MachineLink {
  return {
    name: remote.name,
    handlers: engine.handlers,
    remote: true,
    onEvent: (listener) => engine.onEvent(listener),
    state: () => 'connected',
    problem: () => null,
    hello: () => ({ app: 'paragents', contract: 1, version: 'test', pid: process.pid, home: '/there', hostname: 'there' }),
    onState: () => () => undefined,
    lastSeq: () => 0,
    reconnect: () => undefined,
    close: async () => undefined,
  };
}

async function twoMachines() {
  const home = fx.home({ remotes: [{ name: 'box', url: 'ssh://user@box.example' }] });
  const here = await fx.open({ home });
  const there = await fx.open();
  const hub = createHub({ local: here, home, link: (remote) => asLink(remote, there) });
  return { here, there, hub };
}

describe('the hub routes each request to its machine', () => {
  it('creates on the named machine, finds an id it never saw by asking each machine, and refuses an unknown machine', async () => {
    const { there, hub } = await twoMachines();
    const remote = await hub.handlers['session.create']({ workspace: tempDir(), machine: 'box' });
    expect(remote.ok && remote.value.machine).toBe('box');
    // A session made there behind the hub's back: its id is found by asking machine by machine.
    const behind = await there.handlers['session.create']({ workspace: tempDir(), name: 'behind' });
    if (!behind.ok) throw new Error(behind.error.message);
    const got = await hub.handlers['session.get']({ session: behind.value.id });
    expect(got.ok && [got.value.name, got.value.machine]).toEqual(['behind', 'box']);
    const nowhere = await hub.handlers['fs.list']({ machine: 'nowhere' });
    expect(!nowhere.ok && nowhere.error.message).toBe('there is no machine named nowhere: the machines are local, box');
    const missing = await hub.handlers['session.get']({ session: '00000000-0000-0000-0000-000000000000' });
    expect(!missing.ok && missing.error.kind).toBe('not_found');
    await hub.close();
  });

  it('merges search hits and cost across machines, and marks remote events with their machine', async () => {
    const { hub } = await twoMachines();
    const seen: EngineEvent[] = [];
    hub.onEvent((e) => seen.push(e));
    const a = await hub.handlers['session.create']({ workspace: tempDir() });
    const b = await hub.handlers['session.create']({ workspace: tempDir(), machine: 'box' });
    if (!a.ok || !b.ok) throw new Error('sessions');
    for (const s of [a.value, b.value]) await hub.handlers['prompt.send']({ session: s.id, text: 'hello' });
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (seen.filter((e) => e.type === 'turn_completed').length === 2) resolve();
      };
      hub.onEvent(check);
      check();
    });
    const completed = seen.filter((e) => e.type === 'turn_completed').map((e) => [e.sessionId, e.machine ?? 'local']);
    expect(completed).toEqual(expect.arrayContaining([[a.value.id, 'local'], [b.value.id, 'box']]));
    const hits = await hub.handlers['search.query']({ text: 'hi there' });
    expect(hits.ok && hits.value.map((h) => h.machine ?? 'local').sort()).toEqual(['box', 'local']);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const total = await hub.handlers['usage.summary']({ since });
    const sessions = await hub.handlers['session.list']({});
    if (!total.ok || !sessions.ok) throw new Error('merge');
    expect(total.value.totalTokens).toBe(sessions.value.reduce((n, s) => n + s.usage.totalTokens, 0));
    expect(total.value.totalTokens).toBeGreaterThan(0);
    await hub.close();
  });
});

describe('merging', () => {
  it('interleaves ranked lists up to the limit', () => {
    expect(interleave<number | string>([[1, 2, 3], ['a'], [10, 20]], 5)).toEqual([1, 'a', 10, 2, 20]);
    expect(interleave([[], []], 3)).toEqual([]);
  });
  it('adds up usage, keeping this machine’s daily budget', () => {
    const u = (t: number, usd: number, daily: null | { tokens: number }) => ({
      since: 's', promptTokens: t, completionTokens: t, totalTokens: 2 * t, cost: { usd, unpricedTokens: 1 }, dailyBudget: daily as never,
    });
    expect(mergeUsage([u(1, 0.5, { tokens: 9 }), u(2, 0.25, null)])).toEqual({ ...u(3, 0.75, { tokens: 9 }), cost: { usd: 0.75, unpricedTokens: 2 } });
    expect(mergeUsage([])).toBeUndefined();
  });
});
