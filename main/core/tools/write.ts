import { WriteInput } from '../../../shared/tools';
import { atomicWriteFile } from './atomic-write';
import { defineTool } from './define';
import { fileTarget } from './effects';
import { displayPath, resolveToolPath } from './paths';

export const writeTool = defineTool({
  name: 'Write',
  description:
    'Create a file or replace its whole content. Missing parent folders are created; an existing file keeps its ' +
    'permissions. The write is atomic. Prefer Edit for changing part of an existing file.',
  inputSchema: WriteInput,
  effects: (input, place) => [{ kind: 'write', ...fileTarget(place, input.path), edit: false }],
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path, ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    const r = await atomicWriteFile(abs, input.content, shown, { temps: ctx.tempFiles });
    const verb = r.created ? 'Created' : 'Overwrote';
    return { ok: true, output: `${verb} ${shown} (${r.bytes} bytes).` };
  },
});
