import { z } from 'zod';

/**
 * What the preload sends when files are dropped on the window: their absolute paths and where they landed.
 * Main checks the sender and parses this like any other IPC input.
 */
export const DropRequest = z.object({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(256),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('window') }),
    /** An element marked `data-paragents-drop="prompt"` (a prompt box), with its `data-session-id` if any. */
    z.object({ kind: z.literal('prompt'), sessionId: z.string().max(200).nullable() }),
  ]),
});
export type DropRequest = z.infer<typeof DropRequest>;

export type DropReply =
  | { kind: 'insert_paths'; text: string }
  | { kind: 'done'; message: string }
  | { kind: 'ignored'; reason: string };

/** Attribute the renderer puts on a prompt box so dropped files become paths in it. */
export const PROMPT_DROP_ATTRIBUTE = 'data-paragents-drop';
export const PROMPT_DROP_VALUE = 'prompt';
export const SESSION_ID_ATTRIBUTE = 'data-session-id';
