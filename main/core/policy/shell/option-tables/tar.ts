import path from 'node:path';
import type { FileAccess, FileOp, ShellWord } from '../types';
import { staticWord } from '../words';
import { fileAccess } from './effects';
import type { TableScan } from './scan';

type TarMode = 'create' | 'extract' | 'read' | 'update';

const MODES: Record<string, TarMode> = {
  c: 'create', create: 'create',
  x: 'extract', extract: 'extract', get: 'extract',
  t: 'read', list: 'read', d: 'read', diff: 'read', compare: 'read', 'test-label': 'read',
  r: 'update', append: 'update', u: 'update', update: 'update', A: 'update', catenate: 'update', concatenate: 'update',
  delete: 'update',
};

/** What tar does to its archive in each mode. */
const ARCHIVE_OP: Record<TarMode, FileOp> = { create: 'write', extract: 'read', read: 'read', update: 'readwrite' };

/**
 * The files tar touches: the archive (`-f`), the names it adds (read, or deleted with `--remove-files`), and for
 * extraction the folder it extracts into (`-C DIR` or the current one, `/` with `-P`), which it writes throughout.
 * Each `-C DIR` moves the names after it, relative to the folder before.
 */
export function tarFiles(scan: TableScan, cwd: string | null): FileAccess[] {
  const out: FileAccess[] = [];
  const mode = scan.uses.map((u) => MODES[u.name]).find((m) => m !== undefined);
  if (mode === undefined) return out;
  const archive = scan.uses.filter((u) => u.name === 'f' || u.name === 'file').at(-1)?.value;
  if (archive && archive.value !== '-') out.push(fileAccess(ARCHIVE_OP[mode], archive, cwd, 'tar -f'));
  const moves = scan.uses.filter((u) => u.name === 'C' || u.name === 'directory');
  const dirAt = (at: number): string | null => {
    let dir = cwd;
    for (const m of moves) {
      if (m.at >= at) break;
      dir = dir === null || m.value === null || m.value.value === null ? null : path.resolve(dir, m.value.value);
    }
    return dir;
  };
  if (mode === 'extract') {
    if (scan.uses.some((u) => u.name === 'O' || u.name === 'to-stdout' || u.name === 'to-command')) return out;
    const absolute = scan.uses.some((u) => u.name === 'P' || u.name === 'absolute-names');
    const targets: { word: ShellWord; cwd: string | null }[] = moves.length
      ? moves.filter((m) => m.value !== null).map((m) => ({ word: m.value as ShellWord, cwd: dirAt(m.at) }))
      : [{ word: staticWord('.'), cwd }];
    if (absolute) targets.push({ word: staticWord('/'), cwd });
    for (const t of targets) out.push({ ...fileAccess('write', t.word, t.cwd, 'tar -x', true), namesBelowUnknown: true });
    return out;
  }
  if (mode === 'create' || mode === 'update') {
    const removes = scan.uses.some((u) => u.name === 'remove-files');
    for (const o of scan.operands) {
      if (o.word.procSub) continue;
      out.push(fileAccess(removes ? 'readwrite' : 'read', o.word, dirAt(o.at), 'tar', true));
    }
  }
  return out;
}
