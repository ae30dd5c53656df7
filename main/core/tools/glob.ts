import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { GlobInput } from '../../../shared/tools';
import { defineTool } from './define';
import { ToolError } from './errors';
import { fileTarget } from './effects';
import { filterArgs, hiddenBelow, nameGlob, namesDotFile, runRipgrep } from './ripgrep';
import { resolveSearchRoot } from './search-root';

export const GLOB_MAX_RESULTS = 500;
/** Files listed before the listing gives up, so a pattern over a huge tree still answers. */
export const GLOB_MAX_VISITED = 200_000;

interface Match {
  rel: string;
  mtimeMs: number;
}

const STAT_SLICE = 256;

/**
 * Modification times by statSync in slices: the promise stat costs about three times as much per file, which
 * dominates a listing of thousands, and yielding between slices keeps the event loop free.
 */
async function withMtimes(root: string, rels: readonly string[], signal: AbortSignal): Promise<Match[]> {
  const out: Match[] = [];
  for (let i = 0; i < rels.length; i += STAT_SLICE) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    if (signal.aborted) throw new ToolError('The search was cancelled.');
    for (const rel of rels.slice(i, i + STAT_SLICE)) {
      let mtimeMs = 0;
      try {
        mtimeMs = statSync(path.join(root, rel)).mtimeMs;
      } catch {
        // Removed since rg listed it: it still matched, so it is shown, oldest.
      }
      out.push({ rel, mtimeMs });
    }
  }
  return out;
}

export const globTool = defineTool({
  name: 'Glob',
  description:
    'Find files by glob (*, **, ?, [abc], {a,b}): "*.ts" matches the top level only, "**/*.ts" every level. Newest ' +
    `first, at most ${GLOB_MAX_RESULTS}. Skips files .gitignore/.ignore list, hidden files, .git and node_modules unless the pattern ` +
    'names them (includeIgnored: true lists ignored and hidden ones).',
  inputSchema: GlobInput,
  effects: (input, place) => {
    const { path: root, given } = fileTarget(place, input.path);
    return [{ kind: 'list', root, given, pattern: input.pattern }];
  },
  async run(input, ctx) {
    if (input.pattern.includes('\0')) throw new ToolError('The pattern contains a NUL byte; remove it.');
    const searchRoot = await resolveSearchRoot(ctx.workspace, input.path, ctx.host.home);
    if (!searchRoot.info.isDirectory()) {
      throw new ToolError(
        `${searchRoot.shown} is a file, not a directory; give a directory as path (or use Read for the file).`,
      );
    }
    let root = searchRoot.abs;
    let shown = searchRoot.shown;
    let pattern = input.pattern;
    let scan = picomatch.scan(pattern);
    if (path.isAbsolute(pattern)) {
      // An absolute pattern carries its own root; results are relative to its static part.
      root = scan.isGlob ? scan.base || '/' : path.dirname(pattern);
      pattern = scan.isGlob ? scan.glob : path.basename(pattern);
      shown = root;
      scan = picomatch.scan(pattern);
    }
    const isMatch = picomatch(pattern, { dot: true });
    const matches: Match[] = [];
    let stoppedEarly = false;
    if (!scan.isGlob) {
      const abs = path.join(root, pattern);
      const info = await stat(abs).catch(() => null);
      if (info?.isFile()) matches.push({ rel: pattern, mtimeMs: info.mtimeMs });
    } else {
      const listRoot = path.join(root, scan.base);
      const exists = await stat(listRoot).then((s) => s.isDirectory(), () => false);
      const prefix = scan.base === '' ? '' : `${scan.base.replace(/\/+$/, '')}/`;
      const showHidden = Boolean(input.includeIgnored) || namesDotFile(pattern);
      const args = filterArgs({ includeIgnored: input.includeIgnored, hidden: showHidden, named: [pattern] });
      // Without "**" the pattern cannot reach deeper than its own segments, so rg need not list further.
      if (!scan.glob.includes('**')) args.push('--max-depth', String(scan.glob.split('/').length));
      const name = nameGlob(scan.glob);
      if (name) args.push('--type-add', `paragentsglob:${name}`, '--type', 'paragentsglob');
      args.push('--files', '--null');
      const found: string[] = [];
      let count = 0;
      const onRecord = (record: string): boolean => {
        if (record === '') return true;
        if (++count > GLOB_MAX_VISITED) {
          stoppedEarly = true;
          return false;
        }
        const listed = record.replace(/^\.\//, '');
        if (!showHidden && hiddenBelow(listed, 0)) return true;
        const rel = prefix + listed;
        if (isMatch(rel)) found.push(rel);
        return true;
      };
      if (exists) await runRipgrep(args, { cwd: listRoot, signal: ctx.signal, tool: 'Glob', separator: '\0', onRecord });
      matches.push(...(await withMtimes(root, found, ctx.signal)));
    }
    const notes: string[] = [];
    if (stoppedEarly) {
      notes.push(`The search stopped after listing ${GLOB_MAX_VISITED} files; narrow the pattern or path.`);
    }
    if (matches.length === 0) {
      const hint =
        !pattern.includes('/') && scan.isGlob
          ? ` "${pattern}" only matches at the top level; use "**/${pattern}" to search subfolders.`
          : '';
      const ignored = input.includeIgnored || !scan.isGlob ? '' : ' Ignored and hidden files were left out (includeIgnored: true lists them).';
      return { ok: true, output: [`No files match "${input.pattern}" in ${shown}.${hint}${ignored}`, ...notes].join('\n') };
    }
    matches.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    const lines = matches.slice(0, GLOB_MAX_RESULTS).map((m) => m.rel);
    const truncated = matches.length > GLOB_MAX_RESULTS || stoppedEarly;
    if (matches.length > GLOB_MAX_RESULTS) {
      notes.unshift(
        `… ${matches.length - GLOB_MAX_RESULTS} more files not shown (${matches.length} matches); use a more specific pattern or path.`,
      );
    }
    return { ok: true, output: [...lines, ...notes].join('\n'), truncated };
  },
});
