import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { GlobInput } from '../../../shared/tools';
import { defineTool } from './define';
import { ToolError } from './errors';
import { fileTarget } from './effects';
import { resolveSearchRoot } from './search-root';
import { skipDirsFor, walk, type WalkStats } from './walk';

export const GLOB_MAX_RESULTS = 500;
/** Entries visited before the walk gives up, so a pattern over a huge tree still answers. */
export const GLOB_MAX_VISITED = 200_000;

interface Match {
  rel: string;
  mtimeMs: number;
}

async function withMtime(abs: string, rel: string): Promise<Match> {
  const mtimeMs = await stat(abs).then((s) => s.mtimeMs, () => 0);
  return { rel, mtimeMs };
}

export const globTool = defineTool({
  name: 'Glob',
  description:
    'Find files by glob pattern (picomatch syntax: *, **, ?, [abc], {a,b}), e.g. "src/**/*.ts" or "**/*.test.ts". ' +
    '"*.ts" matches only at the top level; use "**/*.ts" to include subfolders. Paths are relative to the search ' +
    'directory, newest first. .git and node_modules are skipped unless the pattern names them. ' +
    `At most ${GLOB_MAX_RESULTS} results.`,
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
    const stats: WalkStats = { visited: 0, stoppedEarly: false };
    if (!scan.isGlob) {
      const abs = path.join(root, pattern);
      const info = await stat(abs).catch(() => null);
      if (info?.isFile()) matches.push({ rel: pattern, mtimeMs: info.mtimeMs });
    } else {
      const walkRoot = path.join(root, scan.base);
      const prefix = scan.base === '' ? '' : `${scan.base.replace(/\/+$/, '')}/`;
      const maxDepth = scan.glob.includes('**') ? undefined : scan.glob.split('/').length;
      const entries = walk(
        walkRoot,
        { signal: ctx.signal, skipDirs: skipDirsFor(pattern), maxDepth, maxEntries: GLOB_MAX_VISITED },
        stats,
      );
      const pending: Promise<Match>[] = [];
      for await (const e of entries) {
        if (e.isDir) continue;
        const rel = prefix + e.rel;
        if (isMatch(rel)) pending.push(withMtime(e.abs, rel));
      }
      matches.push(...(await Promise.all(pending)));
    }
    const notes: string[] = [];
    if (stats.stoppedEarly) {
      notes.push(`The search stopped after visiting ${GLOB_MAX_VISITED} entries; narrow the pattern or path.`);
    }
    if (matches.length === 0) {
      const hint =
        !pattern.includes('/') && scan.isGlob
          ? ` "${pattern}" only matches at the top level; use "**/${pattern}" to search subfolders.`
          : '';
      return { ok: true, output: [`No files match "${input.pattern}" in ${shown}.${hint}`, ...notes].join('\n') };
    }
    matches.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    const lines = matches.slice(0, GLOB_MAX_RESULTS).map((m) => m.rel);
    const truncated = matches.length > GLOB_MAX_RESULTS || stats.stoppedEarly;
    if (matches.length > GLOB_MAX_RESULTS) {
      notes.unshift(
        `… ${matches.length - GLOB_MAX_RESULTS} more files not shown (${matches.length} matches); use a more specific pattern or path.`,
      );
    }
    return { ok: true, output: [...lines, ...notes].join('\n'), truncated };
  },
});
