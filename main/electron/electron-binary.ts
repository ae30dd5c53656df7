import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Whether the Electron binary is installed, found the way the `electron` package finds it (path.txt + dist/)
 * but without requiring that package: requiring it starts a download, which fails on offline machines.
 */

export type ElectronBinary = { installed: true; path: string } | { installed: false; reason: string };

export function findElectronBinary(
  repoRoot: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ElectronBinary {
  const pkg = join(repoRoot, 'node_modules', 'electron');
  if (!existsSync(join(pkg, 'package.json'))) return { installed: false, reason: 'node_modules/electron is missing' };
  let relativePath: string | null = null;
  try {
    relativePath = readFileSync(join(pkg, 'path.txt'), 'utf8').trim();
  } catch {
    relativePath = null;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, relativePath ?? 'electron');
    return existsSync(path) ? { installed: true, path } : { installed: false, reason: `${path} is missing` };
  }
  if (relativePath === null || relativePath === '') {
    return { installed: false, reason: 'node_modules/electron/path.txt is missing' };
  }
  const path = join(pkg, 'dist', relativePath);
  return existsSync(path) ? { installed: true, path } : { installed: false, reason: `${path} is missing` };
}
