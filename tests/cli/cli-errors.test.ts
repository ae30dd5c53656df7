import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli';
import { nobodyCli, runningAsRoot } from '../helpers/other-user';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(cleanupTempDirs);

const STACK = /\n\s+at /;

describe('CLI failures are one sentence naming the thing', () => {
  it('PARAGENTS_HOME pointing at a file names the variable, exit 2', async () => {
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    for (const args of [['sessions', 'list'], ['workspace', 'trust', tempDir()], ['run', '--workspace', tempDir(), '--prompt', 'p']]) {
      const r = await runCli(args, { home: file });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(`paragents ${args[0]}: PARAGENTS_HOME points at ${file}, which is a file, not a folder; set it to a folder`);
    }
  });

  it('workspace trust on a read-only data folder says which file it cannot write, without a stack trace', (ctx) => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const home = join(dir, 'home');
    const ws = join(dir, 'ws');
    mkdirSync(home);
    mkdirSync(ws);
    chmodSync(home, 0o555);
    // Root ignores file modes: run the command as the unprivileged "nobody" then, from a copy nobody can read.
    let command = [process.execPath, BIN];
    if (runningAsRoot()) {
      const cli = nobodyCli('workspace');
      if (!cli.ok) return ctx.skip(cli.reason);
      command = [...cli.command, cli.bin];
    }
    const r = spawnSync(command[0] as string, [...command.slice(1), 'workspace', 'trust', ws], {
      env: { PATH: process.env.PATH ?? '', PARAGENTS_HOME: home },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      `paragents workspace: cannot write ${join(home, 'trusted-workspaces.json')}: permission denied (is the data folder ${home} (PARAGENTS_HOME) read-only?)`,
    );
    expect(r.stderr).not.toMatch(STACK);
  });

  it('--debug (or PARAGENTS_DEBUG=1) adds the stack of an unexpected failure', async () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    // A folder where the trusted-workspaces file should be makes the write fail in every mode.
    mkdirSync(join(home, 'trusted-workspaces.json'));
    const ws = tempDir();
    const plain = await runCli(['workspace', 'trust', ws], { home });
    expect(plain.code).toBe(2);
    expect(plain.stderr).not.toMatch(STACK);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    const debug = await runCli(['workspace', 'trust', ws, '--debug'], { home });
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(STACK);
    const viaEnv = await runCli(['workspace', 'trust', ws], { home, env: { PARAGENTS_DEBUG: '1' } });
    expect(viaEnv.stderr).toMatch(STACK);
  });
});
