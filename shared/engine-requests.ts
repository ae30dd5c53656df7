import { z } from 'zod';

/** One entry of a folder listing: sub-folders are what a workspace picker walks, files are shown for orientation. */
export const FsEntry = z.object({ name: z.string(), kind: z.enum(['folder', 'file', 'other']) });
export type FsEntry = z.infer<typeof FsEntry>;

export const FsListing = z.object({
  /** The folder listed, absolute, as the engine's machine names it. */
  path: z.string(),
  /** Its parent folder; null at the root. */
  parent: z.string().nullable(),
  /** Sorted folders first, then by name; hidden entries (a leading dot) included. */
  entries: z.array(FsEntry),
  /** True when the folder had more entries than the listing returns. */
  truncated: z.boolean(),
});
export type FsListing = z.infer<typeof FsListing>;

/**
 * Requests about the engine's process and machine rather than its sessions: what a panel needs to use an engine on
 * another machine (pick a workspace there, stop it when the app closes).
 */
export const engineRequests = {
  /**
   * The folders and files of one folder on the engine's machine (`~` or absent: its user's home folder), for picking
   * a workspace there. A relative path is refused.
   */
  'fs.list': {
    input: z.object({
      path: z.string().min(1).max(4096).optional(),
      /** Whose folders: a remote machine's name (the host's hub sends the request there); absent or `local`: this one. */
      machine: z.string().min(1).optional(),
    }),
    output: FsListing,
  },
  /**
   * Asks the engine's process to close (its running turns recorded as cancelled) once this answer is sent. Only a
   * headless engine started for a stream (`paragents engine --stdio`) takes it; an app's engine closes with its app.
   */
  'engine.stop': { input: z.object({}), output: z.object({ stopping: z.literal(true) }) },
} as const;
