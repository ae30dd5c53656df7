import { spawn } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bashTool } from '../../main/core/tools/bash';
import { OutputCapture } from '../../main/core/tools/output-capture';
import { killProcessTree } from '../../main/core/tools/process-tree';
import { pidWritten } from '../helpers/wait-file';
import { ctxFor, errorOf, isAlive, makeWorkspace, okOutput, waitGone } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
const leftovers: number[] = [];
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(async () => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await ws.cleanup();
});

const bash = (command: string, timeout_ms?: number, signal?: AbortSignal) =>
  bashTool.run(timeout_ms === undefined ? { command } : { command, timeout_ms }, ctxFor(ws.dir, signal));

async function readPid(name: string): Promise<number> {
  const pid = Number((await readFile(path.join(ws.dir, name), 'utf8')).trim());
  expect(pid).toBeGreaterThan(1);
  leftovers.push(pid);
  return pid;
}


describe('Bash', () => {
  it('returns combined stdout and stderr on success, running in the workspace', async () => {
    expect(okOutput(await bash('echo out; echo err >&2'))).toBe('out\nerr\n');
    expect(okOutput(await bash('pwd -P')).trim()).toBe(await realpath(ws.dir));
    expect(okOutput(await bash('true'))).toBe('(no output)');
  });

  it('reports a non-zero exit as an error carrying the output', async () => {
    expect(errorOf(await bash('echo partial; echo boom >&2; exit 3'))).toBe('Command exited with code 3.\npartial\nboom\n');
  });

  it('reports death by signal', async () => {
    expect(errorOf(await bash('echo x; kill -9 $$'))).toBe('Command was killed by signal SIGKILL.\nx\n');
  });

  it('has no stdin and inherits the environment', async () => {
    process.env.PARAGENTS_TOOLS_TEST = 'inherited';
    try {
      expect(okOutput(await bash('cat; echo "[$PARAGENTS_TOOLS_TEST]"'))).toBe('[inherited]\n');
    } finally {
      delete process.env.PARAGENTS_TOOLS_TEST;
    }
  });

  it('keeps the head and tail of long output and says how much was cut', async () => {
    const r = await bash('for i in $(seq 1 20000); do echo "line $i"; done');
    const out = okOutput(r);
    expect(out.startsWith('line 1\nline 2\n')).toBe(true);
    expect(out.endsWith('line 19999\nline 20000\n')).toBe(true);
    const total = Array.from({ length: 20000 }, (_, i) => `line ${i + 1}\n`).join('').length;
    expect(out).toContain(`[… ${total - 30_000} bytes of output omitted`);
    expect(out.length).toBeLessThan(31_000);
    expect(r.ok && r.truncated).toBe(true);
  });

  it('on timeout kills the whole process tree and says so', async () => {
    const r = await bash(
      'sleep 300 & echo $! > bg.pid; (sleep 300; true) & echo $! > sub.pid; echo $$ > sh.pid; echo started; sleep 300',
      500,
    );
    expect(errorOf(r)).toMatch(/^Command timed out after 500 ms and was stopped .*\nstarted\n$/s);
    for (const name of ['bg.pid', 'sub.pid', 'sh.pid']) {
      const pid = await readPid(name);
      expect(await waitGone(pid), `${name} (${pid}) should be dead`).toBe(true);
    }
  });

  it('escalates to SIGKILL when the command ignores SIGTERM', async () => {
    const r = await bash("trap '' TERM; echo $$ > sh.pid; while true; do sleep 0.1; done", 300);
    expect(errorOf(r)).toMatch(/timed out after 300 ms/);
    expect(await waitGone(await readPid('sh.pid'))).toBe(true);
  });

  it('stops promptly when aborted mid-run', async () => {
    const ac = new AbortController();
    const running = bash('sleep 300 & echo $! > bg.pid; echo $$ > sh.pid; sleep 300', undefined, ac.signal);
    // The command is running once it has written its pid.
    await pidWritten(path.join(ws.dir, 'sh.pid'));
    const bg = await readPid('bg.pid');
    const sh = await readPid('sh.pid');
    expect(isAlive(bg)).toBe(true);
    ac.abort();
    expect(errorOf(await running)).toMatch(/^Command was cancelled\./);
    expect(await waitGone(bg)).toBe(true);
    expect(await waitGone(sh)).toBe(true);
  });

  it('refuses to start when already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(errorOf(await bash('echo hi > ran.txt', undefined, ac.signal))).toMatch(/cancelled before it started/);
    await expect(readFile(path.join(ws.dir, 'ran.txt'))).rejects.toThrow();
  });

  it('resolves even when a background process keeps the output pipe open', async () => {
    // The background sleep outlives the test's own time limit, so resolving at all shows the pipe was not awaited.
    const r = await bash('sleep 300 & echo $! > bg.pid; echo done');
    expect(okOutput(r)).toMatch(/^done\n\n\(Background processes started by the command are still running/);
    await readPid('bg.pid');
  });

  it('explains a missing workspace', async () => {
    const r = await bashTool.run({ command: 'true' }, ctxFor(path.join(ws.dir, 'gone')));
    expect(errorOf(r)).toMatch(/workspace folder .* does not exist/);
  });

  it('declares the command as its one effect', () => {
    expect(bashTool.effects({ command: 'rm -rf build' }, { workspace: '/w', home: '/home/u' })).toEqual([{ kind: 'shell', command: 'rm -rf build' }]);
  });
});

describe('killProcessTree', () => {
  it('kills a detached group including grandchildren', async () => {
    const child = spawn('bash', ['-c', 'sleep 300 & echo $!; sleep 300'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const grandchild = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString()))));
    const pid = child.pid ?? 0;
    leftovers.push(pid, grandchild);
    expect(isAlive(grandchild)).toBe(true);
    await killProcessTree(pid, { graceMs: 1000 });
    expect(await waitGone(pid)).toBe(true);
    expect(await waitGone(grandchild)).toBe(true);
    child.stdout.destroy();
  });

  it('does nothing for a pid that no longer exists', async () => {
    const child = spawn('true', { detached: true, stdio: 'ignore' });
    await new Promise((r) => child.once('exit', r));
    await expect(killProcessTree(child.pid ?? 0)).resolves.toBeUndefined();
  });
});

describe('OutputCapture', () => {
  it('keeps everything under the cap and head + tail over it', () => {
    const small = new OutputCapture(4, 3);
    small.push(Buffer.from('abc'));
    small.push(Buffer.from('defg'));
    expect(small.text()).toBe('abcdefg');
    const big = new OutputCapture(4, 3);
    for (const part of ['ab', 'cdef', 'ghij', 'klmn', 'op']) big.push(Buffer.from(part));
    expect(big.omitted).toBe(16 - 7);
    expect(big.text()).toBe('abcd\n[… 9 bytes of output omitted; showing the first 4 and last 3 bytes …]\nnop');
  });
});
