import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { diffLines } from 'diff';

/** The most text of one side of a file sent to the panel (the journal keeps earlier contents up to the same size). */
export const DIFF_TEXT_MAX = 2 * 1024 * 1024;
/** Sides larger than this are not diffed to count lines (the panel still gets their text). */
export const COUNT_MAX = 1024 * 1024;
/** Beyond this many changed lines the count is not worth the time it takes; the list shows no figures. */
const MAX_EDIT_LENGTH = 20_000;

/** One side of a file: absent, its bytes, or there but not available (larger than kept, or its earlier content was not kept). */
export type Side = { kind: 'absent' } | { kind: 'bytes'; data: Buffer } | { kind: 'unavailable' };

export const ABSENT: Side = { kind: 'absent' };
export const UNAVAILABLE: Side = { kind: 'unavailable' };

/** Git's own test: a NUL byte in the first 8000 bytes makes a file binary. */
export function looksBinary(data: Buffer): boolean {
  return data.subarray(0, 8000).includes(0);
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** The file on disk now: absent, its bytes, or unavailable when larger than the panel is sent. */
export async function readSide(path: string): Promise<Side> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return ABSENT;
  if (info.size > DIFF_TEXT_MAX) return UNAVAILABLE;
  const data = await readFile(path).catch(() => null);
  return data ? { kind: 'bytes', data } : ABSENT;
}

const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** Lines added and removed from `before` to `after` (null sides are absent files); null when not worth counting. */
export function countLines(before: string | null, after: string | null): { added: number; removed: number } | null {
  if (before === null) return { added: lineCount(after ?? ''), removed: 0 };
  if (after === null) return { added: 0, removed: lineCount(before) };
  if (before.length > COUNT_MAX || after.length > COUNT_MAX) return null;
  const parts = diffLines(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!parts) return null;
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.added) added += p.count;
    else if (p.removed) removed += p.count;
  }
  return { added, removed };
}

/** Counts and binary flag of a file from its two sides, as the list shows them. */
export function sideFigures(before: Side, after: Side): { added: number | null; removed: number | null; binary: boolean } {
  const binary = [before, after].some((s) => s.kind === 'bytes' && looksBinary(s.data));
  if (binary || before.kind === 'unavailable' || after.kind === 'unavailable') return { added: null, removed: null, binary };
  const counts = countLines(before.kind === 'bytes' ? before.data.toString('utf8') : null, after.kind === 'bytes' ? after.data.toString('utf8') : null);
  return { added: counts?.added ?? null, removed: counts?.removed ?? null, binary };
}

/** The texts the panel diffs: binary files and sides it is not sent give no text. */
export function sideTexts(before: Side, after: Side): { before: string | null; after: string | null; binary: boolean; tooLarge: boolean } {
  const binary = [before, after].some((s) => s.kind === 'bytes' && looksBinary(s.data));
  const tooLarge = before.kind === 'unavailable' || after.kind === 'unavailable';
  if (binary || tooLarge) return { before: null, after: null, binary, tooLarge };
  return {
    before: before.kind === 'bytes' ? before.data.toString('utf8') : null,
    after: after.kind === 'bytes' ? after.data.toString('utf8') : null,
    binary,
    tooLarge,
  };
}
