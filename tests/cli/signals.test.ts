import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines, runCli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import { killHosts, startHost } from '../local/host-process';
import { killCliProcesses, liveGroupMembers, processGone, startCli, type CliProcess } from './cli-process';
import { STUBBORN, stubbornPid } from './stubborn';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: { rules: [{ when: 'start the stubborn job', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: STUBBORN } }] }, { content: 'never reached' }] }] },
});
afterEach(() => {
  killCliProcesses();
  killHosts();
});

interface Stubborn {
  pid: number;
  /** The process group the Bash tool started (the stubborn child is in it). */
  pgid: number;
}

/** Waits until the tool's child has written its pid (the Bash call is running), and reads its process group. */
async function stubbornStarted(ws: string): Promise<Stubborn> {
  const pid = await stubbornPid(ws);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  expect(liveGroupMembers(pgid)).toContain(pid);
  return { pid, pgid };
}

function startRun(home: string, ws: string): CliProcess {
  return startCli(['run', '--workspace', ws, '--prompt', 'start the stubborn job', '--session', 'stubborn', '--approve', 'all', '--json'], { home });
}

/** The stored record of the one prompt of session `stubborn`, and the session's status, read by fresh commands. */
async function recorded(home: string): Promise<{ promptStatus: unknown; sessionStatus: unknown; showed: string }> {
  const list = await runCli(['sessions', 'list', '--json'], { home });
  expect(list.code).toBe(0);
  const show = await runCli(['sessions', 'show', 'stubborn', '--json'], { home });
  expect(show.code).toBe(0);
  const statuses = jsonLines(show.stdout).filter((e) => e.type === 'prompt_status');
  const text = await runCli(['sessions', 'show', 'stubborn'], { home });
  return { promptStatus: statuses.at(-1)?.status, sessionStatus: jsonLines(list.stdout)[0]?.status, showed: text.stdout };
}

describe('signals: the command that holds the data folder', () => {
  it('a second Ctrl-C forces: the SIGTERM-ignoring tool is killed, the prompt recorded cancelled, the lock released, exit 130', async () => {
    const home = fx.home();
    const ws = tempDir();
    const run = startRun(home, ws);
    const stubborn = await stubbornStarted(ws);

    run.child.kill('SIGINT');
    await run.waitFor('stderr', /cancelling… press Ctrl-C again to force/);
    run.child.kill('SIGINT');
    const exit = await run.exited;

    expect(exit).toEqual({ code: 130, signal: null });
    expect(run.stderr()).toMatch(/forcing/);
    expect(processGone(stubborn.pid)).toBe(true);
    expect(liveGroupMembers(stubborn.pgid)).toEqual([]);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    // What it printed ends with the cancellation, stored before it was shown.
    expect(jsonLines(run.stdout()).map((e) => e.type)).toContain('turn_cancelled');

    const after = await recorded(home);
    expect(after.promptStatus).toBe('cancelled');
    expect(after.sessionStatus).toBe('idle');
    expect(after.showed).toMatch(/cancelled/);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)('%s cancels gracefully like a first Ctrl-C: the tool is stopped, exit 1 (a cancelled turn)', async (signal) => {
    const home = fx.home();
    const ws = tempDir();
    const run = startRun(home, ws);
    const stubborn = await stubbornStarted(ws);

    run.child.kill(signal);
    await run.waitFor('stderr', /cancelling… press Ctrl-C again to force/);
    const exit = await run.exited;

    expect(exit).toEqual({ code: 1, signal: null });
    expect(run.stderr()).not.toMatch(/forcing/);
    expect(processGone(stubborn.pid)).toBe(true);
    expect(liveGroupMembers(stubborn.pgid)).toEqual([]);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    const after = await recorded(home);
    expect(after.promptStatus).toBe('cancelled');
    expect(after.sessionStatus).toBe('idle');
  });
});

describe('signals: a command that joined a running engine', () => {
  it('a second Ctrl-C forces the cancel through the engine: its tool is killed, the prompt recorded cancelled, exit 130, the engine keeps running', async () => {
    const home = fx.home();
    const ws = tempDir();
    const host = await startHost(home, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });
    const run = startRun(home, ws);
    const stubborn = await stubbornStarted(ws);
    expect(readFileSync(join(home, 'engine.lock'), 'utf8').trim()).toBe(String(host.pid));

    run.child.kill('SIGINT');
    await run.waitFor('stderr', /cancelling… press Ctrl-C again to force/);
    run.child.kill('SIGINT');
    const exit = await run.exited;

    expect(exit).toEqual({ code: 130, signal: null });
    expect(processGone(stubborn.pid)).toBe(true);
    expect(liveGroupMembers(stubborn.pgid)).toEqual([]);
    // The engine is the host's: still running, still holding the folder, and it recorded the cancel.
    expect(host.child.exitCode).toBeNull();
    expect(readFileSync(join(home, 'engine.lock'), 'utf8').trim()).toBe(String(host.pid));
    const after = await recorded(home);
    expect(after.promptStatus).toBe('cancelled');
    expect(after.sessionStatus).toBe('idle');

    host.child.kill('SIGTERM');
    expect((await host.exited).code).toBe(0);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });
});
