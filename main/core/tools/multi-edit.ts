import { readFile, stat } from 'node:fs/promises';
import { MultiEditInput } from '../../../shared/patch-tools';
import { atomicWriteFile } from './atomic-write';
import { looksBinary } from './binary';
import { defineTool } from './define';
import { unifiedDiff } from './diff';
import { findOccurrences } from './edit';
import { fileTarget } from './effects';
import { ToolError, fsErrorMessage, isErrno } from './errors';
import { displayPath, resolveToolPath } from './paths';

interface OneEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}

/** Where an edit stands, for messages: later edits see the text the earlier ones left. */
function which(index: number): string {
  if (index === 0) return 'edit 1';
  return `edit ${index + 1} (applied after ${index === 1 ? 'edit 1' : `edits 1–${index}`})`;
}

/** `content` with edit `index` applied, and how many replacements it made; throws a ToolError when it cannot apply. */
function applyOne(content: string, edit: OneEdit, index: number, shown: string): { text: string; count: number } {
  if (edit.old_string === edit.new_string) {
    throw new ToolError(`${which(index)}: old_string and new_string are identical, so the edit would change nothing. No edit was applied.`);
  }
  const hits = findOccurrences(content, edit.old_string);
  if (hits.length === 0) {
    throw new ToolError(
      `${which(index)}: old_string was not found in ${shown}. Copy the exact text, including whitespace, as the earlier ` +
        'edits leave it. No edit was applied.',
    );
  }
  if (hits.length > 1 && edit.replace_all !== true) {
    throw new ToolError(
      `${which(index)}: old_string appears ${hits.length} times in ${shown}; add surrounding lines to make it unique, ` +
        'or set replace_all to replace every occurrence. No edit was applied.',
    );
  }
  // Built by slicing, not String.replace, so `$&` and friends in new_string stay literal.
  const pieces: string[] = [];
  let from = 0;
  for (const h of hits) {
    pieces.push(content.slice(from, h), edit.new_string);
    from = h + edit.old_string.length;
  }
  pieces.push(content.slice(from));
  return { text: pieces.join(''), count: hits.length };
}

export const multiEditTool = defineTool({
  name: 'MultiEdit',
  description:
    'Make several exact-text replacements in one existing file, in order: each edit applies to the result of the ' +
    'previous one, and either all edits apply or none does. Each old_string must appear exactly once unless ' +
    'replace_all is true; whitespace and indentation must match exactly. Prefer it to several Edit calls on one file.',
  inputSchema: MultiEditInput,
  effects: (input, place) => [{ kind: 'write', ...fileTarget(place, input.path), edit: true }],
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path, ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    let raw: Buffer;
    try {
      if ((await stat(abs)).isDirectory()) throw new ToolError(`${shown} is a directory, not a file.`);
      raw = await readFile(abs);
    } catch (e) {
      if (e instanceof ToolError) throw e;
      if (isErrno(e, 'ENOENT')) throw new ToolError(`${shown} does not exist; use Write to create a new file.`);
      throw new ToolError(fsErrorMessage(e, shown));
    }
    if (looksBinary(raw)) throw new ToolError(`${shown} looks like a binary file; MultiEdit only changes text files.`);
    const original = raw.toString('utf8');
    let content = original;
    let total = 0;
    input.edits.forEach((edit, index) => {
      const r = applyOne(content, edit, index, shown);
      content = r.text;
      total += r.count;
    });
    if (content === original) throw new ToolError(`The edits leave ${shown} as it was, so nothing was written.`);
    await atomicWriteFile(abs, content, shown, { temps: ctx.tempFiles });
    const diff = unifiedDiff(original, content, shown);
    const edits = input.edits.length === 1 ? '1 edit' : `${input.edits.length} edits`;
    const count = total === 1 ? '1 replacement' : `${total} replacements`;
    return { ok: true, output: `Edited ${shown}: ${edits}, ${count}.\n${diff}`, diff };
  },
});
