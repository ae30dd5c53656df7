import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { GrepInput } from '../../../shared/tools';
import { looksBinary } from './binary';
import { defineTool } from './define';
import { ToolError } from './errors';
import { fileTarget } from './effects';
import { filterArgs, firstErrorLine, hiddenBelow, namesDotFile, planGlob, runRipgrep, type GlobPlan } from './ripgrep';
import { resolveSearchRoot } from './search-root';

export const GREP_MAX_MATCHES = 500;
export const GREP_MAX_BYTES = 100 * 1024;
export const GREP_MAX_LINE_CHARS = 500;

type Input = z.infer<typeof GrepInput>;
type Mode = NonNullable<Input['output_mode']>;

function clip(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.length > GREP_MAX_LINE_CHARS ? `${text.slice(0, GREP_MAX_LINE_CHARS)} …` : text;
}

/** rg --json gives text as `text`, or as base64 `bytes` when it is not valid UTF-8. */
interface RgData {
  text?: string;
  bytes?: string;
}
interface RgMessage {
  type: string;
  data: {
    path?: RgData;
    lines?: RgData;
    line_number?: number;
  };
}
const decode = (d: RgData | undefined): string =>
  d?.text ?? (d?.bytes === undefined ? '' : Buffer.from(d.bytes, 'base64').toString('utf8'));
const relOf = (p: string): string => p.replace(/^\.\//, '');

/** One file's output: its rows in rg's order; files are sorted by path at the end, as rg's parallel walk is not. */
interface Group {
  rel: string;
  rows: string[];
}

/** Collects rows until a cap is reached; `add` says false once it is. */
class Collector {
  groups: Group[] = [];
  matches = 0;
  bytes = 0;
  full = false;
  searchedNone = false;

  constructor(private readonly countsMatches: boolean) {}

  add(group: Group, row: string, isMatch: boolean): boolean {
    const size = Buffer.byteLength(row) + 1;
    if ((isMatch && this.countsMatches && this.matches >= GREP_MAX_MATCHES) || this.bytes + size > GREP_MAX_BYTES) {
      this.full = true;
      return false;
    }
    if (!this.countsMatches && group.rows.length === 0 && this.groups.length >= GREP_MAX_MATCHES) {
      this.full = true;
      return false;
    }
    if (isMatch) this.matches++;
    this.bytes += size;
    group.rows.push(row);
    return true;
  }
}

function contentParser(out: Collector, keep: (rel: string) => boolean, context: boolean): (record: string) => boolean {
  let group: Group | null = null;
  let last = 0;
  return (record) => {
    if (record === '') return true;
    const msg = JSON.parse(record) as RgMessage;
    if (msg.type === 'begin') {
      const rel = relOf(decode(msg.data.path));
      group = keep(rel) ? { rel, rows: [] } : null;
      if (group) out.groups.push(group);
      last = 0;
      return true;
    }
    if (!group || (msg.type !== 'match' && msg.type !== 'context')) return true;
    const isMatch = msg.type === 'match';
    const first = msg.data.line_number ?? 0;
    // A multiline match spans several lines; each is printed with its own number, as rg does.
    const lines = decode(msg.data.lines).replace(/\n$/, '').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const n = first + i;
      if (n <= last) continue; // a line already shown as part of an earlier multiline match
      if (context && last > 0 && n > last + 1 && !out.add(group, '--', false)) return false;
      if (!out.add(group, `${group.rel}${isMatch ? ':' : '-'}${n}${isMatch ? ':' : '-'}${clip(lines[i] ?? '')}`, isMatch)) return false;
      last = n;
    }
    return true;
  };
}

/** `-l --null` and `--count-matches --null` records: `path` or `path\0N`. */
function listParser(out: Collector, keep: (rel: string) => boolean, mode: Exclude<Mode, 'content'>): (record: string) => boolean {
  return (record) => {
    const [raw = '', count] = mode === 'count' ? record.split('\0') : [record];
    if (raw === '') return true;
    const rel = relOf(raw);
    if (!keep(rel)) return true;
    const group: Group = { rel, rows: [] };
    if (!out.add(group, mode === 'count' ? `${rel}:${count ?? '0'}` : rel, true)) return false;
    out.groups.push(group);
    return true;
  };
}

function modeArgs(input: Input, mode: Mode): string[] {
  if (mode === 'files_with_matches') return ['--files-with-matches', '--null'];
  if (mode === 'count') return ['--count-matches', '--null', '--with-filename'];
  const args = ['--json'];
  const c = input['-C'];
  const after = input['-A'] ?? c;
  const before = input['-B'] ?? c;
  if (after) args.push('-A', String(after));
  if (before) args.push('-B', String(before));
  return args;
}

/** The rg arguments a call runs with, before the paths (exported so the bench runs bare rg with the same). */
export function grepArgs(input: Input, plan: GlobPlan | null): string[] {
  const hidden = namesDotFile(input.glob);
  const args = filterArgs({ includeIgnored: input.includeIgnored, hidden, named: [input.path, input.glob] });
  args.push('--max-filesize', '10M', ...modeArgs(input, input.output_mode ?? 'content'));
  if (input['-i']) args.push('-i');
  if (input.multiline) args.push('-U', '--multiline-dotall');
  if (input.type) args.push('--type', input.type);
  else if (plan?.typeGlob) args.push('--type-add', `paragentsglob:${plan.typeGlob}`, '--type', 'paragentsglob');
  args.push('-e', input.pattern, '--');
  return args;
}

async function sniffBinary(abs: string): Promise<boolean> {
  const file = await open(abs, 'r').catch(() => null);
  if (!file) return false;
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await file.read(buf, 0, buf.length, 0);
    return looksBinary(buf.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** rg's complaints about single files end in "(os error N)"; anything else is about the search itself. */
function onlyFileErrors(stderr: string): boolean {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => /\(os error \d+\)\s*$/.test(l));
}

function rgFailure(stderr: string, input: Input): ToolError {
  const why = firstErrorLine(stderr);
  if (/regex parse error|error parsing regex/i.test(stderr)) {
    const pcre = /look-around|backreference/i.test(why) ? ' Look-around and backreferences are not supported; rewrite the pattern without them.' : '';
    return new ToolError(
      `The pattern is not a valid regular expression (${why}). ` +
        `Escape special characters such as ( [ { . * + ? with a backslash to match them literally.${pcre}`,
    );
  }
  if (/unrecognized file type/i.test(why)) {
    return new ToolError(`ripgrep does not know the file type "${input.type ?? ''}"; use a type such as ts, js, py, rust or go, or a glob.`);
  }
  return new ToolError(`The search failed: ${why}.`);
}

export const grepTool = defineTool({
  name: 'Grep',
  description:
    'Search file contents with ripgrep. Skips files .gitignore/.ignore list, hidden and binary files, .git and ' +
    `node_modules (includeIgnored: true searches ignored and hidden ones). Paths relative to the search directory; at most ${GREP_MAX_MATCHES} matches.`,
  inputSchema: GrepInput,
  effects: (input, place) => {
    const { path: root, given } = fileTarget(place, input.path);
    return [{ kind: 'search', root, given, filter: input.glob ?? null }];
  },
  async run(input, ctx) {
    const root = await resolveSearchRoot(ctx.workspace, input.path, ctx.host.home);
    const mode: Mode = input.output_mode ?? 'content';
    const isFile = !root.info.isDirectory();
    if (isFile && (await sniffBinary(root.abs))) {
      throw new ToolError(`${root.shown} looks like a binary file; Grep only searches text.`);
    }
    const plan = !isFile && input.glob ? planGlob(input.glob) : null;
    const args = grepArgs(input, plan);
    const cwd = isFile ? path.dirname(root.abs) : root.abs;
    let targets = isFile ? [path.basename(root.abs)] : [];
    if (plan?.base) {
      const base = await stat(path.join(cwd, plan.base)).catch(() => null);
      targets = base ? [plan.base] : [];
    }
    const out = new Collector(mode === 'content');
    const context = mode === 'content' && Boolean(input['-A'] || input['-B'] || input['-C']);
    if (!plan?.base || targets.length > 0) {
      const showHidden = Boolean(input.includeIgnored) || namesDotFile(input.glob);
      const named = isFile ? Infinity : plan?.base ? plan.base.split('/').length : 0;
      const keep = (rel: string): boolean => (showHidden || !hiddenBelow(rel, named)) && (!plan || plan.matches(rel));
      const onRecord = mode === 'content' ? contentParser(out, keep, context) : listParser(out, keep, mode);
      const separator = mode === 'files_with_matches' ? '\0' : '\n';
      const run = await runRipgrep([...args, ...targets], { cwd, signal: ctx.signal, tool: 'Grep', separator, onRecord });
      if (run.code === 2 && !run.stopped && out.groups.length === 0) {
        // Exit 2 also means some file could not be read, which is no reason to fail the whole search.
        if (/No files were searched/.test(run.stderr)) out.searchedNone = true;
        else if (!onlyFileErrors(run.stderr)) throw rgFailure(run.stderr, input);
      }
    }
    return answer(input, root.shown, out, context);
  },
});

function answer(input: Input, shown: string, out: Collector, context: boolean): { ok: true; output: string; truncated?: boolean } {
  const groups = out.groups.filter((g) => g.rows.length > 0).sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  if (groups.length === 0) {
    const filters = [input.glob ? `files matching "${input.glob}"` : '', input.type ? `type ${input.type}` : ''].filter(Boolean);
    const where = filters.length > 0 ? `${shown} (${filters.join(', ')})` : shown;
    const nothing =
      out.searchedNone
        ? ' No file was searched: everything there is ignored, hidden or filtered out (includeIgnored: true searches ignored and hidden files).'
        : '';
    return { ok: true, output: `No matches for /${input.pattern}/ in ${where}.${nothing}` };
  }
  let rows = groups.flatMap((g, i) => (context && i > 0 ? ['--', ...g.rows] : g.rows));
  const notes: string[] = [];
  if (out.full) {
    const what = input.output_mode === 'files_with_matches' || input.output_mode === 'count' ? 'files' : 'matches';
    const count = what === 'files' ? groups.length : out.matches;
    notes.push(
      `… stopped after ${count} ${what} (limit ${GREP_MAX_MATCHES} ${what} / 100 KiB); ` +
        'narrow the pattern, path or glob to see the rest.',
    );
  }
  let cut = false;
  if (input.head_limit !== undefined && rows.length > input.head_limit) {
    const more = rows.length - input.head_limit;
    notes.unshift(`… ${more} more ${more === 1 ? 'line' : 'lines'} not shown (head_limit ${input.head_limit}).`);
    rows = rows.slice(0, input.head_limit);
    cut = true;
  }
  return { ok: true, output: [...rows, ...notes].join('\n'), truncated: out.full || cut };
}
