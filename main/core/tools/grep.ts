import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { GrepInput } from '../../../shared/tools';
import { looksBinary } from './binary';
import { defineTool } from './define';
import { ToolError, errorText } from './errors';
import { fileTarget } from './effects';
import { resolveSearchRoot } from './search-root';
import { skipDirsFor, walk, type WalkStats } from './walk';

export const GREP_MAX_MATCHES = 500;
export const GREP_MAX_BYTES = 100 * 1024;
export const GREP_MAX_LINE_CHARS = 500;
/** Files larger than this are skipped (they are almost never source). */
export const GREP_MAX_FILE_BYTES = 10 * 1024 * 1024;
const GREP_MAX_VISITED = 200_000;

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (e) {
    const why = errorText(e).replace(/^Invalid regular expression: /, '');
    throw new ToolError(
      `The pattern is not a valid JavaScript regular expression (${why}). ` +
        'Escape special characters such as ( [ { . * + ? with a backslash to match them literally.',
    );
  }
}

function clip(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.length > GREP_MAX_LINE_CHARS ? `${text.slice(0, GREP_MAX_LINE_CHARS)} …` : text;
}

/** Like ripgrep's -g: a glob without "/" matches file names anywhere, one with "/" matches the relative path. */
function globFilter(glob: string): (rel: string) => boolean {
  const isMatch = picomatch(glob, { dot: true });
  if (glob.includes('/')) return isMatch;
  return (rel) => isMatch(path.posix.basename(rel));
}

interface Collector {
  lines: string[];
  bytes: number;
  full: boolean;
  filesSearched: number;
  skippedBinary: number;
  skippedLarge: number;
}

async function searchFile(abs: string, rel: string, re: RegExp, out: Collector): Promise<void> {
  const info = await stat(abs).catch(() => null);
  if (!info?.isFile()) return;
  if (info.size > GREP_MAX_FILE_BYTES) {
    out.skippedLarge++;
    return;
  }
  const buf = await readFile(abs).catch(() => null);
  if (!buf) return;
  if (looksBinary(buf)) {
    out.skippedBinary++;
    return;
  }
  out.filesSearched++;
  const lines = buf.toString('utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!re.test(line)) continue;
    const entry = `${rel}:${i + 1}:${clip(line)}`;
    const size = Buffer.byteLength(entry) + 1;
    if (out.lines.length >= GREP_MAX_MATCHES || out.bytes + size > GREP_MAX_BYTES) {
      out.full = true;
      return;
    }
    out.lines.push(entry);
    out.bytes += size;
  }
}

export const grepTool = defineTool({
  name: 'Grep',
  description:
    'Search file contents with a JavaScript regular expression (one line at a time). Output lines are ' +
    '`path:line:text`, paths relative to the search directory. Optional glob filters files (e.g. "*.ts" matches by ' +
    'file name, "src/**/*.ts" by path). Binary files, .git and node_modules are skipped. ' +
    `At most ${GREP_MAX_MATCHES} matches / 100 KiB.`,
  inputSchema: GrepInput,
  effects: (input, place) => {
    const { path: root, given } = fileTarget(place, input.path);
    return [{ kind: 'search', root, given, filter: input.glob ?? null }];
  },
  async run(input, ctx) {
    const re = compile(input.pattern);
    const root = await resolveSearchRoot(ctx.workspace, input.path, ctx.host.home);
    const out: Collector = { lines: [], bytes: 0, full: false, filesSearched: 0, skippedBinary: 0, skippedLarge: 0 };
    const stats: WalkStats = { visited: 0, stoppedEarly: false };
    if (root.info.isFile()) {
      await searchFile(root.abs, path.basename(root.abs), re, out);
      if (out.skippedBinary > 0) throw new ToolError(`${root.shown} looks like a binary file; Grep only searches text.`);
    } else {
      const matchGlob = input.glob ? globFilter(input.glob) : null;
      const entries = walk(
        root.abs,
        { signal: ctx.signal, skipDirs: skipDirsFor(input.glob, input.path), maxEntries: GREP_MAX_VISITED },
        stats,
      );
      for await (const e of entries) {
        if (e.isDir || (matchGlob && !matchGlob(e.rel))) continue;
        await searchFile(e.abs, e.rel, re, out);
        if (out.full) break;
      }
    }
    const notes: string[] = [];
    if (out.full) {
      notes.push(
        `… stopped after ${out.lines.length} matches (limit ${GREP_MAX_MATCHES} matches / 100 KiB); ` +
          'narrow the pattern, path or glob to see the rest.',
      );
    }
    if (stats.stoppedEarly) notes.push(`The search stopped after visiting ${GREP_MAX_VISITED} entries; narrow the path.`);
    if (out.skippedLarge > 0) {
      notes.push(`${out.skippedLarge} file(s) larger than 10 MiB were skipped.`);
    }
    if (out.lines.length === 0) {
      const where = input.glob ? `${root.shown} (files matching "${input.glob}")` : root.shown;
      const summary = `No matches for /${input.pattern}/ in ${where}; searched ${out.filesSearched} file(s).`;
      return { ok: true, output: [summary, ...notes].join('\n') };
    }
    return { ok: true, output: [...out.lines, ...notes].join('\n'), truncated: out.full || stats.stoppedEarly };
  },
});
