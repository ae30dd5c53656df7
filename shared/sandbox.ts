import { z } from 'zod';
import { MsgSchema } from './msg-schema';
import { PolicySource } from './policy';

/** Where a sandbox setting's value came from: a settings file, or the built-in default. */
export const SandboxFlagSource = z.union([PolicySource, z.literal('default')]);

/** The sandbox view and `paragents sandbox status`: can it run here, what the settings say, what a session may touch. */
export const SandboxStatus = z.object({
  available: z.boolean(),
  platform: z.string(),
  /** What is missing (`bwrap`, `socat`, `rg`, `user namespaces`, or the platform), empty when available. */
  missing: z.array(z.string()),
  /** The command that installs what is missing, when there is one. */
  install: z.string().nullable(),
  /** Why it cannot run, in English (null when it can); `reasonMsg` the same as data. */
  reason: z.string().nullable(),
  reasonMsg: MsgSchema.optional(),
  /** The workspace the settings were read for; null when none was named (user and managed settings only). */
  workspace: z.string().nullable(),
  enabled: z.boolean(),
  enabledSource: SandboxFlagSource,
  /** `auto-allow`: a confined command that asks only because of the mode runs without a card; `regular`: it asks. */
  mode: z.enum(['auto-allow', 'regular']),
  allowUnsandboxedCommands: z.boolean(),
  failIfUnavailable: z.boolean(),
  excludedCommands: z.array(z.string()),
  /** Whether this workspace's (or session's) Bash commands run confined now: on and able to run. */
  sandboxed: z.boolean(),
  writeRoots: z.array(z.string()),
  denyWrite: z.array(z.string()),
  denyRead: z.array(z.string()),
  allowedDomains: z.array(z.string()),
  deniedDomains: z.array(z.string()),
  /** Refusals recorded for the session (0 without one). */
  violations: z.number().int(),
});
export type SandboxStatus = z.infer<typeof SandboxStatus>;

/** Whether a session's Bash commands run confined now, for its header; why not when the sandbox is on but cannot run. */
export const SessionSandbox = z.object({
  sandboxed: z.boolean(),
  enabled: z.boolean(),
  enabledSource: SandboxFlagSource,
  /** Why it cannot run, in English, when it is on and cannot (null otherwise); `reasonMsg` the same as data. */
  reason: z.string().nullable(),
  reasonMsg: MsgSchema.optional(),
});
export type SessionSandbox = z.infer<typeof SessionSandbox>;
