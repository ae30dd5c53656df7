import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { LSInput } from '../../../shared/tools';
import { defineTool } from './define';
import { ToolError, fsErrorMessage } from './errors';
import { fileTarget } from './effects';
import { displayPath, resolveToolPath } from './paths';

export const LS_MAX_ENTRIES = 1000;

export const lsTool = defineTool({
  name: 'LS',
  description:
    'List a directory (default: the workspace root). Entries are sorted by name; directories end with "/". ' +
    `At most ${LS_MAX_ENTRIES} entries. Use Glob to find files by pattern across folders.`,
  inputSchema: LSInput,
  effects: (input, place) => {
    const { path: root, given } = fileTarget(place, input.path);
    return [{ kind: 'list', root, given, pattern: null }];
  },
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path ?? '.', ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'ENOTDIR') throw new ToolError(`${shown} is a file, not a directory; use Read to see its content.`);
      throw new ToolError(fsErrorMessage(e, shown));
    }
    if (entries.length === 0) return { ok: true, output: `(${shown} is empty)` };
    const names = await Promise.all(
      entries.map(async (d) => {
        let isDir = d.isDirectory();
        if (d.isSymbolicLink()) {
          isDir = await stat(path.join(abs, d.name)).then((s) => s.isDirectory(), () => false);
        }
        return isDir ? `${d.name}/` : d.name;
      }),
    );
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const shownNames = names.slice(0, LS_MAX_ENTRIES);
    const lines = [...shownNames];
    const truncated = names.length > LS_MAX_ENTRIES;
    if (truncated) {
      lines.push(
        `… ${names.length - LS_MAX_ENTRIES} more entries not shown (${names.length} in total); use Glob with a pattern to narrow the listing.`,
      );
    }
    return { ok: true, output: lines.join('\n'), truncated };
  },
});
