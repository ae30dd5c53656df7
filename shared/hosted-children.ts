import { z } from 'zod';
import { IdOrRef } from './ids';
import { SessionSummary } from './models';
import { PermissionMode } from './policy';

/**
 * What an engine asks of another machine's engine for an `Agent` call that names that machine: the child is
 * hosted there, in a worktree of a clone of the parent's repository (its remote URL), and its work comes back as a
 * branch the parent's side fetches over SSH.
 */
export const HostChildInput = z.object({
  /** The parent repository's remote URL, which the machine clones (or fetches into the clone it already has). */
  url: z.string().min(1),
  /** The commit the child starts from: the parent's HEAD. */
  commit: z.string().regex(/^[0-9a-f]{40,64}$/, 'a full commit id'),
  /** The parent's workspace relative to its repository's top level ('' at the top). */
  rel: z.string(),
  prompt: z.string().min(1),
  name: z.string().min(1).max(80).optional(),
  /** The parent's mode: no child works in a wider one. */
  mode: PermissionMode.optional(),
});
export type HostChildInput = z.infer<typeof HostChildInput>;

export const HostedChild = z.object({
  session: SessionSummary,
  promptId: z.string(),
});
export type HostedChild = z.infer<typeof HostedChild>;

/** The hosted child's work, committed on its branch in the clone. */
export const ConcludedChild = z.object({
  /** The clone (a folder on that machine) that holds the branch. */
  repo: z.string(),
  branch: z.string(),
  commit: z.string(),
  /** Files changed since the commit it started from. */
  files: z.array(z.string()),
});
export type ConcludedChild = z.infer<typeof ConcludedChild>;

export const hostedChildRequests = {
  /** Starts a child hosted on this machine for another machine's parent: clone, worktree at `commit`, session, prompt. */
  'agents.hostChild': { input: HostChildInput, output: HostedChild },
  /** Commits what a hosted child left on its branch and says what it changed since `base`. */
  'agents.concludeHosted': { input: z.object({ session: IdOrRef, base: z.string().min(1) }), output: ConcludedChild },
} as const;
