// Project hooks and the OS sandbox, through the whole engine (scripted model, real hooks, real bubblewrap): with
// the sandbox on, a project PreToolUse hook runs confined to the session's folders (a write outside is refused,
// one in the workspace succeeds, its stdin and its answer work as ever) while the same hook from the user's
// settings, or with the sandbox off, writes where it likes; where the sandbox cannot run, project hooks run as
// they are unless sandbox.failIfUnavailable keeps them from running, saying why.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { english, msg } from '../../shared/i18n/message';
import { probeSandbox } from '../../main/core/sandbox/availability';
import { hookRanText } from '../../shared/hooks';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { hookEvents, hookSettings, readJson, writeJson } from '../hooks/helpers';
import type { Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';

const fx = useEngineFixture({
  script: { rules: [{ when: 'write notes', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'notes.txt', content: 'written\n' } }] }, { content: 'done' }] }] },
  engine: { env: { PATH: process.env.PATH } },
});

/** A hook that reads its input and tries to leave a file in `outside`, a folder no session owns. */
const escaping = (outside: string): string => `cat > /dev/null; echo x > ${outside}/f`;

/** No run of these hooks, and none of them in the hooks view, says it was sandboxed. */
async function noneSandboxed(engine: Engine, ws: string, log: readonly EngineEvent[]): Promise<void> {
  const ran = hookEvents(log);
  expect(ran.length).toBeGreaterThan(0);
  expect(ran.map((e) => e.sandboxed)).toEqual(ran.map(() => undefined));
  expect(unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks.map((h) => h.sandboxed)).toEqual([undefined]);
}

/** A data folder whose user settings hold `doc` (the sandbox block, hooks). */
function home(doc: Record<string, unknown>): string {
  const h = fx.home();
  writeJson(join(h, 'settings.json'), doc);
  return h;
}

/** A workspace whose project settings hold these PreToolUse hooks on Write. */
function project(commands: string[]): string {
  const ws = tempDir('paragents-ws-');
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ PreToolUse: commands.map((command) => ({ matcher: 'Write', command })) }));
  return ws;
}

/** Trusts the workspace, approves its project hooks, and runs one prompt whose model writes notes.txt. */
async function writeNotes(engine: Engine, ws: string): Promise<void> {
  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  unwrap(await engine.handlers['hooks.approve']({ workspace: ws, approved: true }));
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write notes' }));
  expect(await settled(engine, p.id)).toBe('completed');
}

describe('with the sandbox on', () => {
  it('a project hook runs confined: nothing written outside the session, and the run says it was sandboxed', async () => {
    const outside = tempDir('paragents-outside-');
    const ws = project([escaping(outside)]);
    const engine = await fx.open({ home: home({ sandbox: { enabled: true } }) });
    const log = recordEvents(engine);
    await writeNotes(engine, ws);
    expect(existsSync(join(outside, 'f'))).toBe(false);
    const ran = hookEvents(log);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ source: 'project', sandboxed: true, notRun: null, tool: 'Write' });
    // The transcript line carries the mark.
    expect(hookRanText(ran[0] as Parameters<typeof hookRanText>[0])).toContain('(project settings) in the sandbox, exit ');
    // The call itself was not held up by the hook.
    expect(existsSync(join(ws, 'notes.txt'))).toBe(true);
    // The hooks view says where it runs.
    expect(unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks).toMatchObject([{ source: 'project', standing: 'active', sandboxed: true }]);
  });

  it('a confined project hook reads its input, writes in the workspace and its answer is honoured', async () => {
    const ws = project([`cat > seen.json; echo '{"decision": "deny", "reason": "no notes today"}'`]);
    const engine = await fx.open({ home: home({ sandbox: { enabled: true } }) });
    const log = recordEvents(engine);
    await writeNotes(engine, ws);
    expect(readJson(join(ws, 'seen.json'))).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { path: 'notes.txt', content: 'written\n' }, cwd: ws });
    expect(existsSync(join(ws, 'notes.txt'))).toBe(false);
    const call = log.find((e) => e.type === 'tool_call' && e.decision !== null);
    expect(call?.type === 'tool_call' && call.decision).toMatchObject({ decision: 'blocked', source: 'project' });
    expect(call?.type === 'tool_call' && call.decision?.reason).toContain('no notes today');
    expect(hookEvents(log)[0]).toMatchObject({ sandboxed: true, exitCode: 0, decision: 'deny' });
  });

  it("the same hook from the user's settings is the person's own and runs unconfined", async () => {
    const outside = tempDir('paragents-outside-');
    const ws = tempDir('paragents-ws-');
    const engine = await fx.open({ home: home({ sandbox: { enabled: true }, ...hookSettings({ PreToolUse: [{ matcher: 'Write', command: escaping(outside) }] }) }) });
    const log = recordEvents(engine);
    await writeNotes(engine, ws);
    expect(existsSync(join(outside, 'f'))).toBe(true);
    expect(hookEvents(log)).toMatchObject([{ source: 'user', exitCode: 0 }]);
    await noneSandboxed(engine, ws, log);
  });
});

it('with the sandbox off, a project hook runs unconfined', async () => {
  const outside = tempDir('paragents-outside-');
  const ws = project([escaping(outside)]);
  const engine = await fx.open({ home: home({}) });
  const log = recordEvents(engine);
  await writeNotes(engine, ws);
  expect(existsSync(join(outside, 'f'))).toBe(true);
  expect(hookEvents(log)).toMatchObject([{ source: 'project', exitCode: 0 }]);
  await noneSandboxed(engine, ws, log);
});

describe('where the sandbox cannot run', () => {
  /** A PATH holding the shell and cat but not bubblewrap, socat or ripgrep: the probe finds the sandbox unavailable. */
  function barePath(): string {
    const bin = join(tempDir('paragents-bin-'), 'bin');
    mkdirSync(bin);
    for (const p of ['sh', 'cat']) symlinkSync(`/usr/bin/${p}`, join(bin, p));
    return bin;
  }

  it('project hooks run as they are', async () => {
    const outside = tempDir('paragents-outside-');
    const ws = project([escaping(outside)]);
    const engine = await fx.open({ home: home({ sandbox: { enabled: true } }), env: { PATH: barePath() } });
    const log = recordEvents(engine);
    await writeNotes(engine, ws);
    expect(existsSync(join(outside, 'f'))).toBe(true);
    expect(hookEvents(log)).toMatchObject([{ source: 'project', exitCode: 0 }]);
    await noneSandboxed(engine, ws, log);
  });

  it('with failIfUnavailable a project hook does not run and says why; a user hook still runs', async () => {
    const outside = tempDir('paragents-outside-');
    const mine = tempDir('paragents-outside-');
    const ws = project([escaping(outside)]);
    const path = barePath();
    const doc = { sandbox: { enabled: true, failIfUnavailable: true }, ...hookSettings({ PreToolUse: [{ matcher: 'Write', command: escaping(mine) }] }) };
    const engine = await fx.open({ home: home(doc), env: { PATH: path } });
    const log = recordEvents(engine);
    await writeNotes(engine, ws);
    expect(existsSync(join(outside, 'f'))).toBe(false);
    expect(existsSync(join(mine, 'f'))).toBe(true);
    const probe = probeSandbox({ PATH: path });
    if (probe.available) throw new Error('the bare PATH should leave the sandbox unavailable');
    const why = english(msg('sandbox.decision.mustRun', { reason: probe.reason }));
    const ran = hookEvents(log);
    expect(ran.find((e) => e.source === 'project')).toMatchObject({ exitCode: null, notRun: why });
    expect(ran.find((e) => e.source === 'user')).toMatchObject({ exitCode: 0, notRun: null });
    expect(ran.map((e) => e.sandboxed)).toEqual([undefined, undefined]);
  });
});
