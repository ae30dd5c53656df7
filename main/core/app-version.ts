import { readFileSync } from 'node:fs';

let known: string | null = null;

/**
 * The installed Paragents version, from its package.json: the same two folders up from the sources under tsx and
 * from the compiled command line in out/cli, so both read the one file.
 */
export function appVersion(): string {
  if (known !== null) return known;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    known = typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    known = 'unknown';
  }
  return known;
}
