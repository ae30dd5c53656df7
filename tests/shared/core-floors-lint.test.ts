// The floors of main/core are held by the lint: each folder imports only folders on lower floors (CORE_FLOORS in
// eslint.config.js), so its folder graph has no circle. The lint is run on virtual files with ESLint's API; the
// folder graph of the tree as it is is computed here, from its relative imports (type-only ones too).
import { ESLint } from 'eslint';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const core = path.join(root, 'main/core');
const configFile = path.join(root, 'eslint.config.js');
const FLOOR_RULES = new Set(['no-restricted-imports', 'core-floors/import-calls']);

const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && FLOOR_RULES.has(m.ruleId)).map((m) => m.message);
}

const importing = (source: string): string => `import type { X } from '${source}';\nexport type Y = X;\n`;

interface Config { CORE_FLOORS: string[][]; FLOOR_FOLDERS: string[]; FLOOR_DEPTH: number }
const config = async (): Promise<Config> => (await import(configFile)) as Config;

/** The .ts files under a folder, with how deep each is (main/core/kernel/x.ts is 1). */
function filesOf(dir: string, depth = 1): { file: string; depth: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesOf(p, depth + 1);
    return e.name.endsWith('.ts') ? [{ file: p, depth }] : [];
  });
}

const coreFolders = (): string[] => readdirSync(core, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/** `from '…'`, `import '…'` and `import('…')` (a dynamic import or an import type) of a relative path. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g;

/** main/core's folder graph: for each folder, the other folders of main/core (or `<file>` names of files directly in it) it imports, with one importing file each. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const folder of coreFolders()) {
    const edges = new Map<string, string>();
    graph.set(folder, edges);
    for (const { file } of filesOf(path.join(core, folder))) {
      for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
        const target = path.relative(core, path.resolve(path.dirname(file), m[1] as string));
        if (target.startsWith('..') || path.isAbsolute(target)) continue;
        const [head, ...rest] = target.split(path.sep) as [string, ...string[]];
        const to = rest.length === 0 && !coreFolders().includes(head) ? `<file> ${head}` : head;
        if (to !== folder && !edges.has(to)) edges.set(to, `${path.relative(root, file)} imports '${m[1]}'`);
      }
    }
  }
  return graph;
}

/** One circle of the graph as a path (a → b → a), or null. */
function findCircle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...trail.slice(trail.indexOf(n)), n];
    state.set(n, 'open');
    trail.push(n);
    for (const to of graph.get(n)?.keys() ?? []) {
      const found = visit(to);
      if (found) return found;
    }
    trail.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const found = visit(n);
    if (found) return found;
  }
  return null;
}

describe('the floors of main/core', () => {
  it('refuses a kernel file that imports the engine, naming its floor and what it may import', async () => {
    const found = await lint('main/core/kernel/probe.ts', importing('../engine/x'));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('main/core/kernel/ is on floor 3');
    expect(found[0]).toContain('it imports only the floors below it (host-env, file-cache, store)');
    expect(found[0]).toMatch(/never .*engine/);
    // And any folder above it, by a relative path or a path through core/.
    expect(await lint('main/core/kernel/probe.ts', importing('../tools/types'))).toHaveLength(1);
    expect(await lint('main/core/kernel/probe.ts', importing('../policy/prepare'))).toHaveLength(1);
    expect(await lint('main/core/kernel/probe.ts', importing('../../../main/core/conflicts'))).toHaveLength(1);
  });

  it('refuses a conflicts file (and the other services) that imports the engine', async () => {
    const found = await lint('main/core/conflicts/probe.ts', importing('../engine/x'));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('main/core/conflicts/ is on floor');
    expect(await lint('main/core/cost/probe.ts', importing('../engine'))).toHaveLength(1);
    expect(await lint('main/core/policy/rules/probe.ts', importing('../../engine/x'))).toHaveLength(1);
    // The policy's own engine.ts is not the engine floor.
    expect(await lint('main/core/policy/probe.ts', importing('./engine'))).toEqual([]);
    expect(await lint('main/core/policy/rules/probe.ts', importing('../engine'))).toEqual([]);
  });

  it('refuses a new import up a floor, type-only or not, and an import type or dynamic import as well', async () => {
    // The store sits under the cost folder; the tools under the policy that decides on their calls.
    expect(await lint('main/core/store/probe.ts', importing('../cost/types'))).toHaveLength(1);
    expect(await lint('main/core/store/probe.ts', "import { costOf } from '../cost/types';\nexport const c = costOf;\n")).toHaveLength(1);
    expect(await lint('main/core/tools/probe.ts', importing('../policy/prepare'))).toHaveLength(1);
    expect(await lint('main/core/model/probe.ts', "export * from '../cost';\n")).toHaveLength(1);
    expect(await lint('main/core/store/probe.ts', "export type Q = import('../cost/types').PriceQuoter;\n")).toHaveLength(1);
    expect(await lint('main/core/kernel/probe.ts', "export const load = () => import('../engine');\n")).toHaveLength(1);
    // No folder imports a file directly in main/core/, the top (a new folder must be put on a floor first).
    expect(await lint('main/core/mcp/probe.ts', importing('../unsent-limit'))).toHaveLength(1);
    expect(await lint('main/core/engine/probe.ts', importing('../unsent-limit'))).toHaveLength(1);
  });

  it('refuses a new circle: the way back of every import between folders today, and one between folders of a floor', async () => {
    const graph = folderGraph();
    const { FLOOR_FOLDERS } = await config();
    let checked = 0;
    for (const [from, edges] of graph) {
      for (const to of edges.keys()) {
        if (!FLOOR_FOLDERS.includes(to)) continue;
        expect(await lint(`main/core/${to}/probe.ts`, importing(`../${from}/x`)), `${to} -> ${from}`).toHaveLength(1);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
    // context and policy share a floor: neither may import the other.
    expect(await lint('main/core/context/probe.ts', importing('../policy'))).toHaveLength(1);
    expect(await lint('main/core/policy/probe.ts', importing('../context/view'))).toHaveLength(1);
  });

  it('lets each folder take the floors below it', async () => {
    expect(await lint('main/core/engine/probe.ts', importing('../kernel/slots'))).toEqual([]);
    expect(await lint('main/core/conflicts/probe.ts', importing('../kernel/slots'))).toEqual([]);
    expect(await lint('main/core/kernel/probe.ts', importing('./slots'))).toEqual([]);
    expect(await lint('main/core/kernel/probe.ts', importing('../store/store'))).toEqual([]);
    expect(await lint('main/core/policy/shell/probe.ts', importing('../../tools/types'))).toEqual([]);
    expect(await lint('main/core/config/probe.ts', importing('../file-cache'))).toEqual([]);
    expect(await lint('main/core/store/probe.ts', importing('../../../shared/models'))).toEqual([]);
  });

  it('still refuses electron in the floors (the main/core block\'s patterns are kept)', async () => {
    const found = await lint('main/core/kernel/probe.ts', "import { app } from 'electron';\nexport const a = app;\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('main/core/ runs under plain Node: no electron, no adapters.');
    expect(await lint('main/core/conflicts/probe.ts', importing('../../electron/x'))).toHaveLength(1);
  });

  it('puts every folder of main/core on one floor, and holds every file: none is deeper than the blocks reach', async () => {
    const { CORE_FLOORS, FLOOR_DEPTH, FLOOR_FOLDERS } = await config();
    // A folder left off the list would be held by nothing: each must be put on a floor.
    for (const f of coreFolders()) expect(FLOOR_FOLDERS, f).toContain(f);
    expect(new Set(FLOOR_FOLDERS).size).toBe(FLOOR_FOLDERS.length);
    expect(CORE_FLOORS[0]).toEqual(['host-env', 'file-cache']);
    expect(CORE_FLOORS.at(-1)).toEqual(['engine']);
    for (const f of FLOOR_FOLDERS) {
      const deepest = Math.max(0, ...filesOf(path.join(core, f)).map((x) => x.depth));
      expect(deepest, f).toBeLessThanOrEqual(FLOOR_DEPTH);
    }
  });

  it('finds the tree clean: every import between folders runs down a floor, and the folder graph has no circle', async () => {
    const { CORE_FLOORS } = await config();
    const floorOf = (f: string): number => CORE_FLOORS.findIndex((floor) => floor.includes(f));
    const graph = folderGraph();
    const upward = [...graph].flatMap(([from, edges]) =>
      [...edges].filter(([to]) => to.startsWith('<file>') || floorOf(to) >= floorOf(from)).map(([, where]) => where));
    expect(upward).toEqual([]);
    expect(findCircle(graph)).toBeNull();
    // The graph is really read: the engine imports the kernel, and the kernel the store.
    expect(graph.get('engine')?.has('kernel')).toBe(true);
    expect(graph.get('kernel')?.has('store')).toBe(true);
  });
});
