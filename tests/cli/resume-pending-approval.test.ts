import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { BIN, runCli } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      {
        when: 'write the notes',
        steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'notes.md', content: '# notes\n' } }] }, { content: 'notes written' }],
      },
    ],
  },
});

/** Starts `run --approve ask` and kills it with SIGKILL once its approval question is on the terminal. */
function runUntilAsked(home: string, ws: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--workspace', ws, '--prompt', 'write the notes', '--session', 'notes', '--approve', 'ask'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('allow? [y]es once')) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`run ended before asking:\n${stderr}`))));
  });
}

describe('resume --approve ask', () => {
  it('asks on the terminal for an approval its interrupted turn was already waiting on', async () => {
    const home = fx.home();
    const ws = tempDir();
    await runUntilAsked(home, ws);
    const r = await runCli(['resume', 'notes', '--approve', 'ask'], { home, input: 'y\n' });
    expect(r.stderr).toContain('allow? [y]es once');
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(ws, 'notes.md'))).toBe(true);
    expect(readFileSync(join(ws, 'notes.md'), 'utf8')).toBe('# notes\n');
  });
});
