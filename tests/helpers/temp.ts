import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A real temp folder (symlinks resolved, so paths compare equal to what the engine reports). */
export function tempDir(prefix = 'paragents-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A PARAGENTS_HOME whose config.json points at the scripted model server. */
export function makeHome(modelUrl: string, extra: Record<string, unknown> = {}): string {
  const home = tempDir('paragents-home-');
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      providers: [{ name: 'scripted', baseURL: modelUrl, model: 'scripted-model', apiKey: 'test-key' }],
      defaultProvider: 'scripted',
      ...extra,
    }),
  );
  return home;
}
