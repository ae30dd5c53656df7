import path from 'node:path';
import type { ShellWord } from './shell/types';
import { isInside } from './paths';

function escapeGlob(p: string): string {
  return p.replace(/[*?[\]{}()!+@\\]/g, '\\$&');
}

/** The narrowest path specifier for an absolute path: `./rel` in the workspace, `~/rel` at home, else `//abs`. */
export function pathSpecifier(abs: string, workspace: string, home: string, tree: boolean): string {
  let spec: string;
  if (isInside(abs, workspace)) {
    const rel = path.relative(workspace, abs);
    spec = rel === '' ? '.' : `./${escapeGlob(rel)}`;
  } else if (isInside(abs, home)) {
    const rel = path.relative(home, abs);
    spec = rel === '' ? '~' : `~/${escapeGlob(rel)}`;
  } else {
    spec = `//${escapeGlob(abs.replace(/^\/+/, ''))}`;
  }
  return tree ? `${spec.replace(/\/$/, '')}/**` : spec;
}

function quoteToken(v: string): string {
  if (v !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(v)) return v;
  return `'${v.replace(/'/g, `'"'"'`)}'`;
}

/** `Bash(exact words)` for a fully static command, or null. Parentheses inside are fine: the rule ends at the last ')'. */
export function exactBashRule(argv: ShellWord[]): string | null {
  if (argv.length === 0 || argv.some((w) => w.value === null)) return null;
  return `Bash(${argv.map((w) => quoteToken(w.value as string)).join(' ')})`;
}
