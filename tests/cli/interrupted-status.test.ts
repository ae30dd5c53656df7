// After a `kill -9` of the engine, a turn is still stored `running` until the next engine opens the data folder
// and recovers it. Every reader that runs while no live engine holds the folder (the read-only commands, their
// --json) shows such a turn `interrupted`; while the engine really runs, its readers still say `running`.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { jsonLines, runCli } from '../helpers/cli';
import { killCliProcesses, startCli } from './cli-process';

afterEach(() => killCliProcesses());
afterAll(() => cleanupTempDirs());

/** The turn's answer waits at the gate `hold`: the model's stream stays open until the test opens it (never here). */
function heldServer(): Promise<ModelServer> {
  return startModelServer({ script: { rules: [{ when: 'held', steps: [{ content: 'done holding', gate: 'hold' }] }] } });
}

/** The prompt statuses as stored, read straight from SQLite: what a reader shows must not be written back. */
function storedStatuses(home: string): string[] {
  const db = new Database(join(home, 'paragents.db'), { readonly: true });
  try {
    return (db.prepare('SELECT status FROM prompts ORDER BY created_at').all() as { status: string }[]).map((r) => r.status);
  } finally {
    db.close();
  }
}

describe('a turn left by an engine killed with SIGKILL', () => {
  let model: ModelServer | null = null;
  afterEach(async () => {
    await model?.close();
    model = null;
  });

  it('reads `running` while the engine runs, and `interrupted` in list, list --json and show once it is gone', async () => {
    model = await heldServer();
    const home = makeHome(model.url);
    const ws = tempDir();
    const run = startCli(['run', '--workspace', ws, '--prompt', 'held', '--session', 'job', '--json'], { home });
    await run.waitFor('stdout', /"type":"turn_started"/);
    await model.reached('hold');

    // The engine holds the folder and runs the turn: its readers say so.
    const live = await runCli(['sessions', 'list', '--json'], { home });
    expect(live.stderr).toBe('');
    expect(jsonLines(live.stdout).map((s) => s.status)).toEqual(['running']);

    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    expect(storedStatuses(home)).toEqual(['running']);

    const json = await runCli(['sessions', 'list', '--json'], { home });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(jsonLines(json.stdout).map((s) => [s.name, s.status])).toEqual([['job', 'interrupted']]);

    const text = await runCli(['sessions', 'list'], { home });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/\bjob\s+interrupted\s/);
    expect(text.stdout).not.toMatch(/running/);

    const show = await runCli(['sessions', 'show', 'job'], { home });
    expect(show.code).toBe(0);
    expect(show.stdout.split('\n')[0]).toMatch(/interrupted/);
    expect(show.stdout).not.toMatch(/\brunning\b/);

    // Only reading: the row stays as the dead engine left it, for the next engine to recover.
    expect(storedStatuses(home)).toEqual(['running']);
  });
});
