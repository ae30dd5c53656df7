import { z } from 'zod';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { BashInput, ToolName } from '../../../shared/tools';
import { bashTool } from './bash';
import { editTool } from './edit';
import { globTool } from './glob';
import { grepTool } from './grep';
import { lsTool } from './ls';
import { readTool } from './read';
import type { ToolDefinition } from './types';
import { webFetchTool } from './webfetch';
import { writeTool } from './write';
import { agentTool } from './agent';
import { planTool } from './plan';
import { applyPatchTool } from './apply-patch';
import { multiEditTool } from './multi-edit';

export const builtinTools: Record<ToolName, ToolDefinition> = {
  Read: readTool,
  Write: writeTool,
  Edit: editTool,
  LS: lsTool,
  Glob: globTool,
  Grep: grepTool,
  Bash: bashTool,
  WebFetch: webFetchTool,
  Agent: agentTool,
  Plan: planTool,
  MultiEdit: multiEditTool,
  apply_patch: applyPatchTool,
};

/** The shape the OpenAI chat completions API takes in `tools`. */
export interface FunctionToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const SAFE_INT = Number.MAX_SAFE_INTEGER;

/** JSON schema for a tool's input, without `$schema` and the ±2^53 bounds zod adds to every int. */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return JSON.parse(JSON.stringify(json), (key, value: unknown) =>
    (key === 'minimum' && value === -SAFE_INT) || (key === 'maximum' && value === SAFE_INT) ? undefined : value,
  ) as Record<string, unknown>;
}

/**
 * OpenAI function-tool specs for `names` (default: every built-in tool), in the order given. Bash offers
 * `dangerouslyDisableSandbox` only to a session whose commands the sandbox confines: elsewhere it means nothing.
 */
export function toolSpecs(names: readonly ToolName[] = ToolName.options, opts: { sandboxed?: boolean } = {}): FunctionToolSpec[] {
  return names.map((name) => {
    const tool = builtinTools[name];
    const schema = name === 'Bash' && opts.sandboxed !== true ? BashInput.omit({ dangerouslyDisableSandbox: true }) : tool.inputSchema;
    return {
      type: 'function',
      function: { name, description: tool.description, parameters: inputJsonSchema(schema) },
    };
  });
}

function isToolName(name: string): name is ToolName {
  return (ToolName.options as readonly string[]).includes(name);
}

function preview(text: string): string {
  const max = 200;
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** The value at `path` inside `root`, or undefined when any step is missing. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function describeIssue(tool: string, issue: z.core.$ZodIssue, raw: unknown): string {
  const where = issue.path.length > 0 ? `"${issue.path.map(String).join('.')}"` : 'the arguments';
  if (issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined) return `${tool}: ${where} is required`;
  if (issue.code === 'unrecognized_keys') return `${tool}: unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return `${tool}: ${where}: ${issue.message}`;
}

/**
 * Checks a tool's input against its schema: a JSON object with the fields the tool takes. Errors are
 * sentences naming the tool and the field.
 */
export function parseToolInput(tool: ToolDefinition, raw: unknown): Result<unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const kind = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`;
    return err('invalid_input', `The arguments for ${tool.name} must be a JSON object, but received ${kind}.`);
  }
  const parsed = tool.inputSchema.safeParse(raw);
  if (!parsed.success) {
    return err('invalid_input', parsed.error.issues.map((i) => describeIssue(tool.name, i, raw)).join('\n'));
  }
  return ok(parsed.data);
}

/** The built-in tool of that name, or null. */
export function builtinTool(name: string): ToolDefinition | null {
  return isToolName(name) ? builtinTools[name] : null;
}

/** Tools besides the built-in ones that a session's turn offers (its MCP servers' tools). */
export interface ToolLookup {
  find(name: string): ToolDefinition | undefined;
  names(): readonly string[];
}

/**
 * Checks a model's tool call: the name must be a built-in tool (or one `extra` holds), the arguments a JSON object that
 * matches its schema (an empty string counts as `{}`). Errors are sentences for the model.
 */
export function parseToolCall(name: string, argumentsJson: string, extra?: ToolLookup): Result<{ tool: ToolDefinition; input: unknown }> {
  const tool = isToolName(name) ? builtinTools[name] : extra?.find(name);
  if (!tool) {
    const valid = [...ToolName.options, ...(extra?.names() ?? [])];
    return err('not_found', `Unknown tool ${JSON.stringify(name)}. Valid tools are: ${valid.join(', ')}.`);
  }
  let raw: unknown = {};
  if (argumentsJson.trim() !== '') {
    try {
      raw = JSON.parse(argumentsJson);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return err(
        'invalid_input',
        `The arguments for ${name} are not valid JSON (${why}). Send one JSON object; received: ${preview(argumentsJson)}`,
      );
    }
  }
  const input = parseToolInput(tool, raw);
  return input.ok ? ok({ tool, input: input.value }) : input;
}
