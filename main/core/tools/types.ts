import type { z } from 'zod';
import type { ToolName } from '../../../shared/tools';

/** What a tool call will touch, declared before it runs so policy and conflict checks can reason about it. */
export interface ToolEffects {
  /** Absolute, normalised paths the call reads (files or directories). */
  reads: string[];
  /** Absolute, normalised paths the call creates, overwrites or edits. */
  writes: string[];
  /** The shell command the call runs, if any. */
  command: string | null;
}

export interface ToolContext {
  /** Absolute path of the session's workspace; relative paths resolve against it. */
  workspace: string;
  sessionId: string;
  promptId: string;
  signal: AbortSignal;
}

/** `ok: false` errors are written for the model to read and fix, not stack traces. */
export type ToolOutcome =
  | {
      ok: true;
      output: string;
      truncated?: boolean;
      /** Unified-style diff of what the call changed (Edit), for the UI; also included in `output`. */
      diff?: string;
    }
  | { ok: false; error: string };

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: ToolName;
  description: string;
  inputSchema: S;
  effects(input: z.infer<S>, ctx: Pick<ToolContext, 'workspace'>): ToolEffects;
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome>;
}
