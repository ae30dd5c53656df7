// `kill -9` of `paragents run` in the middle of a Write: the temp file the write was filling is left in the
// workspace (where `git add -A` would pick it up) until the next engine start removes it, because its name was
// recorded before it was created. Nothing else that looks like a temp file is touched.
//
// The gate: the test watches the workspace (inotify through fs.watch) and stops the engine with SIGSTOP the moment
// the temp file appears, checks that it is there, then sends SIGKILL. A stopped process cannot rename or remove
// its temp file, so the kill lands while the file exists, whatever the machine's speed; the content is large
// (tens of MB, fsynced) only so the file is still there when the watcher's event arrives.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { BIN, jsonLines, runCli } from '../helpers/cli';

afterAll(() => cleanupTempDirs());

const CONTENT_BYTES = 48 * 1024 * 1024;
const TEMP_NAME = /^\.big\.txt\.[0-9a-f]+\.tmp$/;

async function server(): Promise<ModelServer> {
  return startModelServer({
    script: {
      chunkSize: 4 * 1024 * 1024,
      rules: [
        {
          when: 'write the huge file',
          steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'big.txt', content: 'z'.repeat(CONTENT_BYTES) } }] }, { content: 'gave up on the write' }],
        },
      ],
    },
  });
}

/**
 * Runs `paragents run --json` in a real child process; the moment a temp file of big.txt appears in the workspace
 * the process is stopped (SIGSTOP), the file's presence checked, and the process killed with SIGKILL. Resolves
 * with the temp file's name.
 */
function runAndKillMidWrite(home: string, ws: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--workspace', ws, '--prompt', 'write the huge file', '--session', 'big', '--approve', 'all', '--json'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let caught: string | null = null;
    let missed: string | null = null;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const watcher = watch(ws, (_event, name) => {
      if (caught !== null || missed !== null || typeof name !== 'string' || !TEMP_NAME.test(name)) return;
      child.kill('SIGSTOP');
      if (existsSync(join(ws, name))) caught = name;
      else missed = name;
      child.kill('SIGKILL');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      watcher.close();
      if (caught !== null && signal === 'SIGKILL') resolve(caught);
      else if (missed !== null) reject(new Error(`the write renamed ${missed} before the process could be stopped; make the content larger`));
      else reject(new Error(`the run ended (${String(signal)}) without a temp file of big.txt appearing:\n${stderr}`));
    });
  });
}

describe('kill -9 during a Write', () => {
  it('leaves the temp file until the next engine start, which removes it and nothing else', async () => {
    const model = await server();
    try {
      const home = makeHome(model.url);
      const ws = tempDir();
      // Files named like temp files that no engine recorded: a person's, or another program's.
      const lookalike = '.notes.txt.0123456789ab.tmp';
      const alsoBig = '.big.txt.abcdefabcdef.tmp';
      writeFileSync(join(ws, lookalike), 'mine');
      mkdirSync(join(ws, 'sub'));
      writeFileSync(join(ws, 'sub', alsoBig), 'mine too');

      const temp = await runAndKillMidWrite(home, ws);
      expect(existsSync(join(ws, temp))).toBe(true);
      expect(statSync(join(ws, temp)).size).toBeLessThanOrEqual(CONTENT_BYTES);
      expect(existsSync(join(ws, 'big.txt'))).toBe(false);

      // The next engine start removes the recorded temp file; the interrupted Write is answered, not run again.
      const resumed = await runCli(['resume', 'big', '--approve', 'all', '--json'], { home, timeoutMs: 120_000 });
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      expect(existsSync(join(ws, temp))).toBe(false);
      const results = jsonLines(resumed.stdout).filter((e) => e.type === 'tool_result');
      expect(results.map((e) => e.error)).toEqual([expect.stringContaining('interrupted by a restart')]);
      expect(jsonLines(resumed.stdout).find((e) => e.type === 'turn_completed')?.content).toBe('gave up on the write');

      // Nothing else was removed.
      expect(readdirSync(ws).sort()).toEqual([lookalike, 'sub'].sort());
      expect(readdirSync(join(ws, 'sub'))).toEqual([alsoBig]);
    } finally {
      await model.close();
    }
  }, 240_000);
});
