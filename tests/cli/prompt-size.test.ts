// A prompt's size limit is the contract's, whatever carries the prompt: `paragents run` hosting its own engine,
// `run` joined to a real `paragents serve`, `--parallel` (checked with the whole file before anything is created),
// and an in-process call of the engine's handlers. Real processes, real SQLite, the scripted model over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../main/core/engine';
import { connectLocalEndpoint } from '../../main/local/endpoint-client';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import { killCliProcesses, startCli, type CliProcess } from './cli-process';
import { useEngineFixture } from '../helpers/engine-fixture';

const LIMIT = 200_000;
const TOO_LONG = 'x'.repeat(LIMIT + 1);
const SENTENCE = `the prompt is ${LIMIT + 1} characters long; a prompt may have at most ${LIMIT}`;

const fx = useEngineFixture({ scope: 'file', script: { rules: [{ when: 'hello', steps: [{ content: 'hi' }] }] } });
afterEach(() => killCliProcesses());

/** Sessions and prompts stored in the data folder's database, read with SQLite itself. */
function stored(home: string): { sessions: number; prompts: number } {
  const file = join(home, 'paragents.db');
  if (!existsSync(file)) return { sessions: 0, prompts: 0 };
  const db = new Database(file, { readonly: true });
  try {
    const count = (table: string): number => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { sessions: count('sessions'), prompts: count('prompts') };
  } finally {
    db.close();
  }
}

async function listedSessions(home: string): Promise<unknown[]> {
  const list = await runCli(['sessions', 'list', '--all', '--json'], { home });
  expect(list.code, list.stderr).toBe(0);
  return list.stdout.split('\n').filter((l) => l.startsWith('{'));
}

async function startServe(home: string): Promise<{ serve: CliProcess; stop(): Promise<void> }> {
  const serve = startCli(['serve'], { home });
  await serve.waitFor('stdout', /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/);
  return {
    serve,
    async stop() {
      serve.child.kill('SIGINT');
      expect((await serve.exited).code).toBe(0);
    },
  };
}

function promptFile(text: string): string {
  const file = join(tempDir(), 'prompt.txt');
  writeFileSync(file, text);
  return file;
}

function parallelFile(ws: string): string {
  const file = join(tempDir(), 'jobs.json');
  writeFileSync(
    file,
    JSON.stringify({
      sessions: [
        { name: 'first', workspace: ws, prompt: 'hello' },
        { name: 'second', workspace: ws, prompt: 'hello' },
        { name: 'third', workspace: ws, prompt: TOO_LONG },
      ],
    }),
  );
  return file;
}

/** The one refusal line of a run, without the engine's own notes. */
const refusal = (stderr: string): string => stderr.split('\n').filter((l) => l.includes(SENTENCE)).join('\n');

describe('a prompt over the contract limit is refused the same way on every path, and nothing is stored', () => {
  it('run hosting its own engine: from a file and from stdin', async () => {
    const home = fx.home();
    const ws = tempDir();
    const fromFile = await runCli(['run', '--workspace', ws, '--session', 'big', '--prompt-file', promptFile(TOO_LONG), '--approve', 'never'], { home });
    expect(fromFile.code, fromFile.stderr).toBe(2);
    expect(fromFile.stderr).toContain(`--prompt-file: ${SENTENCE}`);
    const fromStdin = await runCli(['run', '--workspace', ws, '--prompt-file', '-', '--approve', 'never'], { home, input: TOO_LONG });
    expect(fromStdin.code, fromStdin.stderr).toBe(2);
    expect(fromStdin.stderr).toContain(`--prompt-file: ${SENTENCE}`);
    expect(fromStdin.stderr).not.toMatch(/\n\s+at /);
    expect(stored(home)).toEqual({ sessions: 0, prompts: 0 });
    expect(await listedSessions(home)).toEqual([]);
  });

  it('--prompt-file takes one prompt: an empty one and one given twice are refused before anything is created', async () => {
    const home = fx.home();
    const ws = tempDir();
    const empty = await runCli(['run', '--workspace', ws, '--prompt-file', promptFile(''), '--approve', 'never'], { home });
    expect(empty.code, empty.stderr).toBe(2);
    expect(empty.stderr).toContain('--prompt-file: the prompt is empty');
    const twice = await runCli(['run', '--workspace', ws, '--prompt', 'hello', '--prompt-file', promptFile('hello')], { home });
    expect(twice.code, twice.stderr).toBe(2);
    expect(twice.stderr).toContain('--prompt and --prompt-file both give the prompt; give one of them');
    expect(stored(home)).toEqual({ sessions: 0, prompts: 0 });
  });

  it('run joined to a real serve: the same sentence and exit status; nothing is stored', async () => {
    const home = fx.home();
    const ws = tempDir();
    const hosted = await runCli(['run', '--workspace', ws, '--prompt-file', promptFile(TOO_LONG), '--approve', 'never'], { home });
    const served = await startServe(home);
    const joined = await runCli(['run', '--workspace', ws, '--prompt-file', promptFile(TOO_LONG), '--approve', 'never'], { home });
    expect(joined.code, joined.stderr).toBe(hosted.code);
    expect(joined.code).toBe(2);
    expect(refusal(joined.stderr)).toBe(refusal(hosted.stderr));
    expect(refusal(joined.stderr)).not.toBe('');
    expect(await listedSessions(home)).toEqual([]);
    expect(stored(home)).toEqual({ sessions: 0, prompts: 0 });
    await served.stop();
  });

  it('--parallel whose third entry is too long creates nothing, hosted and joined', async () => {
    const home = fx.home();
    const ws = tempDir();
    const file = parallelFile(ws);
    const hosted = await runCli(['run', '--parallel', file, '--approve', 'never'], { home });
    expect(hosted.code, hosted.stderr).toBe(2);
    expect(hosted.stderr).toContain(`${file} has a problem; nothing was created`);
    expect(hosted.stderr).toContain(`${file}: sessions[2]: ${SENTENCE}`);
    expect(stored(home)).toEqual({ sessions: 0, prompts: 0 });

    const served = await startServe(home);
    const joined = await runCli(['run', '--parallel', file, '--approve', 'never'], { home });
    expect(joined.code, joined.stderr).toBe(2);
    expect(refusal(joined.stderr)).toBe(refusal(hosted.stderr));
    expect(await listedSessions(home)).toEqual([]);
    expect(stored(home)).toEqual({ sessions: 0, prompts: 0 });
    await served.stop();
  });

  it("an in-process call of the engine's handlers is refused with the sentence serve's endpoint gives", async () => {
    const home = fx.home();
    const ws = tempDir();
    const served = await startServe(home);
    const link = await connectLocalEndpoint({ home, env: {}, tmpdir: tmpdir() });
    if (!link.ok || !link.value) throw new Error('serve has no local endpoint');
    const session = await link.value.handlers['session.create']({ workspace: ws });
    if (!session.ok) throw new Error(session.error.message);
    const overEndpoint = await link.value.handlers['prompt.send']({ session: session.value.id, text: TOO_LONG });
    await link.value.close();
    await served.stop();

    const engine = await createEngine({ home, env: {}, recover: false });
    try {
      const inProcess = await engine.handlers['prompt.send']({ session: session.value.id, text: TOO_LONG });
      expect(inProcess.ok).toBe(false);
      expect(overEndpoint.ok).toBe(false);
      if (inProcess.ok || overEndpoint.ok) return;
      expect(inProcess.error).toEqual(overEndpoint.error);
      expect(inProcess.error.kind).toBe('invalid_input');
      expect(inProcess.error.message).toContain(`at most ${LIMIT} characters`);
      const edit = await engine.handlers['prompt.edit']({ prompt: 'nothing', text: TOO_LONG });
      expect(edit.ok).toBe(false);
    } finally {
      await engine.close();
    }
    expect(stored(home)).toEqual({ sessions: 1, prompts: 0 });
  });
});
