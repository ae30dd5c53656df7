import { z } from 'zod';

/** The parts of a request to the model, in the order the model sees them. */
export const ContextPartKind = z.enum(['system', 'instructions', 'environment', 'plan', 'summary', 'prompts', 'messages', 'tools']);
export type ContextPartKind = z.infer<typeof ContextPartKind>;

export const ContextPart = z.object({
  kind: ContextPartKind,
  /** For people: "system prompt", "recent messages", "summary (auto)", an instruction file's name… */
  label: z.string(),
  /** The file an instruction part was read from; null for the other parts. */
  source: z.string().nullable(),
  tokens: z.number().int().min(0),
  /** Messages in the part (tool specs for `tools`, files for `instructions`). */
  items: z.number().int().min(0),
  /** An instruction file cut at its size cap. */
  truncated: z.boolean(),
});
export type ContextPart = z.infer<typeof ContextPart>;

/** What a session's model sees now: each part with its token count, counted with the model's tokenizer. */
export const SessionContext = z.object({
  sessionId: z.string(),
  sessionRef: z.string(),
  workspace: z.string(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** The tokenizer's encoding (e.g. o200k_base). */
  encoding: z.string(),
  /** The model's context window and where it came from; null when no provider is configured. */
  window: z.number().int().nullable(),
  windowSource: z.string().nullable(),
  parts: z.array(ContextPart),
  totalTokens: z.number().int().min(0),
  /** The view was compacted: older turns are represented by a summary and the person's prompts. */
  compacted: z.boolean(),
  instructionsHash: z.string(),
});
export type SessionContext = z.infer<typeof SessionContext>;
