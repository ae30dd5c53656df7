import { z } from 'zod';

/**
 * The version of the request/event contract an engine speaks over a stream (the SSH channel of a remote machine).
 * Raised whenever a request, an event or a field changes in a way an older client or engine cannot read; a client
 * refuses an engine of another version with both numbers, rather than misreading its messages.
 */
export const CONTRACT_VERSION = 1;

/**
 * The first line `paragents engine --stdio` writes, before any answer or event: who answers, which contract it
 * speaks, and the process that holds the data folder (so that a second connection knows it reached the same engine).
 */
export const EngineHello = z.object({
  hello: z.object({
    app: z.literal('paragents'),
    contract: z.number().int(),
    version: z.string(),
    /** The engine's process (not the relay that a later connection runs when the engine is already up). */
    pid: z.number().int().nullable(),
    /** The data folder the engine holds, as that machine names it. */
    home: z.string(),
    /** The machine's own name for itself (os.hostname()). */
    hostname: z.string(),
  }),
});
export type EngineHello = z.infer<typeof EngineHello>;
