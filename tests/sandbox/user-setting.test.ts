// Turning the sandbox on from the panel or the setup view (`sandbox.setEnabled`) writes the user's settings.json
// and tells open pages; managed settings that force the other value refuse it, naming their file. A session's
// header asks `sandbox.session`. Where the settings turn the sandbox on but bubblewrap is missing (a PATH without
// it) and failIfUnavailable is false, the engine says why once per start: two Bash calls in two sessions give one
// `sandbox_off`, for the first session (a transcript note and a line of `paragents run`), and both commands still
// run under the normal flow.
import { describe, expect, it } from 'vitest';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from '../../main/core/sandbox/availability';
import { eventTextLine } from '../../main/cli/format';
import { eventNote } from '../../shared/transcript-notes';
import { english } from '../../shared/i18n/message';
import type { EventOf } from '../../shared/events';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';

const fx = useEngineFixture();

const MISSING = 'The sandbox needs bwrap, which this machine does not have: install with `sudo apt-get install -y bubblewrap`.';

/** A PATH holding what a Bash call needs and the sandbox's programs except bubblewrap. */
function pathWithoutBwrap(): string {
  const dir = tempDir('paragents-path-');
  for (const p of ['bash', 'sh', 'node', 'socat', 'rg', 'echo']) {
    const found = onPath(p, process.env);
    if (found) symlinkSync(found, join(dir, p));
  }
  return dir;
}

describe('sandbox.setEnabled', () => {
  it('writes sandbox.enabled in the user settings, keeping the rest, and tells open pages', async () => {
    const home = fx.home();
    const file = join(home, 'settings.json');
    writeFileSync(file, JSON.stringify({ permissions: { allow: ['Bash(make)'] } }));
    const engine = await fx.open({ home, env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const ws = tempDir('paragents-ws-');
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    expect(unwrap(await engine.handlers['sandbox.session']({ session: s.id }))).toEqual({ sandboxed: false, enabled: false, enabledSource: 'default', reason: null });

    const on = unwrap(await engine.handlers['sandbox.setEnabled']({ enabled: true }));
    expect(on).toMatchObject({ enabled: true, enabledSource: 'user', workspace: null });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(make)'] }, sandbox: { enabled: true } });
    expect(unwrap(await engine.handlers['sandbox.session']({ session: s.id }))).toEqual({ sandboxed: true, enabled: true, enabledSource: 'user', reason: null });

    unwrap(await engine.handlers['sandbox.setEnabled']({ enabled: false }));
    expect(JSON.parse(readFileSync(file, 'utf8')).sandbox).toEqual({ enabled: false });
    expect(unwrap(await engine.handlers['sandbox.session']({ session: s.id }))).toMatchObject({ sandboxed: false, enabled: false, enabledSource: 'user' });
    expect(log.filter((e) => e.type === 'sandbox_changed').map((e) => (e as EventOf<'sandbox_changed'>).enabled)).toEqual([true, false]);
  });

  it('is refused when managed settings force the other value, naming the managed file', async () => {
    const home = fx.home();
    const managed = join(tempDir('paragents-managed-'), 'managed-settings.json');
    writeFileSync(managed, JSON.stringify({ sandbox: { enabled: false } }));
    const engine = await fx.open({ home, env: { PATH: process.env.PATH, PARAGENTS_MANAGED_SETTINGS: managed } });
    const log = recordEvents(engine);
    const r = await engine.handlers['sandbox.setEnabled']({ enabled: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(`The managed settings (${managed}) set sandbox.enabled to false, which your own settings cannot change.`);
    expect(r.error.msg?.key).toBe('sandbox.setEnabled.managed');
    expect(() => readFileSync(join(home, 'settings.json'), 'utf8')).toThrow();
    expect(log.some((e) => e.type === 'sandbox_changed')).toBe(false);
  });
});

it('says once per start why the sandbox is off: one sandbox_off for two Bash calls in two sessions', async () => {
  const home = fx.home();
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: { enabled: true } }));
  fx.server.setScript({
    rules: [{ when: 'run it', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo ran > ran.txt' } }] }, { content: 'done' }] }],
  });
  const engine = await fx.open({ home, env: { PATH: pathWithoutBwrap() } });
  const log = recordEvents(engine);
  const first = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-'), name: 'first' }));
  const second = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-'), name: 'second' }));
  // One prompt after the other: the first session's call is the first to meet the missing sandbox.
  const p1 = unwrap(await engine.handlers['prompt.send']({ session: first.id, text: 'run it' }));
  expect(await settled(engine, p1.id)).toBe('completed');
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: second.id, text: 'run it' }));
  expect(await settled(engine, p2.id)).toBe('completed');

  const calls = log.filter((e): e is EventOf<'tool_call'> => e.type === 'tool_call' && e.decision !== null);
  expect(calls.map((c) => c.sessionId)).toEqual([first.id, second.id]);
  // Nothing is auto-allowed because of the sandbox: each call was decided by the normal flow (approved by --approve all here).
  expect(calls.every((c) => c.decision?.source !== 'sandbox')).toBe(true);
  const off = log.filter((e): e is EventOf<'sandbox_off'> => e.type === 'sandbox_off');
  expect(off).toHaveLength(1);
  expect(off[0]?.sessionId).toBe(first.id);
  expect(off[0]?.reason).toBe(MISSING);
  expect(off[0]?.reasonMsg.key).toBe('sandbox.unavailable.programs');
  // Stored with the session, and shown as a transcript note saying what is missing and how to install it.
  const stored = unwrap(await engine.handlers['session.events']({ session: first.id }));
  expect(stored.some((e) => e.type === 'sandbox_off')).toBe(true);
  const note = eventNote(off[0] as EventOf<'sandbox_off'>);
  expect(note?.tone).toBe('warn');
  expect(english(note!.msg)).toBe(`The sandbox is on in the settings but cannot run here, so shell commands take the normal permission flow: ${MISSING}`);
  // `paragents run` prints it as a line of the session, in the reader's language.
  expect(eventTextLine(off[0] as EventOf<'sandbox_off'>)).toContain(`The sandbox is on in the settings but cannot run here, so shell commands take the normal permission flow: ${MISSING}`);
  expect(eventTextLine(off[0] as EventOf<'sandbox_off'>, 'zh-CN')).toContain('沙箱需要 bwrap，但本机没有：请用 `sudo apt-get install -y bubblewrap` 安装。');
  // The header of either session says the same.
  expect(unwrap(await engine.handlers['sandbox.session']({ session: second.id }))).toEqual({
    sandboxed: false,
    enabled: true,
    enabledSource: 'user',
    reason: MISSING,
    reasonMsg: off[0]?.reasonMsg,
  });
});
