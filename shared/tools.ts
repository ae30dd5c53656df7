import { z } from 'zod';
import { AgentInput } from './agents';
import { PlanInput } from './plan';
import { ApplyPatchInput, MultiEditInput } from './patch-tools';
export { AgentInput };

// Model-facing tool names are also the policy's rule names (`Bash(git log *)`, `Edit(src/**)`).
export const ToolName = z.enum(['Read', 'Write', 'Edit', 'LS', 'Glob', 'Grep', 'Bash', 'WebFetch', 'Agent', 'Plan', 'MultiEdit', 'apply_patch']);
export type ToolName = z.infer<typeof ToolName>;

export const ReadInput = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace or absolute'),
  offset: z.number().int().min(0).optional().describe('Line number to start from (0-based)'),
  limit: z.number().int().min(1).optional().describe('Maximum number of lines to return'),
});
export const WriteInput = z.object({
  path: z.string().min(1).describe('File path to create or overwrite'),
  content: z.string().describe('Full new content of the file'),
});
export const EditInput = z.object({
  path: z.string().min(1).describe('File to edit'),
  old_string: z.string().min(1).describe('Exact text to replace; must be unique unless replace_all'),
  new_string: z.string().describe('Replacement text'),
  replace_all: z.boolean().optional().describe('Replace every occurrence'),
});
export const LSInput = z.object({
  path: z.string().optional().describe('Directory to list (default: workspace root)'),
});
export const GlobInput = z.object({
  pattern: z.string().min(1).describe('Glob pattern such as src/**/*.ts'),
  path: z.string().optional().describe('Directory to search from (default: workspace root)'),
  includeIgnored: z.boolean().optional().describe('Also list ignored and hidden files'),
});
export const GrepInput = z.object({
  pattern: z.string().min(1).describe('Regex, Rust syntax (no look-around or backreferences)'),
  path: z.string().optional().describe('File or directory to search (default: workspace root)'),
  glob: z.string().optional().describe('Only files matching this glob: "*.ts" by name, "src/**/*.ts" by path'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('content (default): path:line:text, context as path-line-text; files_with_matches: paths; count: path:N'),
  '-A': z.number().int().min(0).optional().describe('Lines after each match'),
  '-B': z.number().int().min(0).optional().describe('Lines before each match'),
  '-C': z.number().int().min(0).optional().describe('Lines before and after each match'),
  '-i': z.boolean().optional().describe('Case-insensitive'),
  multiline: z.boolean().optional().describe('The pattern may span lines ("." matches newlines)'),
  type: z.string().optional().describe('ripgrep file type, e.g. "ts", "py"'),
  head_limit: z.number().int().min(1).optional().describe('Only the first N lines or entries'),
  includeIgnored: z.boolean().optional().describe('Also search ignored and hidden files'),
});
export const BashInput = z.object({
  command: z.string().min(1).describe('Shell command, run with bash in the workspace'),
  timeout_ms: z.number().int().min(1).max(600_000).optional().describe('Timeout in milliseconds (default 120000)'),
  dangerouslyDisableSandbox: z
    .boolean()
    .optional()
    .describe('Run outside the OS sandbox (only when the sandbox refused something the task needs); a person must approve it'),
});
export const WebFetchInput = z.object({
  url: z.string().min(1).describe('The http:// or https:// URL to fetch'),
  prompt: z.string().optional().describe('What you are looking for in the page; repeated at the top of the result as a reminder'),
});

export const toolInputSchemas = {
  Read: ReadInput,
  Write: WriteInput,
  Edit: EditInput,
  LS: LSInput,
  Glob: GlobInput,
  Grep: GrepInput,
  Bash: BashInput,
  WebFetch: WebFetchInput,
  Agent: AgentInput,
  Plan: PlanInput,
  MultiEdit: MultiEditInput,
  apply_patch: ApplyPatchInput,
} as const satisfies Record<ToolName, z.ZodType>;

export type ToolInputs = { [K in ToolName]: z.infer<(typeof toolInputSchemas)[K]> };
