import { ToolError } from './errors';
import { quoteLine, type HunkLine, type PatchHunk } from './patch-parse';

/**
 * Applies the hunks of one `*** Update File:` section to a file's text, in memory. Hunks are found the way the
 * Codex CLI finds them, so patches models learned there apply here too: in order, each after the previous one
 * and after its `@@` header line, first exactly, then ignoring trailing whitespace, then ignoring surrounding
 * whitespace, then also treating typographic dashes, quotes and spaces as their ASCII forms.
 */

type LineEq = (a: string, b: string) => boolean;

function asciiPunctuation(s: string): string {
  return s
    .trim()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018-\u201B]/g, "'")
    .replace(/[\u201C-\u201F]/g, '"')
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, ' ');
}

const PASSES: readonly LineEq[] = [
  (a, b) => a === b,
  (a, b) => a.trimEnd() === b.trimEnd(),
  (a, b) => a.trim() === b.trim(),
  (a, b) => asciiPunctuation(a) === asciiPunctuation(b),
];
const LOOSEST = PASSES[PASSES.length - 1] as LineEq;

function matchesAt(lines: readonly string[], pattern: readonly string[], at: number, eq: LineEq): boolean {
  for (let j = 0; j < pattern.length; j++) if (!eq(lines[at + j] as string, pattern[j] as string)) return false;
  return true;
}

/** Where `pattern` starts at or after `start`; an `atEnd` pattern must end the file. Stricter passes win. */
function seek(lines: readonly string[], pattern: readonly string[], start: number, atEnd: boolean): number | null {
  if (pattern.length === 0) return start;
  const last = lines.length - pattern.length;
  if (last < start) return null;
  for (const eq of PASSES) {
    if (atEnd) {
      if (matchesAt(lines, pattern, last, eq)) return last;
      continue;
    }
    for (let i = start; i <= last; i++) if (matchesAt(lines, pattern, i, eq)) return i;
  }
  return null;
}

function after(start: number): string {
  return start > 0 ? ` after line ${start}` : '';
}

/**
 * Why `pattern` is not in the file: the place where the longest run of its first lines matches, and the first
 * line there that differs; or that even its first line is nowhere.
 */
function mismatch(lines: readonly string[], pattern: readonly string[], start: number, atEnd: boolean, shown: string): string {
  const first = pattern[0] as string;
  const candidates: number[] = [];
  if (atEnd) {
    const at = Math.max(start, lines.length - pattern.length);
    if (at < lines.length) candidates.push(at);
  } else {
    for (let i = start; i < lines.length; i++) if (LOOSEST(lines[i] as string, first)) candidates.push(i);
  }
  if (candidates.length === 0) {
    return `could not find ${quoteLine(first)} in ${shown}${atEnd ? ' at its end' : after(start)}`;
  }
  let best = { at: candidates[0] as number, matched: -1 };
  for (const at of candidates) {
    let k = 0;
    while (k < pattern.length && at + k < lines.length && LOOSEST(lines[at + k] as string, pattern[k] as string)) k++;
    if (k > best.matched) best = { at, matched: k };
  }
  const line = best.at + best.matched;
  const expected = quoteLine(pattern[Math.min(best.matched, pattern.length - 1)] as string);
  if (line >= lines.length) return `expected line ${line + 1} to be ${expected} but ${shown} ends at line ${lines.length}`;
  return `expected line ${line + 1} to be ${expected} but it is ${quoteLine(lines[line] as string)}`;
}

/**
 * The lines a matched hunk leaves: its added lines as written, its context lines as the file has them, so a
 * match that ignored whitespace does not rewrite the whitespace of lines the patch did not mean to change.
 */
function replacementLines(body: readonly HunkLine[], lines: readonly string[], at: number): string[] {
  const out: string[] = [];
  let old = at;
  for (const l of body) {
    if (l.sign === '+') out.push(l.text);
    else {
      if (l.sign === ' ') out.push(lines[old] ?? l.text);
      old++;
    }
  }
  return out;
}

interface Replacement {
  start: number;
  length: number;
  lines: readonly string[];
}

function hunkFailure(shown: string, index: number, why: string): ToolError {
  return new ToolError(`apply_patch: ${shown}: hunk ${index + 1} does not match: ${why}. The patch was not applied; no file was changed.`);
}

/** Where each hunk goes in `lines`, in file order; throws a ToolError naming the first hunk that does not fit. */
function locate(lines: readonly string[], hunks: readonly PatchHunk[], shown: string): Replacement[] {
  const out: Replacement[] = [];
  let next = 0;
  hunks.forEach((hunk, index) => {
    let headerAt: number | null = null;
    if (hunk.header !== null) {
      headerAt = seek(lines, [hunk.header], next, false);
      if (headerAt === null) {
        throw hunkFailure(shown, index, `could not find the \`@@\` line ${quoteLine(hunk.header)} in ${shown}${after(next)}`);
      }
      next = headerAt + 1;
    }
    if (hunk.oldLines.length === 0) {
      // Only added lines: after the header when there is one, else at the end of the file.
      const at = headerAt !== null && !hunk.atEnd ? next : lines.length;
      out.push({ start: at, length: 0, lines: hunk.newLines });
      next = at;
      return;
    }
    let oldLines = hunk.oldLines;
    let body = hunk.body;
    let at = seek(lines, oldLines, next, hunk.atEnd);
    // Models often repeat the header as the hunk's first context line.
    if (at === null && headerAt !== null) at = seek(lines, oldLines, headerAt, hunk.atEnd);
    // A last blank old line usually stands for the file's final newline, which `lines` does not hold.
    if (at === null && oldLines[oldLines.length - 1] === '' && oldLines.length > 1) {
      oldLines = oldLines.slice(0, -1);
      let drop = body.length - 1;
      while (drop >= 0 && (body[drop] as HunkLine).sign === '+') drop--;
      body = body.filter((_, i) => i !== drop);
      at = seek(lines, oldLines, next, hunk.atEnd);
    }
    if (at === null) throw hunkFailure(shown, index, mismatch(lines, hunk.oldLines, next, hunk.atEnd, shown));
    out.push({ start: at, length: oldLines.length, lines: replacementLines(body, lines, at) });
    next = at + oldLines.length;
  });
  return out;
}

/**
 * The file's new text once `hunks` are applied. Keeps the file's line endings (CRLF when its first line break
 * is one) and whether it ended with a line break; an empty file gains one.
 */
export function applyHunks(text: string, hunks: readonly PatchHunk[], shown: string): string {
  const firstBreak = text.indexOf('\n');
  const crlf = firstBreak > 0 && text[firstBreak - 1] === '\r';
  const eol = crlf ? '\r\n' : '\n';
  const finalBreak = text === '' || text.endsWith('\n');
  let lines = text === '' ? [] : text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  if (crlf) lines = lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const replacements = locate(lines, hunks, shown);
  for (let i = replacements.length - 1; i >= 0; i--) {
    const r = replacements[i] as Replacement;
    lines.splice(r.start, r.length, ...r.lines);
  }
  if (lines.length === 0) return '';
  return lines.join(eol) + (finalBreak ? eol : '');
}
