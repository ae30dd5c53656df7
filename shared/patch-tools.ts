import { z } from 'zod';

// Inputs of the two multi-change edit tools; kept apart from tools.ts so that file stays one list of the basics.

export const ApplyPatchInput = z.object({
  input: z.string().min(1).describe('The whole patch, from *** Begin Patch to *** End Patch'),
});

export const MultiEditInput = z.object({
  path: z.string().min(1).describe('File to edit'),
  edits: z
    .array(
      z.object({
        old_string: z.string().min(1).describe('Exact text to replace, as the earlier edits left it'),
        new_string: z.string().describe('Replacement'),
        replace_all: z.boolean().optional().describe('Replace every occurrence'),
      }),
    )
    .min(1)
    .describe('Applied in order'),
});
