import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { runCli } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({ scope: 'file', script: { rules: [{ when: 'hello', steps: [{ content: 'hi' }] }] } });

function parallelFile(sessions: unknown[]): string {
  const file = join(tempDir(), 'jobs.json');
  writeFileSync(file, JSON.stringify({ sessions }));
  return file;
}

async function sessionNames(home: string): Promise<string[]> {
  const list = await runCli(['sessions', 'list', '--all', '--json'], { home });
  expect(list.code).toBe(0);
  return list.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { name: string | null }).name ?? '-');
}

describe('paragents run --parallel checks the whole file before creating anything', () => {
  it('lists every problem in one error, exits 2 and creates no session', async () => {
    const home = fx.home();
    const ws = tempDir();
    const other = tempDir();
    // A session bound to another workspace already exists.
    const first = await runCli(['run', '--workspace', other, '--session', 'taken', '--prompt', 'hello', '--approve', 'never'], { home });
    expect(first.code).toBe(0);
    const file = parallelFile([
      { name: 'a', workspace: ws, prompt: 'hello' },
      { name: 'b', workspace: ws, prompt: 'hello' },
      { name: 'a', workspace: ws, prompt: 'hello' },
      { name: 'c', workspace: join(ws, 'missing'), prompt: 'hello' },
      { name: 'taken', workspace: ws, prompt: 'hello' },
    ]);
    const r = await runCli(['run', '--parallel', file, '--approve', 'never'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file} has 3 problems; nothing was created`);
    expect(r.stderr).toContain(`sessions[2]: the name "a" is already used by ${file}: sessions[0]; names must be unique`);
    expect(r.stderr).toContain(`sessions[3]: the workspace folder ${join(ws, 'missing')} does not exist`);
    expect(r.stderr).toContain(`sessions[4]: the session "taken" belongs to the workspace ${other}, not ${ws}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(await sessionNames(home)).toEqual(['taken']);
  });

  it('a valid file still runs every entry', async () => {
    const home = fx.home();
    const ws = tempDir();
    const file = parallelFile([
      { name: 'x', workspace: ws, prompt: 'hello' },
      { name: 'y', workspace: ws, prompt: 'hello' },
    ]);
    const r = await runCli(['run', '--parallel', file, '--approve', 'never'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect((await sessionNames(home)).sort()).toEqual(['x', 'y']);
  });
});
