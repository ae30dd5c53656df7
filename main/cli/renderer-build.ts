// Where the panel the browser host serves is built, and the check that rebuilds it when its sources are newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator, type Translator } from '../../shared/i18n';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

/** Newest modification time of the files under the given folders (the panel's sources). */
function newestSource(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return newest;
}

/**
 * Builds the renderer with vite's JS API when out/renderer is missing or older than its sources (a source
 * checkout that was updated), so the browser never gets a stale panel.
 */
export async function ensureRendererBuilt(log: (line: string) => void, outDir = RENDERER_DIR, t: Translator = translator('en')): Promise<void> {
  const index = join(outDir, 'index.html');
  const sources = [join(ROOT, 'renderer'), join(ROOT, 'shared')];
  if (existsSync(index)) {
    if (!existsSync(sources[0] as string) || statSync(index).mtimeMs >= newestSource(sources)) return;
    log(t('cliTools.serve.rebuilding'));
  } else {
    log(t('cliTools.serve.building'));
  }
  const { build } = await import('vite');
  // The panel as it ships: React's production build, whatever NODE_ENV the caller runs under (vitest sets
  // `test`, which would bundle React's development build).
  const was = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  } finally {
    if (was === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = was;
  }
}
