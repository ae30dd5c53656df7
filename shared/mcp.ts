import { z } from 'zod';
import { MsgSchema } from './msg-schema';

/**
 * What an MCP server says about one of its tools. Shown on the approval card; never relaxes a rule (a server
 * could claim anything).
 */
export const McpToolHints = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type McpToolHints = z.infer<typeof McpToolHints>;

/** The server's process (or connection): not running, starting, answering, or failed (it is retried on next use). */
export const McpServerState = z.enum(['stopped', 'starting', 'ready', 'failed']);
export type McpServerState = z.infer<typeof McpServerState>;

/**
 * Whether a configured server may run for a workspace: `usable`, turned off by a person (`disabled`), a project
 * server waiting for a person's approval (`needs_approval`) or in an untrusted workspace (`untrusted`), refused by
 * the managed lists (`refused`), unusable as written (`invalid`: an unset `${VAR}`), or a project server named
 * like a user server (`shadowed`).
 */
export const McpStanding = z.enum(['usable', 'disabled', 'needs_approval', 'untrusted', 'refused', 'invalid', 'shadowed']);
export type McpStanding = z.infer<typeof McpStanding>;

export const McpScope = z.enum(['user', 'project']);
export type McpScope = z.infer<typeof McpScope>;

export const McpToolView = z.object({
  /** The name the model and the rules use: `mcp__<server>__<tool>`. */
  name: z.string(),
  /** The tool's own name on the server. */
  tool: z.string(),
  description: z.string(),
  hints: McpToolHints.nullable(),
});
export type McpToolView = z.infer<typeof McpToolView>;

export const McpServerView = z.object({
  name: z.string(),
  scope: McpScope,
  /** The workspace of a project server; null for a user server. */
  workspace: z.string().nullable(),
  /** The mcp.json file that configures it. */
  file: z.string(),
  /** How it starts, as written: the command line with its environment, or the URL. */
  launch: z.string(),
  standing: McpStanding,
  /** Why it does not run, for any standing but `usable`: in English, and as data for clients to render. */
  reason: z.string().nullable(),
  reasonMsg: MsgSchema.optional(),
  enabled: z.boolean(),
  state: McpServerState,
  pid: z.number().int().nullable(),
  /** Why it failed, with the exit code: in English, and as data for clients to render (what the server said stays a value). */
  error: z.string().nullable(),
  errorMsg: MsgSchema.optional(),
  /** The last lines it wrote to stderr. */
  stderr: z.array(z.string()),
  /** Its tools, as last listed (empty until it has started once). */
  tools: z.array(McpToolView),
  /** Sessions whose turns listed or called its tools since it started. */
  sessions: z.array(z.object({ id: z.string(), ref: z.string(), name: z.string().nullable() })),
});
export type McpServerView = z.infer<typeof McpServerView>;

export const McpOverview = z.object({
  /** The workspace asked about; null lists the user's servers and those of every open session's workspace. */
  workspace: z.string().nullable(),
  servers: z.array(McpServerView),
  /** Configuration problems: one sentence naming the file and the field. */
  problems: z.array(z.object({ file: z.string(), server: z.string().nullable(), message: z.string(), msg: MsgSchema.optional() })),
});
export type McpOverview = z.infer<typeof McpOverview>;

/** Names one configured server: by name, in a workspace (whose `.mcp.json` servers count too) or among the user's. */
export const McpServerRef = z.object({
  server: z.string().min(1),
  workspace: z.string().min(1).optional(),
  /** The session whose workspace to look in (instead of `workspace`). */
  session: z.string().min(1).optional(),
});
