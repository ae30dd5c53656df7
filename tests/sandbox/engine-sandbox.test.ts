// The sandbox through the whole engine (scripted model, real policy, real bubblewrap): with the sandbox on in
// the user's settings, a build-like command runs without a card even under --approve never, a write outside the
// session is refused by the OS with nothing written, the model is told the path, and a sandbox_violation event
// names it; another session's workspace is out of reach; with the sandbox off the same command is refused.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import type { EventOf } from '../../shared/events';

const fx = useEngineFixture();

/** A data folder whose user settings turn the sandbox on (or leave it off). */
function home(sandbox: Record<string, unknown> | null): string {
  const h = fx.home();
  if (sandbox) writeFileSync(join(h, 'settings.json'), JSON.stringify({ sandbox }));
  return h;
}

/** Whether the model was offered Bash's dangerouslyDisableSandbox in its first request. */
function offeredOutside(): boolean {
  const first = fx.server.requests.find((r) => r.method === 'POST')?.body as { tools: { function: { name: string; parameters: { properties: object } } }[] };
  const bash = first.tools.find((t) => t.function.name === 'Bash');
  return Object.hasOwn(bash?.function.parameters.properties ?? {}, 'dangerouslyDisableSandbox');
}

/** The model runs `command` with Bash, then says done. */
function script(command: string): void {
  fx.server.setScript({
    rules: [{ when: 'run it', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command } }] }, { content: 'done' }] }],
  });
}

describe('with the sandbox on', () => {
  it('runs a command without a card under --approve never, and refuses a write outside the session', async () => {
    const outside = tempDir('paragents-outside-');
    const ws = tempDir('paragents-ws-');
    script(`echo built > dist.txt && node -e "require('fs').writeFileSync('${outside}/escaped.txt', 'x')"`);
    const engine = await fx.open({ home: home({ enabled: true }), approvals: 'never', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run it' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const call = log.find((e): e is EventOf<'tool_call'> => e.type === 'tool_call' && e.decision !== null);
    expect(call?.decision?.decision).toBe('auto_approved');
    expect(call?.decision?.source).toBe('sandbox');
    expect(readFileSync(join(ws, 'dist.txt'), 'utf8')).toBe('built\n');
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
    const result = log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result');
    expect(result?.ok).toBe(false);
    expect(result?.error).toContain(`- write ${outside}/escaped.txt`);
    const violations = log.filter((e): e is EventOf<'sandbox_violation'> => e.type === 'sandbox_violation');
    expect(violations.map((v) => [v.kind, v.target, v.callId])).toEqual([['write', `${outside}/escaped.txt`, call?.callId]]);
    expect(offeredOutside()).toBe(true);
    // What the model read next names the path too.
    const next = fx.server.requests.filter((r) => r.method === 'POST').at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(next.messages.at(-1)?.content).toContain(`${outside}/escaped.txt`);
  });

  it("keeps a session out of another session's workspace", async () => {
    const mine = tempDir('paragents-ws-');
    const theirs = tempDir('paragents-ws-');
    script(`echo x > ${theirs}/taken.txt`);
    const engine = await fx.open({ home: home({ enabled: true }), approvals: 'never', env: { PATH: process.env.PATH } });
    unwrap(await engine.handlers['session.create']({ workspace: theirs, name: 'theirs' }));
    const s = unwrap(await engine.handlers['session.create']({ workspace: mine, name: 'mine' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run it' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(existsSync(join(theirs, 'taken.txt'))).toBe(false);
    // The sandbox view of the session: confined, its own folders writable, the other session's denied, one refusal.
    const status = unwrap(await engine.handlers['sandbox.status']({ session: 'mine' }));
    expect(status).toMatchObject({ available: true, enabled: true, sandboxed: true, violations: 1, workspace: mine });
    expect(status.writeRoots).toContain(mine);
    expect(status.writeRoots.some((r) => r.endsWith(join('sandbox-tmp', s.id)))).toBe(true);
    expect(status.denyWrite).toContain(theirs);
  });
});

it('with the sandbox off, the same command is refused under --approve never', async () => {
  const ws = tempDir('paragents-ws-');
  script('echo built > dist.txt');
  const engine = await fx.open({ home: home(null), approvals: 'never', env: { PATH: process.env.PATH } });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run it' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const call = log.find((e): e is EventOf<'tool_call'> => e.type === 'tool_call' && e.decision !== null);
  expect(call?.decision?.decision).toBe('blocked');
  expect(existsSync(join(ws, 'dist.txt'))).toBe(false);
  expect(offeredOutside()).toBe(false);
});
