import { readFile, stat } from 'node:fs/promises';
import { EditInput } from '../../../shared/tools';
import { atomicWriteFile } from './atomic-write';
import { looksBinary } from './binary';
import { defineTool } from './define';
import { unifiedDiff } from './diff';
import { ToolError, fsErrorMessage, isErrno } from './errors';
import { fileTarget } from './effects';
import { displayPath, resolveToolPath } from './paths';

/** Start offsets of the non-overlapping occurrences of `needle` in `hay`. */
export function findOccurrences(hay: string, needle: string): number[] {
  const found: number[] = [];
  let at = hay.indexOf(needle);
  while (at !== -1) {
    found.push(at);
    at = hay.indexOf(needle, at + needle.length);
  }
  return found;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function notFoundHint(content: string, old: string): string {
  if (old.includes('\n') && !old.includes('\r') && content.includes(old.replace(/\n/g, '\r\n'))) {
    return ' The file uses CRLF (\\r\\n) line endings; include the \\r characters in old_string.';
  }
  const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
  if (squash(old) !== '' && squash(content).includes(squash(old))) {
    return ' Text matching apart from whitespace exists; check indentation, tabs and line breaks.';
  }
  return ' Read the file and copy the exact text, including whitespace.';
}

/** The text of a file an edit tool changes; a sentence naming it when it is missing, a folder or binary. */
export async function readTextToEdit(abs: string, shown: string, tool: string): Promise<string> {
  let raw: Buffer;
  try {
    if ((await stat(abs)).isDirectory()) throw new ToolError(`${shown} is a directory, not a file.`);
    raw = await readFile(abs);
  } catch (e) {
    if (e instanceof ToolError) throw e;
    if (isErrno(e, 'ENOENT')) throw new ToolError(`${shown} does not exist; use Write to create a new file.`);
    throw new ToolError(fsErrorMessage(e, shown));
  }
  if (looksBinary(raw)) throw new ToolError(`${shown} looks like a binary file; ${tool} only changes text files.`);
  return raw.toString('utf8');
}

/** `content` with `old` replaced by `replacement` at each of `hits`; by slicing, so `$&` and friends stay literal. */
export function replaceAt(content: string, hits: readonly number[], old: string, replacement: string): string {
  const pieces: string[] = [];
  let from = 0;
  for (const h of hits) {
    pieces.push(content.slice(from, h), replacement);
    from = h + old.length;
  }
  pieces.push(content.slice(from));
  return pieces.join('');
}

export const editTool = defineTool({
  name: 'Edit',
  description:
    'Replace exact text in an existing file. old_string must appear exactly once unless replace_all is true; ' +
    'include enough surrounding lines to make it unique. Whitespace and indentation must match exactly. ' +
    'Use Write to create new files.',
  inputSchema: EditInput,
  effects: (input, place) => [{ kind: 'write', ...fileTarget(place, input.path), edit: true }],
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path, ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    if (input.old_string === input.new_string) {
      throw new ToolError('old_string and new_string are identical, so the edit would change nothing.');
    }
    const content = await readTextToEdit(abs, shown, 'Edit');
    const hits = findOccurrences(content, input.old_string);
    if (hits.length === 0) {
      throw new ToolError(`old_string was not found in ${shown}.${notFoundHint(content, input.old_string)}`);
    }
    if (hits.length > 1 && !input.replace_all) {
      const lines = hits.slice(0, 10).map((h) => lineOf(content, h));
      const more = hits.length > 10 ? ', …' : '';
      throw new ToolError(
        `old_string appears ${hits.length} times in ${shown} (lines ${lines.join(', ')}${more}); ` +
          'add surrounding lines to make it unique, or set replace_all to replace every occurrence.',
      );
    }
    const updated = replaceAt(content, hits, input.old_string, input.new_string);
    await atomicWriteFile(abs, updated, shown, { temps: ctx.tempFiles });
    const diff = unifiedDiff(content, updated, shown);
    const count = hits.length === 1 ? '1 replacement' : `${hits.length} replacements`;
    return { ok: true, output: `Edited ${shown}: ${count}.\n${diff}`, diff };
  },
});
