// The floors of main/core are held by the lint: main/core/kernel/ imports nothing above it, the services
// (conflicts, cost, worktree, policy) never import the engine, and the engine takes the kernel's pieces.
import { ESLint } from 'eslint';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const configFile = path.join(root, 'eslint.config.js');

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (source: string): string => `import type { X } from '${source}';\nexport type Y = X;\n`;

/** How deep the .ts files under a folder go (main/core/kernel/x.ts is 1). */
function depthOf(dir: string, depth = 1): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) max = Math.max(max, depthOf(path.join(dir, e.name), depth + 1));
    else if (e.name.endsWith('.ts')) max = Math.max(max, depth);
  }
  return max;
}

describe('the floors of main/core', () => {
  it('refuses a kernel file that imports the engine, naming the floors', async () => {
    const found = await lint('main/core/kernel/probe.ts', importing('../engine/x'));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('main/core/kernel/ is the bottom floor');
    expect(found[0]).toContain('engine, conflicts, cost, worktree, policy');
    // And any service above it, by a relative path or a path through core/.
    expect(await lint('main/core/kernel/probe.ts', importing('../tools/prepare'))).toHaveLength(1);
    expect(await lint('main/core/kernel/probe.ts', importing('../../../main/core/conflicts'))).toHaveLength(1);
  });

  it('refuses a conflicts file (and the other services) that imports the engine', async () => {
    const found = await lint('main/core/conflicts/probe.ts', importing('../engine/x'));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('never import main/core/engine/');
    expect(await lint('main/core/cost/probe.ts', importing('../engine'))).toHaveLength(1);
    expect(await lint('main/core/policy/rules/probe.ts', importing('../../engine/x'))).toHaveLength(1);
    // The policy's own engine.ts is not the engine floor.
    expect(await lint('main/core/policy/probe.ts', importing('./engine'))).toEqual([]);
    expect(await lint('main/core/policy/rules/probe.ts', importing('../engine'))).toEqual([]);
  });

  it('lets the engine and the services take the kernel', async () => {
    expect(await lint('main/core/engine/probe.ts', importing('../kernel/slots'))).toEqual([]);
    expect(await lint('main/core/conflicts/probe.ts', importing('../kernel/slots'))).toEqual([]);
    expect(await lint('main/core/kernel/probe.ts', importing('./slots'))).toEqual([]);
  });

  it('still refuses electron in the kernel and the services (the main/core block\'s patterns are kept)', async () => {
    const found = await lint('main/core/kernel/probe.ts', "import { app } from 'electron';\nexport const a = app;\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('main/core/ runs under plain Node: no electron, no adapters.');
    expect(await lint('main/core/conflicts/probe.ts', importing('../../electron/x'))).toHaveLength(1);
  });

  it('holds every file of the floors: none is deeper than the blocks reach', async () => {
    const { FLOOR_DEPTH, FLOOR_FOLDERS } = (await import(configFile)) as { FLOOR_DEPTH: number; FLOOR_FOLDERS: string[] };
    expect(FLOOR_FOLDERS).toEqual(expect.arrayContaining(['kernel', 'conflicts', 'cost', 'worktree', 'policy']));
    for (const f of FLOOR_FOLDERS) expect(depthOf(path.join(root, 'main/core', f)), f).toBeLessThanOrEqual(FLOOR_DEPTH);
  });
});
