import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

/** Sources the printed script in a real bash and asks it to complete the words as typed. */
function bashComplete(script: string, words: string[]): string[] {
  const line = words.map((w) => `'${w}'`).join(' ');
  const program = `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _paragents; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((w) => w !== '');
}

afterEach(cleanupTempDirs);

describe('paragents completion', () => {
  it('prints a bash script that completes commands, subcommands and flag values', async () => {
    const home = tempDir();
    const r = await runCli(['completion', 'bash'], { home });
    expect(r.code).toBe(0);
    expect(bashComplete(r.stdout, ['paragents', 'se'])).toEqual(['sessions', 'serve']);
    expect(bashComplete(r.stdout, ['paragents', 'sessions', 'l'])).toEqual(['list']);
    expect(bashComplete(r.stdout, ['paragents', 'run', '--on-c'])).toEqual(['--on-conflict']);
    expect(bashComplete(r.stdout, ['paragents', 'run', '--approve', ''])).toEqual(['ask', 'all', 'never']);
    expect(bashComplete(r.stdout, ['paragents', 'app'])).toEqual(['approvals', 'approve']);
    expect(bashComplete(r.stdout, ['paragents', 'approve', 'abc123', '--'])).toEqual(['--session', '--always']);
    expect(bashComplete(r.stdout, ['paragents', 'deny', 'abc123', '--'])).toEqual(['--message']);
    expect(bashComplete(r.stdout, ['paragents', 'att'])).toEqual(['attach']);
  });

  it('prints zsh and fish scripts naming every command', async () => {
    const home = tempDir();
    const zsh = await runCli(['completion', 'zsh'], { home });
    const fish = await runCli(['completion', 'fish'], { home });
    expect(zsh.code).toBe(0);
    expect(zsh.stdout).toContain('#compdef paragents');
    expect(fish.code).toBe(0);
    for (const command of ['run', 'sessions', 'serve', 'journal', 'completion', 'attach', 'approvals', 'approve', 'deny']) {
      expect(zsh.stdout).toMatch(new RegExp(`\\b${command}\\b`));
      expect(fish.stdout).toContain(`__fish_seen_subcommand_from ${command}`);
    }
  });

  it('refuses an unknown shell in one sentence with exit 2', async () => {
    const home = tempDir();
    const r = await runCli(['completion', 'powershell'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('paragents completion: "powershell" is not a shell with completion here; use bash, zsh or fish');
  });
});
