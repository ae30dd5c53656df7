import type { z } from 'zod';
import type { ToolName } from '../../../shared/tools';
import type { ToolEffect } from './effects';
import type { HostEnv } from '../host-env';

export interface ToolContext {
  /** Absolute path of the session's workspace; relative paths resolve against it. */
  workspace: string;
  /** `~` (the home folder) and the environment commands run with, as the composition root resolved them. */
  host: HostEnv;
  sessionId: string;
  promptId: string;
  signal: AbortSignal;
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
    }
  | { ok: false; error: string };

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: ToolName;
  description: string;
  inputSchema: S;
  /** What the call will do, declared before it runs (see effects.ts); pure, no file system access. */
  effects(input: z.infer<S>, ctx: ToolPlace): readonly ToolEffect[];
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome>;
}
