import type { RuntimeConfig } from '../../../shared/config';
import type { EditToolChoice, PromptFamily, ReasoningEffort } from '../../../shared/model-family';

/** The process environment as config reads it (tests pass a plain object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A provider ready to call: key resolved from the file, its apiKeyEnv variable or OPENAI_API_KEY. */
export interface ResolvedProvider {
  name: string;
  baseURL: string;
  model: string;
  apiKey: string | null;
  /** The variable a key is expected in, for error messages ("set OPENROUTER_KEY"); null when none applies. */
  apiKeyEnv: string | null;
  headers: Record<string, string>;
  /** config.json's `contextWindow` for this provider, when set (see main/core/context/window.ts otherwise). */
  contextWindow?: number;
  /** config.json's `maxOutputTokens` for this provider, when set (the global setting applies otherwise). */
  maxOutputTokens?: number;
  /** config.json's choices for this provider, when set (main/core/model/family.ts chooses otherwise). */
  promptFamily?: PromptFamily;
  editTool?: EditToolChoice;
  vision?: boolean;
  reasoningEffort?: ReasoningEffort;
}

export interface LoadedConfig {
  /** `<home>/config.json`, whether or not it exists. */
  path: string;
  home: string;
  /**
   * The effective config: the file's settings with env overrides applied (and the "env" provider when one was
   * synthesised). Key material from the environment is never copied in here, only into `providers`.
   */
  config: RuntimeConfig;
  /** Default provider first, then the fallback order. Never empty. */
  providers: ResolvedProvider[];
  /** Every provider of the file, in its order (absent where a caller built the config by hand: `providers` then). */
  configured?: ResolvedProvider[];
  /** Which environment variables changed the config, for "using model from PARAGENTS_MODEL" style hints. */
  envApplied: string[];
}
