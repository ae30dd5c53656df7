import { structuredPatch } from 'diff';

/** A run of diff lines drawn as one diff view: one or more hunks of a unified diff, in git's text form. */
export interface DiffPiece {
  /** Unified diff text: `---`/`+++` header and the hunks. */
  text: string;
  /** Diff lines in the piece (its height, roughly). */
  lines: number;
  /** Line ranges of the file before and after the change that the piece shows (1-based, inclusive). */
  old: [number, number];
  new: [number, number];
}

/** Above this many diff lines a file is drawn piece by piece as it scrolls into view. */
export const LARGE_DIFF_LINES = 1500;
/** Diff lines per piece of a large diff. */
export const PIECE_LINES = 100;
/** Giving up on a minimal diff: past this many edits or this long, the file is shown as all removed, then all added. */
const MAX_EDIT_LENGTH = 10_000;
const TIMEOUT_MS = 1500;

type Hunk = { oldStart: number; newStart: number; lines: string[] };

const splitLines = (text: string): string[] => {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
};

/** The whole file as one hunk: every old line removed, every new line added. */
function wholeHunk(before: string, after: string): Hunk {
  return { oldStart: 1, newStart: 1, lines: [...splitLines(before).map((l) => `-${l}`), ...splitLines(after).map((l) => `+${l}`)] };
}

/** The hunks between two texts (three lines of context), computed by jsdiff. */
export function diffHunks(before: string, after: string): Hunk[] {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 3, maxEditLength: MAX_EDIT_LENGTH, timeout: TIMEOUT_MS });
  return patch ? patch.hunks : [wholeHunk(before, after)];
}

export const diffLineCount = (hunks: readonly Hunk[]): number => hunks.reduce((n, h) => n + h.lines.length, 0);

/**
 * Cuts the hunks into pieces of about `max` lines (a long hunk is split, short ones are grouped), each a valid
 * unified diff whose line numbers are the file's own, so comments and syntax colours stay right in every piece.
 */
export function diffPieces(file: string, hunks: readonly Hunk[], max = PIECE_LINES): DiffPiece[] {
  const pieces: DiffPiece[] = [];
  let body: string[] = [];
  let count = 0;
  let range: { old: [number, number]; new: [number, number] } | null = null;
  const flush = () => {
    if (body.length === 0 || !range) return;
    pieces.push({ text: `--- a/${file}\n+++ b/${file}\n${body.join('\n')}\n`, lines: count, old: range.old, new: range.new });
    body = [];
    count = 0;
    range = null;
  };
  for (const h of hunks) {
    let o = h.oldStart;
    let n = h.newStart;
    let part: string[] = [];
    let po = o;
    let pn = n;
    let oc = 0;
    let nc = 0;
    const close = () => {
      if (part.length === 0) return;
      // An empty side starts at the line before, as diff writes it.
      body.push(`@@ -${oc === 0 ? po - 1 : po},${oc} +${nc === 0 ? pn - 1 : pn},${nc} @@`, ...part);
      const r: { old: [number, number]; new: [number, number] } = { old: [po, po + Math.max(oc, 1) - 1], new: [pn, pn + Math.max(nc, 1) - 1] };
      range = range ? { old: [range.old[0], r.old[1]], new: [range.new[0], r.new[1]] } : r;
      count += part.length;
      part = [];
    };
    for (const line of h.lines) {
      if (count + part.length >= max && !line.startsWith('\\')) {
        close();
        flush();
        po = o;
        pn = n;
        oc = 0;
        nc = 0;
      }
      part.push(line);
      if (line.startsWith(' ')) {
        o++;
        n++;
        oc++;
        nc++;
      } else if (line.startsWith('-')) {
        o++;
        oc++;
      } else if (line.startsWith('+')) {
        n++;
        nc++;
      }
    }
    close();
  }
  flush();
  return pieces;
}
