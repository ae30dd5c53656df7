import { z } from 'zod';
import { BudgetsConfig, ProviderPrice } from './cost';
import { LANGS, LANGUAGE_SETTINGS } from './i18n/lang';
import { MsgSchema } from './msg-schema';
import { EditToolChoice, PromptFamily, ReasoningEffort } from './model-family';
import { RemoteConfig, RemotesConfig } from './remotes';

export const ProviderConfig = z.object({
  name: z.string().min(1),
  baseURL: z.string().url(),
  model: z.string().min(1),
  /** Literal key (desktop app stores it encrypted instead); prefer apiKeyEnv in files. */
  apiKey: z.string().optional(),
  /** Name of the environment variable holding the key. */
  apiKeyEnv: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** The model's context window in tokens; when absent it is read from the endpoint's model list or a table. */
  contextWindow: z.number().int().min(1024).max(100_000_000).optional(),
  /** Room kept for this provider's answer; overrides the global maxOutputTokens. */
  maxOutputTokens: z.number().int().min(16).max(10_000_000).optional(),
  /** US dollars per million input/output tokens; wins over the endpoint's model list and the built-in table. */
  price: ProviderPrice.optional(),
  /** The system prompt's model family; when absent it is chosen from the model name (see shared/model-family.ts). */
  promptFamily: PromptFamily.optional(),
  /** How the model edits files: OpenAI's `apply_patch` or `Edit`/`MultiEdit`; when absent chosen from the model name. */
  editTool: EditToolChoice.optional(),
  /** The model can see images; when absent, known vision models are. */
  vision: z.boolean().optional(),
  /** How hard a reasoning model thinks, sent only to endpoints that take it; a session's /effort wins. */
  reasoningEffort: ReasoningEffort.optional(),
}).strict();
export type ProviderConfig = z.infer<typeof ProviderConfig>;

const MaxOutputTokens = z.number().int().min(16).max(10_000_000);

/** When the model's view is compacted, as fractions of the context window. */
export const CompactionConfig = z.object({
  /** Compact before a request that would fill more than this share of the window. */
  threshold: z.number().min(0.1).max(0.95).default(0.8),
  /** The share of the room for messages kept for the person's own prompts, verbatim, after compaction. */
  userPromptShare: z.number().min(0.05).max(0.5).default(0.2),
}).strict();
export type CompactionConfig = z.infer<typeof CompactionConfig>;

const AutoResumeMinutes = z.number().min(0).max(10_080);

/** Which events the Telegram gateway tells the paired chats about (approvals are always sent). */
export const TelegramNotify = z.object({
  turnCompleted: z.boolean().default(true),
  turnFailed: z.boolean().default(true),
  /** A conflict waiting for a person's choice, with Override / Wait / Cancel buttons. */
  conflict: z.boolean().default(true),
  /** A session whose queue ran empty. */
  idle: z.boolean().default(false),
}).strict();
export type TelegramNotify = z.infer<typeof TelegramNotify>;

export const TelegramConfig = z.object({
  /** The bot token (paragents gateway telegram set-token writes it here, mode 0600); never sent to the UI. */
  token: z.string().min(1).optional(),
  /** A self-hosted Bot API server; default https://api.telegram.org. */
  apiRoot: z.string().url().optional(),
  notify: TelegramNotify.optional(),
}).strict();
export type TelegramConfig = z.infer<typeof TelegramConfig>;

/** Limits for sessions that start child sessions (the `Agent` tool builds on them). */
export const AgentsConfig = z.object({
  /** At most this many children of one parent run at once; more are queued, never refused. */
  maxChildren: z.number().int().min(1).max(256).default(4),
  /** How deep children may nest: 1 means children cannot start agents of their own. */
  maxDepth: z.number().int().min(0).max(16).default(1),
  /** Conflicting integrations of one child before it waits for a person. */
  maxIntegrationAttempts: z.number().int().min(1).max(100).default(2),
}).strict();
export type AgentsConfig = z.infer<typeof AgentsConfig>;

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
  /** Tokens kept free for the model's answer when a request is sized (a provider's own setting wins). */
  maxOutputTokens: MaxOutputTokens.default(4096),
  compaction: CompactionConfig.default({ threshold: 0.8, userPromptShare: 0.2 }),
  agents: AgentsConfig.default({ maxChildren: 4, maxDepth: 1, maxIntegrationAttempts: 2 }),
  /** An interrupted turn younger than this resumes by itself when the engine starts; 0 = never. */
  autoResumeMinutes: AutoResumeMinutes.default(10),
  /** The Telegram gateway of the desktop app and `paragents serve`. */
  telegram: TelegramConfig.optional(),
  /** Limits across all sessions: `daily` tokens and/or dollars per local calendar day. */
  budgets: BudgetsConfig.optional(),
  /** Machines whose engines this one reaches over SSH (`paragents remote add`); names are unique whatever their case. */
  remotes: RemotesConfig.default([]),
  /**
   * The language of the panel, the CLI and the gateways: `system` (absent), `en` or `zh-CN`; PARAGENTS_LANG wins
   * over it. Read loosely on purpose: a value that is none of those is reported and the system's language is used
   * (readLanguageSetting), instead of making the whole file unreadable.
   */
  language: z.unknown().optional(),
}).strict();
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** Where a provider's context window came from, in the order they are tried. */
export const ContextWindowSource = z.enum(['config', 'endpoint', 'table', 'default']);
export type ContextWindowSource = z.infer<typeof ContextWindowSource>;

/** Where a window came from, as `config show` and `/show-config` print it. */
export function windowSourceText(source: ContextWindowSource): string {
  switch (source) {
    case 'config':
      return 'from config.json';
    case 'endpoint':
      return "from the endpoint's model list";
    case 'table':
      return 'from the built-in table of model families';
    case 'default':
      return 'a conservative default; set contextWindow for this provider in config.json';
    default: {
      const never: never = source;
      return never;
    }
  }
}

export const ContextWindowInfo = z.object({
  provider: z.string(),
  model: z.string(),
  tokens: z.number().int().min(1),
  source: ContextWindowSource,
});
export type ContextWindowInfo = z.infer<typeof ContextWindowInfo>;

/** What the UI may see of the config: keys are never sent, only whether one is set. */
export const RedactedProvider = ProviderConfig.omit({ apiKey: true }).extend({ apiKeySet: z.boolean() });
export const RedactedConfig = RuntimeConfig.omit({ providers: true, maxOutputTokens: true, compaction: true, autoResumeMinutes: true, telegram: true, agents: true, remotes: true }).extend({
  /** The Telegram settings without the token: only whether config.json holds one. */
  telegram: TelegramConfig.omit({ token: true }).extend({ tokenSet: z.boolean() }).optional(),
  providers: z.array(RedactedProvider),
  // Optional here so a view from an older engine still parses.
  maxOutputTokens: MaxOutputTokens.optional(),
  compaction: z.object({ threshold: z.number(), userPromptShare: z.number() }).optional(),
  autoResumeMinutes: AutoResumeMinutes.optional(),
  agents: z.object({ maxChildren: z.number(), maxDepth: z.number(), maxIntegrationAttempts: z.number() }).optional(),
  remotes: z.array(RemoteConfig).optional(),
  /** Each provider's context window and where it came from (config, the endpoint's model list, a table, a default). */
  contextWindows: z.array(ContextWindowInfo).optional(),
  path: z.string(),
  home: z.string(),
});
export type RedactedConfig = z.infer<typeof RedactedConfig>;

export const LanguageSetting = z.enum(LANGUAGE_SETTINGS);

/** The panel's language as the engine knows it: config.json's `language`, and PARAGENTS_LANG when it overrides that. */
export const LanguageState = z.object({
  setting: LanguageSetting,
  /** The catalog language PARAGENTS_LANG names in the engine's environment; it wins over the setting. */
  override: z.enum(LANGS).nullable(),
  /** One sentence naming the file and `language` when the value written there is not a setting (the system's language is used). */
  problem: z.string().nullable(),
  /** The same sentence as data, for clients to render in their language (absent from a state sent before it had one). */
  problemMsg: MsgSchema.nullable().optional(),
});
export type LanguageState = z.infer<typeof LanguageState>;
