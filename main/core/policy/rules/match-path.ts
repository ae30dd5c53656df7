import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { msg, type Msg } from '../../../../shared/i18n/message';
import { isInside, realDir } from '../paths';
import type { GlobMatchers } from './glob-matchers';
import type { PathPattern } from './types';

/** The folders anchored patterns resolve against, each as written and as its real path. */
export interface PathRoots {
  workspace: string[];
  home: string[];
}

/** Reads a gitignore-style path specifier: `./x` or `x/y` (workspace), `~/x` (home), `//x` (absolute), bare name. */
export function parsePathPattern(spec: string): PathPattern | Msg {
  let s = spec.trim();
  if (s.includes('\0')) return msg('notices.settings.specNulPath');
  let root: PathPattern['root'];
  if (s.startsWith('//')) {
    root = 'absolute';
    s = s.slice(2);
  } else if (s === '~' || s.startsWith('~/')) {
    root = 'home';
    s = s.slice(2);
  } else if (s === '.' || s.startsWith('./')) {
    root = 'workspace';
    s = s.slice(2);
  } else if (s.startsWith('/')) {
    root = 'workspace';
    s = s.slice(1);
  } else if (s.replace(/\/+$/, '').includes('/')) {
    root = 'workspace';
  } else {
    root = 'anywhere';
  }
  s = s.replace(/\/+$/, '');
  const segments = s.split('/').filter((seg) => seg !== '' && seg !== '.');
  if (segments.includes('..')) return msg('notices.settings.specDotDot');
  const rel = segments.join('/');
  if (root === 'anywhere' && rel === '') return msg('notices.settings.specEmptyPath');
  return { root, rel };
}

/** gitignore semantics: a pattern matching a folder covers everything below it. */
function matchUnder(base: string, rel: string, candidate: string, globs: GlobMatchers): boolean {
  const r = path.relative(base, candidate);
  if (r === '..' || r.startsWith('../') || path.isAbsolute(r)) return false;
  if (rel === '' || /^(\*\*\/?)+$/.test(rel)) return true;
  if (r === '') return false;
  const test = globs.get(rel);
  const segs = r.split('/');
  for (let i = 1; i <= segs.length; i++) if (test(segs.slice(0, i).join('/'))) return true;
  return false;
}

interface Anchor {
  base: string;
  rel: string;
}

/** Each place the pattern can be anchored, including the real path of its fixed leading folders. */
function anchors(pattern: PathPattern, roots: PathRoots): Anchor[] {
  const bases = pattern.root === 'workspace' ? roots.workspace : pattern.root === 'home' ? roots.home : ['/'];
  const out: Anchor[] = [];
  const scan = picomatch.scan(pattern.rel);
  const prefix = scan.isGlob ? scan.base : pattern.rel;
  const rest = scan.isGlob ? scan.glob : '';
  for (const base of new Set(bases)) {
    out.push({ base, rel: pattern.rel });
    const fixed = path.join(base, prefix);
    const real = realDir(fixed);
    if (real !== fixed) out.push({ base: real, rel: rest });
  }
  return out;
}

function nameMatches(glob: string, candidate: string, globs: GlobMatchers): boolean {
  const test = globs.get(glob);
  for (let p = candidate; p !== '/' && p !== '.'; p = path.dirname(p)) if (test(path.basename(p))) return true;
  return false;
}

/**
 * Does the pattern cover this absolute path? Bare names match at any depth; for allow rules only inside the
 * workspace (a deny or ask of `.env` holds everywhere).
 */
export function matchPath(pattern: PathPattern, candidate: string, roots: PathRoots, allow: boolean, globs: GlobMatchers): boolean {
  if (pattern.root === 'anywhere') {
    if (allow && !roots.workspace.some((w) => isInside(candidate, w))) return false;
    return nameMatches(pattern.rel, candidate, globs);
  }
  return anchors(pattern, roots).some((a) => matchUnder(a.base, a.rel, candidate, globs));
}

/** Folders the search tools skip; a bare-name rule is not looked for inside them. */
const SKIPPED = new Set(['node_modules', '.git']);
/** Entries looked at before giving up and assuming a match. */
const WALK_LIMIT = 20_000;

/** Is there an entry whose name matches `glob` below `dir`? Unknown (too big, unreadable) counts as yes. */
function nameExistsBelow(glob: string, dir: string, globs: GlobMatchers): boolean {
  const test = globs.get(glob);
  const stack = [dir];
  let seen = 0;
  while (stack.length > 0) {
    const current = stack.pop() as string;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR' || (e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return true;
    }
    for (const entry of entries) {
      if (++seen > WALK_LIMIT) return true;
      if (test(entry.name)) return true;
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) stack.push(path.join(current, entry.name));
    }
  }
  return false;
}

/** Could the pattern match something below `dir` (for calls that read a whole folder tree)? */
export function couldMatchBelow(pattern: PathPattern, dir: string, roots: PathRoots, globs: GlobMatchers): boolean {
  if (pattern.root === 'anywhere') return nameExistsBelow(pattern.rel, dir, globs);
  return anchors(pattern, roots).some((a) => {
    const scan = picomatch.scan(a.rel);
    const fixed = path.join(a.base, scan.isGlob ? scan.base : a.rel);
    if (isInside(fixed, dir)) return existsSync(fixed);
    return scan.isGlob && isInside(dir, fixed);
  });
}
