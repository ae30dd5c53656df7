import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';

export function expandTilde(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return path.join(home, p.slice(2));
  return p;
}

/** Lexical absolute form: `..` removed by string rules (what a naive reader sees). */
export function lexicalPath(base: string, p: string, home: string): string {
  return path.resolve(base, expandTilde(p, home));
}

/**
 * Absolute path as the kernel will open it: symlinks resolved one component at a time, `..` applied after
 * the link before it, and a missing tail (a file about to be created) appended as written.
 */
export function kernelPath(base: string, p: string, home: string): string {
  const expanded = expandTilde(p, home);
  const raw = path.isAbsolute(expanded) ? expanded : `${base}/${expanded}`;
  const queue = raw.split('/').filter((s) => s !== '');
  let cur = '/';
  let links = 0;
  let missing = false;
  while (queue.length > 0) {
    const seg = queue.shift() as string;
    if (seg === '.') continue;
    if (seg === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = cur === '/' ? `/${seg}` : `${cur}/${seg}`;
    if (missing) {
      cur = next;
      continue;
    }
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      missing = true;
      cur = next;
      continue;
    }
    if (!isLink) {
      cur = next;
      continue;
    }
    if (++links > 40) throw new MsgError(msg('reasons.tooManyLinks', { path: raw }));
    const target = readlinkSync(next);
    if (target.startsWith('/')) cur = '/';
    queue.unshift(...target.split('/').filter((s) => s !== ''));
  }
  return cur;
}

/** realpath of an existing folder, or the path itself. */
export function realDir(p: string): string {
  try {
    // The system's realpath: one call, where the JS one lstats each component of the path.
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

/** Segment-wise containment (`/a/bc` is not inside `/a/b`); a path is inside itself. */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel));
}

/** Code point ranges of control, bidi-control, zero-width and filler characters. */
const INVISIBLE_RANGES: [number, number][] = [
  [0x00, 0x08], [0x0b, 0x1f], [0x7f, 0x9f], [0xad, 0xad], [0x61c, 0x61c], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180e, 0x180e], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164], [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xfff9, 0xfffb], [0xe0000, 0xe007f],
];

/** Invisible, bidi-control or other control characters (Trojan Source style lookalikes). */
export function hasInvisibleChars(s: string): boolean {
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (INVISIBLE_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi)) return true;
  }
  return false;
}

/** The process's environment under /proc (self, thread-self, a pid, or a task). */
export function isProcEnviron(p: string): boolean {
  return /^\/proc\/[^/]+\/(task\/[^/]+\/)?environ$/.test(p);
}
