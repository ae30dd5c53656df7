import { z } from 'zod';

/*
 * Full-text search across every session's history (closed ones included): what people asked, what the model
 * answered, what tools were given and what they gave back.
 */

/** Where a hit was found: a prompt, an answer, a tool call's input or a tool's output. */
export const SearchHitKind = z.enum(['prompt', 'answer', 'tool_input', 'tool_output']);
export type SearchHitKind = z.infer<typeof SearchHitKind>;

/** A short piece of the found text around the match; `highlights` are [start, end) offsets of matched words in `text`. */
export const SearchSnippet = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchSnippet = z.infer<typeof SearchSnippet>;

export const SearchHit = z.object({
  sessionId: z.string(),
  /** The remote machine the session runs on (absent: this machine). */
  machine: z.string().optional(),
  sessionRef: z.string(),
  sessionName: z.string().nullable(),
  workspace: z.string(),
  /** The session is closed: its history is still shown, and it can be reopened (`session.reopen`). */
  closed: z.boolean(),
  /** The stored event the transcript shows the hit as (`session.events` pages are cut by seq). */
  seq: z.number().int(),
  promptId: z.string().nullable(),
  /** The tool call of a tool_input or tool_output hit (the transcript shows one entry per call). */
  callId: z.string().nullable(),
  tool: z.string().nullable(),
  kind: SearchHitKind,
  ts: z.string(),
  snippet: SearchSnippet,
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchQuery = z.object({
  /**
   * Plain words, all of which must be found (the last one also as the start of a longer word); "quoted words"
   * must appear together in that order. Punctuation is never query syntax.
   */
  text: z.string().max(500),
  limit: z.number().int().min(1).max(100).optional(),
  /** Only this session's history (id, ref or name). */
  sessionId: z.string().min(1).max(200).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;
