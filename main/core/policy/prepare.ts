import path from 'node:path';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { ToolEffect } from '../tools/effects';
import { builtinTool, parseToolInput } from '../tools/registry';
import type { ToolDefinition } from '../tools/types';
import type { ShellAnalyzer, ShellPlan } from './shell/analyze';

/** A call's bash command, parsed once (tree-sitter-bash) for the permission policy and the conflict checks alike. */
export interface ParsedShell {
  command: string;
  /** The folder the command starts in (the workspace) and the home `~` stands for, as the analysis used them. */
  cwd: string;
  home: string;
  plan: ShellPlan;
}

/**
 * One tool call, prepared once before any check: its input parsed by the tool's schema, the effects the tool
 * declares for it, and its shell command parsed. The policy and the conflict gate read this; neither looks at
 * the tool's name or its raw input again. It is the policy's input (the shell analysis is the policy's), and the
 * conflict gate reads the same one.
 */
export interface PreparedCall<T extends ToolDefinition | null = ToolDefinition> {
  /** The tool's name as the model and the rules spell it (`Bash`, `mcp__github__get_issue`). */
  name: string;
  /** The built-in tool that runs the call; null for a name the registry does not hold (only `policy check` has those). */
  tool: T;
  /** The input as the tool's schema parsed it (as given, for a tool outside the registry). */
  input: unknown;
  /** Absolute path of the workspace the call runs in. */
  workspace: string;
  effects: readonly ToolEffect[];
  /** The parse of the call's `shell` effect; null when the call runs no shell command. */
  shell: ParsedShell | null;
}

/** A call the policy can be asked about: a built-in tool, or a name only the rules know. */
export type CheckableCall = PreparedCall<ToolDefinition | null>;

export interface PrepareOptions {
  workspace: string;
  /** The user's home folder: what `~` means in paths and shell commands (the policy's home, so both read it alike). */
  home: string;
  shell: ShellAnalyzer;
}

async function parseShell(effects: readonly ToolEffect[], workspace: string, opts: PrepareOptions): Promise<ParsedShell | null> {
  const commands = effects.flatMap((e) => (e.kind === 'shell' ? [e.command] : []));
  if (commands.length > 1) throw new Error('a tool call declared more than one shell command; PreparedCall holds one parse');
  const command = commands[0];
  if (command === undefined) return null;
  const plan = await opts.shell.analyze(command, { cwd: workspace, home: opts.home });
  return { command, cwd: workspace, home: opts.home, plan };
}

/** Prepares a call of a built-in tool whose input the tool's schema has already parsed (`parseToolCall`). */
export async function prepareCall(tool: ToolDefinition, input: unknown, opts: PrepareOptions): Promise<PreparedCall> {
  const workspace = path.resolve(opts.workspace);
  const effects = tool.effects(input, { workspace, home: opts.home });
  return { name: tool.name, tool, input, workspace, effects, shell: await parseShell(effects, workspace, opts) };
}

/**
 * Names the permission rules know but the registry does not run: `mcp__server__tool` declares what it reaches;
 * any other name declares nothing, and the policy asks about it.
 */
function foreignEffects(name: string): Result<ToolEffect[]> {
  if (name.startsWith('mcp__')) {
    const rest = name.slice('mcp__'.length);
    const cut = rest.indexOf('__');
    return ok([{ kind: 'mcp', server: cut < 0 ? rest : rest.slice(0, cut), tool: cut < 0 ? '' : rest.slice(cut + 2) }]);
  }
  return ok([{ kind: 'opaque', tool: name }]);
}

/**
 * Prepares a call given by name with raw input (`paragents policy check`, the `policy.check` request): a built-in
 * tool's input is parsed by its schema first, and an invalid one is an error naming the field.
 */
export async function prepareNamedCall(name: string, input: Record<string, unknown>, opts: PrepareOptions): Promise<Result<CheckableCall>> {
  const tool = builtinTool(name);
  if (tool) {
    const parsed = parseToolInput(tool, input);
    if (!parsed.ok) return parsed;
    return ok(await prepareCall(tool, parsed.value, opts));
  }
  const effects = foreignEffects(name);
  if (!effects.ok) return effects;
  return ok({ name, tool: null, input, workspace: path.resolve(opts.workspace), effects: effects.value, shell: null });
}

/** `prepareCall` and `prepareNamedCall` bound to one home and one shell analyzer (built in the composition root). */
export interface CallPreparer {
  readonly home: string;
  prepare(tool: ToolDefinition, input: unknown, workspace: string): Promise<PreparedCall>;
  prepareNamed(name: string, input: Record<string, unknown>, workspace: string): Promise<Result<CheckableCall>>;
}

export function createCallPreparer(opts: { home: string; shell: ShellAnalyzer }): CallPreparer {
  return {
    home: opts.home,
    prepare: (tool, input, workspace) => prepareCall(tool, input, { ...opts, workspace }),
    prepareNamed: (name, input, workspace) => prepareNamedCall(name, input, { ...opts, workspace }),
  };
}
