import { z } from 'zod';

/** Where a child works: its own git worktree (the default in a git workspace), or the parent's folder. */
export const AgentIsolation = z.enum(['worktree', 'shared']);
export type AgentIsolation = z.infer<typeof AgentIsolation>;

/** The `Agent` tool's input: one child session started by the model, with its task and its write contract. */
export const AgentInput = z.object({
  description: z.string().min(1).max(200).describe('A few words saying what the child will do'),
  prompt: z
    .string()
    .min(1)
    .describe('The whole task for the child agent: it sees only this (and the project instructions), not your conversation'),
  name: z.string().min(1).max(80).optional().describe('A name for the child session'),
  outputs: z
    .array(z.string().min(1))
    .optional()
    .describe('Paths or globs, relative to the workspace, that the child will write (its write contract)'),
  isolation: AgentIsolation.optional().describe(
    'worktree: its own git worktree, merged back when it is done (default in a git workspace); shared: your folder',
  ),
  machine: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'A configured remote machine to run the child on, in a clone of this repository (from its git remote) at your HEAD commit; its changes come back as a branch and are merged into your workspace. Omit to run it here',
    ),
});
export type AgentInput = z.infer<typeof AgentInput>;

/**
 * Where a child is in its life: `queued` (waiting for one of its parent's `agents.maxChildren` places), `waiting`
 * (for a sibling whose outputs overlap its own to be integrated), `running` (its prompt is at work, also when it
 * resolves a conflict), `integrating` (in its parent's integration queue), `needs_person` (integration left to a
 * person after `agents.maxIntegrationAttempts`), then `integrated`, `done` (nothing to integrate: a shared child
 * or no changes), `failed` or `cancelled`.
 */
export const AgentChildState = z.enum([
  'queued',
  'waiting',
  'running',
  'integrating',
  'needs_person',
  'integrated',
  'done',
  'failed',
  'cancelled',
]);
export type AgentChildState = z.infer<typeof AgentChildState>;

/** How the child's own prompt ended (null while it has not). */
export const AgentOutcome = z.enum(['completed', 'failed', 'cancelled']);
export type AgentOutcome = z.infer<typeof AgentOutcome>;

/** Where the child's changes are: none yet, waiting in the queue, merged, sent back with a conflict, left for a person, or nothing to do. */
export const IntegrationState = z.enum(['none', 'queued', 'merged', 'conflict', 'needs_person', 'not_needed']);
export type IntegrationState = z.infer<typeof IntegrationState>;

export const AgentChildSummary = z.object({
  sessionId: z.string(),
  sessionRef: z.string(),
  name: z.string().nullable(),
  parentSessionId: z.string(),
  parentRef: z.string(),
  /** The parent's `Agent` tool call that started it. */
  callId: z.string(),
  description: z.string(),
  isolation: AgentIsolation,
  outputs: z.array(z.string()),
  state: AgentChildState,
  outcome: AgentOutcome.nullable(),
  integration: IntegrationState,
  /** Integrations tried that met a conflict. */
  attempts: z.number().int().min(0),
  /** Files the child changed (relative to the workspace). */
  files: z.array(z.string()),
  /** Its tool calls the policy blocked, and those a person (or `--approve never`) denied. */
  blocked: z.number().int().min(0),
  denied: z.number().int().min(0),
  /** Refs of the siblings it waits for (state `waiting`). */
  waitingFor: z.array(z.string()),
  /** The child's branch and worktree folder (worktree children; null for shared ones and before it starts). */
  branch: z.string().nullable(),
  worktree: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AgentChildSummary = z.infer<typeof AgentChildSummary>;

/** What `agents.integrate` did (or, with `preview`, would do) with a child's changes. */
export const IntegrationReport = z.object({
  preview: z.boolean(),
  clean: z.boolean(),
  /** Files the integration changes (or would change) in the parent's workspace. */
  files: z.array(z.string()),
  conflicts: z.array(z.string()),
  merged: z.boolean(),
});
export type IntegrationReport = z.infer<typeof IntegrationReport>;
