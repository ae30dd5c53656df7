import { z } from 'zod';

export const ProviderConfig = z.object({
  name: z.string().min(1),
  baseURL: z.string().url(),
  model: z.string().min(1),
  /** Literal key (desktop app stores it encrypted instead); prefer apiKeyEnv in files. */
  apiKey: z.string().optional(),
  /** Name of the environment variable holding the key. */
  apiKeyEnv: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}).strict();
export type ProviderConfig = z.infer<typeof ProviderConfig>;

export const RuntimeConfig = z.object({
  providers: z.array(ProviderConfig).default([]),
  defaultProvider: z.string().optional(),
  /** Providers tried, in order, when the default one fails. */
  fallback: z.array(z.string()).default([]),
  concurrency: z.number().int().min(1).max(256).default(4),
  maxSteps: z.number().int().min(1).max(1000).default(25),
  requestTimeoutMs: z.number().int().min(1000).max(3_600_000).default(120_000),
  maxRetries: z.number().int().min(0).max(10).default(3),
  temperature: z.number().min(0).max(2).optional(),
}).strict();
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** What the UI may see of the config: keys are never sent, only whether one is set. */
export const RedactedProvider = ProviderConfig.omit({ apiKey: true }).extend({ apiKeySet: z.boolean() });
export const RedactedConfig = RuntimeConfig.omit({ providers: true }).extend({
  providers: z.array(RedactedProvider),
  path: z.string(),
  home: z.string(),
});
export type RedactedConfig = z.infer<typeof RedactedConfig>;
