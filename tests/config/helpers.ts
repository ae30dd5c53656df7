import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh data folder per test, removed afterwards. */
export function tempHome(): { home: string; write: (config: unknown) => string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'paragents-config-'));
  return {
    home,
    write: (config) => {
      const path = join(home, 'config.json');
      writeFileSync(path, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
      return path;
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
