import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { createEngine } from '../../main/core/engine';
import { main } from '../../main/cli/main';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';

let server: ModelServer;

beforeEach(async () => {
  server = await startModelServer({ script: { rules: [] } });
});
afterEach(async () => {
  await server.close();
  cleanupTempDirs();
});

async function cli(home: string, args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdin: Readable.from(['']), stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: {}, home });
  return { code, out, err };
}

describe('sessions list shows each session mode and where it came from', () => {
  it("the settings' mode for a session nobody picked one for, the pick for the others", async () => {
    const home = makeHome(server.url);
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
    const engine = await createEngine({ home, env: {}, recover: false });
    const follows = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'follows' }));
    const picked = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'picked', mode: 'plan' }));
    await engine.close();

    const list = await cli(home, ['sessions', 'list']);
    expect(list.code).toBe(0);
    const line = (ref: string): string => list.out.find((l) => l.startsWith(ref)) ?? '';
    expect(line(follows.ref)).toContain('mode=acceptEdits (from user settings)');
    expect(line(picked.ref)).toContain('mode=plan (chosen for this session)');

    const json = await cli(home, ['sessions', 'list', '--json']);
    const rows = json.out.map((l) => JSON.parse(l) as { ref: string; mode: string; modeSource: string });
    expect(rows.map((r) => [r.ref, r.mode, r.modeSource])).toEqual([
      [follows.ref, 'acceptEdits', 'user'],
      [picked.ref, 'plan', 'session'],
    ]);

    const show = await cli(home, ['sessions', 'show', 'follows']);
    expect(show.out[0]).toContain('mode acceptEdits (from user settings)');
  });
});
