import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { fileWritten, pidWritten } from '../helpers/wait-file';
/** Process groups a test started, killed at the end whatever happened (a failing test must not leave them). */
const groups: number[] = [];

// The shell notes each SIGTERM it gets and goes on (its `sleep` dies of it, the loop starts another): only
// SIGKILL stops it. It writes its pid, which is its process group's id (Bash runs each command in its own group).
const STUBBORN = "trap 'echo TERM >> got-term.txt' TERM; echo $$ > pid.txt; while :; do sleep 0.1; done";

const fx = useEngineFixture({
  script: { rules: [{ when: 'stubborn', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: STUBBORN } }] }, { content: 'never here' }] }] },
  forceClose: true,
});
// Registered after the fixture, so it runs before the fixture closes the engines.
afterEach(() => {
  for (const g of groups.splice(0)) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Live (not zombie) processes whose process group is `pgid`, read from /proc as process-tree.ts does. */
function liveMembers(pgid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') found.push(Number(name));
  }
  return found;
}

/** Starts the stubborn command in a new session and resolves once it runs, with its process group. */
async function startStubborn(e: Engine): Promise<{ ws: string; promptId: string; pgid: number }> {
  const ws = tempDir();
  const s = unwrap(await e.handlers['session.create']({ workspace: ws, name: 'stubborn' }));
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'stubborn', approvals: 'all' }));
  const pgid = await pidWritten(join(ws, 'pid.txt'));
  groups.push(pgid);
  expect(liveMembers(pgid).length).toBeGreaterThan(0);
  return { ws, promptId: p.id, pgid };
}

describe('prompt.cancel with force', () => {
  it('kills the tool’s whole process group with SIGKILL, no SIGTERM first, and the prompt ends cancelled', async () => {
    const engine = await fx.open();
    const log = recordEvents(engine);
    const { ws, promptId, pgid } = await startStubborn(engine);

    unwrap(await engine.handlers['prompt.cancel']({ prompt: promptId, force: true }));
    expect(await settled(engine, promptId)).toBe('cancelled');
    expect(liveMembers(pgid)).toEqual([]);
    // It never got a SIGTERM (its trap would have written the file and kept it alive for the grace).
    expect(existsSync(join(ws, 'got-term.txt'))).toBe(false);
    const result = log.find((e) => e.type === 'tool_result' && e.promptId === promptId);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/cancelled/) });
    expect(log.find((e) => e.type === 'turn_cancelled' && e.promptId === promptId)).toMatchObject({ reason: expect.stringMatching(/forced/) });
  });

  it('cuts short a cancel already waiting for a child that ignores SIGTERM', async () => {
    const engine = await fx.open();
    const { ws, promptId, pgid } = await startStubborn(engine);

    unwrap(await engine.handlers['prompt.cancel']({ prompt: promptId }));
    // The SIGTERM arrived and the shell lives on: the cancel waits for the grace.
    await fileWritten(join(ws, 'got-term.txt'));
    const again = unwrap(await engine.handlers['prompt.cancel']({ prompt: promptId, force: true }));
    expect(['running', 'cancelled']).toContain(again.status);
    expect(await settled(engine, promptId)).toBe('cancelled');
    expect(liveMembers(pgid)).toEqual([]);
  });
});

describe('engine.close with such a child', () => {
  it('force: kills it at once, records the prompt cancelled and releases the data folder', async () => {
    const home = fx.home();
    const first = await fx.open({ home });
    const { ws, promptId, pgid } = await startStubborn(first);
    await fx.close(first);
    expect(liveMembers(pgid)).toEqual([]);
    expect(existsSync(join(ws, 'got-term.txt'))).toBe(false);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);

    const engine = await fx.open({ home, recover: false });
    const prompt = unwrap(await engine.handlers['session.get']({ session: 'stubborn' })).prompts.find((p) => p.id === promptId);
    expect(prompt?.status).toBe('cancelled');
  });

  it('without force: SIGTERM, then SIGKILL after the grace — close ends and nothing of the group is left', async () => {
    const home = fx.home();
    const engine = await fx.open({ home });
    const { ws, pgid } = await startStubborn(engine);
    await engine.close();
    expect(existsSync(join(ws, 'got-term.txt'))).toBe(true);
    expect(liveMembers(pgid)).toEqual([]);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it('a forced close during a graceful one cuts the grace short; both calls end together', async () => {
    const home = fx.home();
    const engine = await fx.open({ home });
    const { ws, pgid } = await startStubborn(engine);
    const graceful = engine.close();
    await fileWritten(join(ws, 'got-term.txt'));
    const forced = engine.close({ force: true });
    await Promise.all([graceful, forced]);
    expect(liveMembers(pgid)).toEqual([]);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });
});
