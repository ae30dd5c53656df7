import { MultiEditInput } from '../../../shared/patch-tools';
import { atomicWriteFile } from './atomic-write';
import { defineTool } from './define';
import { unifiedDiff } from './diff';
import { findOccurrences, readTextToEdit, replaceAt } from './edit';
import { fileTarget } from './effects';
import { ToolError } from './errors';
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
  return { text: replaceAt(content, hits, edit.old_string, edit.new_string), count: hits.length };
}

export const multiEditTool = defineTool({
  name: 'MultiEdit',
  description:
    'Several exact-text replacements in one file, in order, each on the result of the one before; all apply or none. ' +
    'Each old_string must be unique unless replace_all; whitespace must match exactly.',
  inputSchema: MultiEditInput,
  effects: (input, place) => [{ kind: 'write', ...fileTarget(place, input.path), edit: true }],
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path, ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    const original = await readTextToEdit(abs, shown, 'MultiEdit');
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
