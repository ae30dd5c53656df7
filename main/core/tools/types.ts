import type { z } from 'zod';
import type { ToolName } from '../../../shared/tools';
import type { ToolEffect } from './effects';
import type { HostEnv } from '../host-env';
import type { McpToolHints } from '../../../shared/mcp';
import type { WebAccess } from './webfetch-access';
import type { TempFileJournal } from './temp-journal';
import type { AgentInput } from '../../../shared/agents';
import type { PlanItem } from '../../../shared/plan';
import type { ImageRef } from '../../../shared/images';
import type { ToolImages } from './read-image';

export interface ToolContext {
  /** Absolute path of the session's workspace; relative paths resolve against it. */
  workspace: string;
  /** `~` (the home folder) and the environment commands run with, as the composition root resolved them. */
  host: HostEnv;
  sessionId: string;
  promptId: string;
  signal: AbortSignal;
  /** The resolver WebFetch connects through and the policy's say on the URLs it meets mid-call (see webfetch-access.ts). */
  web?: WebAccess;
  /**
   * Fires when the call must stop at once (a forced cancel, or a forced shutdown): its processes get SIGKILL,
   * with no grace. `signal` fires too, so a tool without processes of its own needs only `signal`.
   */
  forceSignal?: AbortSignal;
  /** Where files written through a temp file record it first (see temp-journal.ts); absent, they are not recorded. */
  tempFiles?: TempFileJournal;
  /** Confines a Bash command to the session's folders and hosts (given when the policy placed the call in the sandbox). */
  sandbox?: BashSandbox;
  /** Starts and awaits the child sessions of this call (the Agent tool); absent where children cannot be started. */
  agents?: AgentRunner;
  /** Where Read keeps an image it shows a vision model (absent: images are refused as unseen). */
  images?: ToolImages;
  /** Replaces the session's live plan (the Plan tool); absent where there is no session to keep it. */
  plans?: { set(items: readonly PlanItem[]): void };
}

/** What the Agent tool asks of the engine for one call: start the child (once, even across restarts) and await it. */
export interface AgentRunner {
  run(input: AgentInput): Promise<ToolOutcome>;
}

/** What the OS sandbox refused a command: a write, a read or a connection, and the path or host:port. */
export interface SandboxRefusal {
  kind: 'write' | 'read' | 'network';
  target: string;
}

/** A Bash command made ready to run confined: the program to spawn with its arguments and environment. */
export interface ConfinedCommand {
  argv: string[];
  env: Record<string, string | undefined>;
  /** What the sandbox refused this command, found once it has ended (its output and the proxy's record). */
  refusals(output: string): SandboxRefusal[];
  /** Call once the command has ended or never started. */
  release(): void;
}

/** The OS sandbox as the Bash tool sees it; main/core/sandbox implements it for one session's lists. */
export interface BashSandbox {
  confine(command: string, opts: { cwd: string; env: Readonly<Record<string, string | undefined>> }): Promise<ConfinedCommand>;
}

/** Where a call's paths resolve: relative ones against the workspace, `~` to the home folder. */
export interface ToolPlace {
  workspace: string;
  home: string;
}

/** `ok: false` errors are written for the model to read and fix, not stack traces. */
export type ToolOutcome =
  | {
      ok: true;
      output: string;
      truncated?: boolean;
      /** Unified-style diff of what the call changed (Edit), for the UI; also included in `output`. */
      diff?: string;
      /** What the sandbox refused a Bash command that still succeeded (also said in `output`). */
      refusals?: SandboxRefusal[];
      /** Images the model is shown with the result (Read of an image), kept in the data folder. */
      images?: ImageRef[];
    }
  | { ok: false; error: string; refusals?: SandboxRefusal[] };

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  /** A built-in tool's ToolName, or an MCP server's tool as `mcp__<server>__<tool>`. */
  name: ToolName | `mcp__${string}`;
  /** What an MCP server says of its tool, shown on the approval card (never used to decide). */
  hints?: McpToolHints | null;
  description: string;
  inputSchema: S;
  /** What the call will do, declared before it runs (see effects.ts); pure, no file system access. */
  effects(input: z.infer<S>, ctx: ToolPlace): readonly ToolEffect[];
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome>;
}
