import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliIn as cli } from './in-process';
import { tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({ script: { rules: [] }, engine: { recover: false } });

describe('sessions list shows each session mode and where it came from', () => {
  it("the settings' mode for a session nobody picked one for, the pick for the others", async () => {
    const home = fx.home();
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
    const engine = await fx.open({ home });
    const follows = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'follows' }));
    const picked = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'picked', mode: 'plan' }));
    await fx.close(engine);

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
