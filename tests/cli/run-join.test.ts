// Two `paragents run` on one data folder: the second joins the engine the first started. The first must keep
// that engine while the joined command still uses it, and a command whose engine goes away before its prompt
// was accepted starts or joins the next one. Real processes throughout: the scripted model server over HTTP,
// both commands, and real git, held at `worktree add` (the joined command's `session.create`, which runs in the
// first command's engine) by a gate the test opens.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import { killCliProcesses, startCli, type CliProcess } from './cli-process';
import { fileWritten } from '../helpers/wait-file';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      { when: 'hold the host line', steps: [{ content: 'host answered', gate: 'host' }] },
      { when: 'answer the joined line', steps: [{ content: 'joined answered', gate: 'joined' }] },
      { when: 'hold the second host line', steps: [{ content: 'second host answered', gate: 'host2' }] },
      { when: 'answer the rejoined line', steps: [{ content: 'rejoined answered', gate: 'rejoined' }] },
    ],
  },
});
const gates: string[] = [];
afterEach(() => {
  // A git left waiting at its gate goes on (and ends) with the test.
  for (const dir of gates.splice(0)) writeFileSync(join(dir, 'release'), '');
  killCliProcesses();
});

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/**
 * A `git` first on PATH that stops at `worktree add` until the test creates `<gate>/release` (having created
 * `<gate>/reached` on arrival), then runs the real git.
 */
function gitGate(): { env: Record<string, string>; reached: () => Promise<string>; release: () => void } {
  const dir = tempDir('paragents-git-gate-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh
case " $* " in
  *" worktree add "*)
    : > "${dir}/reached"
    while [ ! -e "${dir}/release" ]; do sleep 0.05; done ;;
esac
exec "${REAL_GIT}" "$@"
`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  gates.push(dir);
  return {
    env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
    reached: () => fileWritten(join(dir, 'reached')),
    release: () => writeFileSync(join(dir, 'release'), ''),
  };
}

/** Resolves once the host says it waits for the joined run; fails (with what the joined run said) if that run ends first. */
function hostWaitsFor(host: CliProcess, joined: CliProcess): Promise<unknown> {
  const ended = new Promise<never>((_, reject) => {
    void joined.exited.then((e) => reject(new Error(`the joined run ended (${e.code}) while the host should wait for it:\n${joined.stderr()}`)));
  });
  return Promise.race([host.waitFor('stderr', /waiting for 1 other paragents command…/), ended]);
}

/** A git repository with one commit, for a session isolated in a worktree. */
function repo(): string {
  const dir = tempDir('paragents-repo-');
  const git = (...args: string[]) => execFileSync(REAL_GIT, ['-C', dir, ...args], { stdio: 'ignore' });
  git('init', '-q');
  writeFileSync(join(dir, 'README.md'), '# repo\n');
  git('add', 'README.md');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
  return dir;
}

describe('two paragents run on one data folder', () => {
  it("keeps the first run's engine while the run that joined it is still setting up its prompt; both answers arrive", async () => {
    const home = fx.home();
    const gate = gitGate();
    const host = startCli(['run', '--workspace', tempDir(), '--prompt', 'hold the host line', '--session', 'host', '--approve', 'never'], { home, env: gate.env });
    await fx.server.reached('host');
    const joined = startCli(['run', '--workspace', repo(), '--worktree', '--prompt', 'answer the joined line', '--session', 'joined', '--approve', 'never', '--json'], { home, env: gate.env });
    // The joined run's session is being made in the host's engine: joined, its prompt not sent yet.
    await gate.reached();

    fx.server.openGate('host');
    await host.waitFor('stdout', /completed: host answered/);
    await hostWaitsFor(host, joined);
    expect(host.child.exitCode).toBeNull();

    gate.release();
    await fx.server.reached('joined');
    expect(host.child.exitCode).toBeNull();
    fx.server.openGate('joined');

    const [h, j] = await Promise.all([host.exited, joined.exited]);
    expect(joined.stderr()).toBe('');
    expect(j.code).toBe(0);
    expect(h.code).toBe(0);
    const events = jsonLines(joined.stdout());
    expect(events.map((e) => e.type)).toContain('turn_completed');
    expect(joined.stdout()).toContain('joined answered');
    expect(host.stdout()).not.toMatch(/\[S:joined\]/);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  }, 90_000);

  it('a run whose engine goes away after it joined, before its prompt was accepted, sends the prompt to the next engine', async () => {
    const home = fx.home();
    const gate = gitGate();
    const host = startCli(['run', '--workspace', tempDir(), '--prompt', 'hold the second host line', '--session', 'host', '--approve', 'never'], { home, env: gate.env });
    await fx.server.reached('host2');
    const joined = startCli(['run', '--workspace', repo(), '--worktree', '--prompt', 'answer the rejoined line', '--session', 'rejoined', '--approve', 'never', '--json'], { home, env: gate.env });
    await gate.reached();
    fx.server.openGate('host2');
    await hostWaitsFor(host, joined);

    // Ctrl-C: the host stops waiting and closes its engine. The request it is serving (the joined run's session)
    // is answered first; the prompt the joined run sends next finds the engine gone.
    host.child.kill('SIGINT');
    gate.release();
    expect((await host.exited).code).toBe(0);
    // The prompt reaches the model from the next engine: the joined run's own, which now holds the folder.
    await fx.server.reached('rejoined');
    expect(readFileSync(join(home, 'engine.lock'), 'utf8').trim()).toBe(String(joined.pid));
    fx.server.openGate('rejoined');
    const j = await joined.exited;
    expect(joined.stderr()).not.toMatch(/closed the connection/);
    expect(j.code).toBe(0);
    expect(jsonLines(joined.stdout()).map((e) => e.type)).toContain('turn_completed');
    expect(joined.stdout()).toContain('rejoined answered');
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    // Two sessions, one turn in the joined run's: nothing was made or sent twice.
    const list = startCli(['sessions', 'list', '--json'], { home });
    expect((await list.exited).code).toBe(0);
    expect(jsonLines(list.stdout()).map((s) => [s.name, s.status]).sort()).toEqual([
      ['host', 'completed'],
      ['rejoined', 'completed'],
    ]);
    const show = startCli(['sessions', 'show', 'rejoined', '--json'], { home });
    expect((await show.exited).code).toBe(0);
    expect(jsonLines(show.stdout()).filter((e) => e.type === 'turn_completed')).toHaveLength(1);
  }, 90_000);
});
