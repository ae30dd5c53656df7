import { z } from 'zod';
import { ReasoningEffort } from './model-family';
import { ImageMime, ImageRef, ImageUpload, MAX_PROMPT_IMAGES } from './images';
import { IdOrRef } from './ids';
import { ApprovalSummary, PromptSummary, SessionDetail, SessionSummary } from './models';
import { ApprovalAnswer, PermissionMode, PolicyDecision, PolicySource } from './policy';
import { ModeSource } from './session-mode';
import { CompactionFigures, ConflictResolution, EngineEvent } from './events';
import { LanguageSetting, LanguageState, ProviderConfig, RedactedConfig } from './config';
import type { Result } from './result';
import { SessionContext } from './session-context';
import { McpOverview, McpServerRef, McpServerView } from './mcp';
import { Budget, BudgetAction, UsageSummary } from './cost';
import { HooksOverview } from './hooks';
import { GatewayKind, GatewayStatus, PairCode, TelegramToken } from './gateway';
import { SearchHit, SearchQuery } from './search';
import { FileDiffContent, SessionChanges } from './changes';
import { MsgSchema } from './msg-schema';
import { SandboxStatus, SessionSandbox } from './sandbox';
import { AgentChildSummary, IntegrationReport } from './agents';
import { engineRequests } from './engine-requests';
import { machineRequests } from './machines';
import { hostedChildRequests } from './hosted-children';

/** How a prompt's policy "ask" outcomes are answered: by a person (`ask`), approved (`all`) or refused (`never`). */
export const PromptApprovals = z.enum(['ask', 'all', 'never']);
export type PromptApprovals = z.infer<typeof PromptApprovals>;
/** What a prompt does when its tool call conflicts with another session's: wait, override, or fail (`block`). */
export const PromptOnConflict = z.enum(['wait', 'override', 'block']);
export type PromptOnConflict = z.infer<typeof PromptOnConflict>;

/** The longest prompt the engine takes, in characters (UTF-16 code units, as JavaScript counts a string). */
export const MAX_PROMPT_CHARS = 200_000;
/**
 * A prompt's text, as `prompt.send` and `prompt.edit` take it: the engine validates every request through this
 * contract (each transport and in-process calls), and `paragents run` checks its prompts with it before creating anything.
 */
export const PromptText = z
  .string()
  .min(1, 'a prompt cannot be empty')
  .max(MAX_PROMPT_CHARS, `a prompt may have at most ${MAX_PROMPT_CHARS} characters`);

/**
 * The one contract between the UI and the engine. The preload bridge, the Electron IPC handlers, the browser
 * host and the renderer's API object are all typed from this map, so a missing handler fails to compile.
 */
export const requests = {
  'session.create': {
    input: z.object({
      workspace: z.string().min(1),
      name: z.string().min(1).max(80).optional(),
      /** A person's pick; without one the session follows the settings' `permissions.defaultMode`. */
      mode: PermissionMode.optional(),
      /** Run the session in its own git worktree on a new branch `paragents/<ref>` (the workspace must be in a git repository). */
      isolate: z.boolean().optional(),
      /** The machine it runs on: a remote's name (the host's hub creates it there, `workspace` a path on it); absent or `local`: this one. */
      machine: z.string().min(1).optional(),
    }),
    output: SessionSummary,
  },
  'session.list': { input: z.object({ includeClosed: z.boolean().optional() }), output: z.array(SessionSummary) },
  'session.get': { input: z.object({ session: IdOrRef }), output: SessionDetail },
  'session.close': { input: z.object({ session: IdOrRef }), output: z.null() },
  /** A closed session takes prompts again (refused for an isolated session whose worktree was removed). */
  'session.reopen': { input: z.object({ session: IdOrRef }), output: SessionSummary },
  /** Full-text search of every session's prompts, answers, tool inputs and outputs (closed sessions too), best first. */
  'search.query': { input: SearchQuery, output: z.array(SearchHit) },
  /** A person picks the session's mode; null lets it follow the settings' `permissions.defaultMode` again. */
  'session.setMode': { input: z.object({ session: IdOrRef, mode: PermissionMode.nullable() }), output: SessionSummary },
  /** A person picks the provider (a config.json entry) the session's next steps talk to (/model); null: the default again. */
  'session.setModel': { input: z.object({ session: IdOrRef, provider: z.string().min(1).nullable() }), output: SessionSummary },
  /** A person sets how hard the session's model thinks (/effort), sent where the endpoint takes it; null: the provider's. */
  'session.setEffort': { input: z.object({ session: IdOrRef, effort: ReasoningEffort.nullable() }), output: SessionSummary },
  /** A kept image's bytes (base64), for the transcript to show; refused when its file is gone. */
  'image.get': { input: z.object({ hash: ImageRef.shape.hash }), output: z.object({ mime: ImageMime, data: z.string() }) },
  /** A person sets the session's budget (tokens or dollars), or removes it (null). */
  'session.setBudget': { input: z.object({ session: IdOrRef, budget: Budget.nullable() }), output: SessionSummary },
  /**
   * Answers a prompt paused at a budget: `raise` sets a higher limit on the budget it stopped at (the session's, or
   * config.json's daily one) and goes on; `resume_once` goes on past it for the rest of this prompt; `stop` cancels it.
   */
  'budget.resolve': { input: z.object({ prompt: IdOrRef, action: BudgetAction }), output: PromptSummary },
  /** Tokens and money of every session since a moment (the panel asks for the local day and week). */
  'usage.summary': { input: z.object({ since: z.iso.datetime({ offset: true }) }), output: UsageSummary },
  /**
   * Stored events of one session (or all), oldest first, a page at a time by seq: the first `limit` after
   * `afterSeq`, or with `beforeSeq` the last `limit` before it (the newest page: `beforeSeq` above every seq,
   * e.g. Number.MAX_SAFE_INTEGER; the page before one: its first seq).
   */
  'session.events': {
    input: z.object({
      session: IdOrRef.optional(),
      afterSeq: z.number().int().optional(),
      beforeSeq: z.number().int().optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
    }),
    output: z.array(EngineEvent),
  },
  /**
   * `approvals` and `onConflict` are stored with the prompt and used for its tool calls and conflicts; absent,
   * the engine's own defaults apply. `approvals: 'all' | 'never'` makes the prompt headless (it never waits on a person).
   */
  'prompt.send': {
    input: z.object({
      session: IdOrRef,
      text: PromptText,
      approvals: PromptApprovals.optional(),
      onConflict: PromptOnConflict.optional(),
      /** Images for a vision model (pasted, dropped, `run --image`, a Telegram photo); refused for a model that cannot see. */
      images: z.array(ImageUpload).max(MAX_PROMPT_IMAGES).optional(),
    }),
    output: PromptSummary,
  },
  /** `force` stops its tools now: SIGKILL to their process groups, no grace. */
  'prompt.cancel': { input: z.object({ prompt: IdOrRef, force: z.boolean().optional() }), output: PromptSummary },
  'prompt.retry': { input: z.object({ prompt: IdOrRef }), output: PromptSummary },
  /** Stops a running prompt at its next step boundary (it gives up its slot); `prompt.resume` goes on. */
  'prompt.pause': { input: z.object({ prompt: IdOrRef }), output: PromptSummary },
  /** `approvals` / `onConflict` given here replace the ones stored with the prompt for the rest of its run. */
  'prompt.resume': {
    input: z.object({ prompt: IdOrRef, approvals: PromptApprovals.optional(), onConflict: PromptOnConflict.optional() }),
    output: PromptSummary,
  },
  'prompt.edit': { input: z.object({ prompt: IdOrRef, text: PromptText }), output: PromptSummary },
  /** The children a session's `Agent` calls started, oldest first: status, files, integration state. */
  'agents.list': { input: z.object({ session: IdOrRef }), output: z.array(AgentChildSummary) },
  /**
   * A person integrates a child waiting for one (`needs_person`), or any finished worktree child: with `preview`
   * only the three-way preview; else merged into the parent's workspace when clean, refused naming the files when not.
   */
  'agents.integrate': { input: z.object({ child: IdOrRef, preview: z.boolean().optional() }), output: IntegrationReport },
  'approval.list': { input: z.object({ session: IdOrRef.optional() }), output: z.array(ApprovalSummary) },
  'approval.answer': { input: z.object({ approval: IdOrRef, answer: ApprovalAnswer }), output: ApprovalSummary },
  'conflict.resolve': {
    input: z.object({ prompt: IdOrRef, resolution: ConflictResolution.exclude(['block']) }),
    output: PromptSummary,
  },
  'config.get': { input: z.object({}), output: RedactedConfig },
  'policy.check': {
    input: z.object({
      session: IdOrRef.optional(),
      workspace: z.string().optional(),
      tool: z.string().min(1),
      input: z.record(z.string(), z.unknown()),
      mode: PermissionMode.optional(),
    }),
    output: PolicyDecision,
  },
  /** The panel's language: config.json's `language`, PARAGENTS_LANG when it overrides that, and a problem with the written value. */
  'config.language': { input: z.object({}), output: LanguageState },
  /** The language switch: writes config.json's `language` (`system` removes it), shared by every window and browser. */
  'config.setLanguage': { input: z.object({ language: LanguageSetting }), output: LanguageState },
  /** Setup view: add or replace a provider (the key is kept by the engine, never sent back) and optionally make it the default. */
  'config.saveProvider': {
    input: z.object({ provider: ProviderConfig, makeDefault: z.boolean().optional() }),
    output: RedactedConfig,
  },
  /** Setup view: the models an OpenAI-compatible server lists (GET /models); also its "Test connection". A saved provider's key is used when `provider` names one and no key is given. */
  'config.listModels': {
    input: z.object({
      baseURL: z.string().url(),
      apiKey: z.string().optional(),
      apiKeyEnv: z.string().optional(),
      provider: z.string().optional(),
    }),
    output: z.object({ models: z.array(z.string()), latencyMs: z.number() }),
  },
  /** Setup view: local servers answering on their default ports (Ollama 11434, LM Studio 1234), offered first. */
  'config.detectLocal': {
    input: z.object({}),
    output: z.array(z.object({ preset: z.enum(['ollama', 'lmstudio']), baseURL: z.string(), models: z.array(z.string()) })),
  },
  /** Permissions view: the effective rules for a session or workspace, each with the file it came from; mode and trust. */
  'policy.rules': {
    input: z.object({ session: IdOrRef.optional(), workspace: z.string().optional() }),
    output: z.object({
      workspace: z.string().nullable(),
      trusted: z.boolean(),
      mode: PermissionMode,
      modeSource: ModeSource,
      rules: z.array(
        z.object({ rule: z.string(), effect: z.enum(['allow', 'ask', 'deny']), source: PolicySource, file: z.string().nullable() }),
      ),
      /**
       * Unreadable settings and rules; `ineffectiveRule` is an allow rule that grants nothing (`*`, `mcp__*`).
       * `message` is the English; `msg` the same sentence as data, for clients to render in their language.
       */
      problems: z.array(z.object({ file: z.string(), message: z.string(), msg: MsgSchema.optional(), ineffectiveRule: z.string().nullable() })),
    }),
  },
  /**
   * Workspace trust: project allow rules, hooks, MCP servers and mode settings of `<workspace>/.paragents/` are
   * inert until the user trusts the workspace; deny and ask rules apply either way.
   */
  'workspace.trust': {
    input: z.object({ workspace: z.string().min(1), trusted: z.boolean() }),
    output: z.object({ workspace: z.string(), trusted: z.boolean() }),
  },
  /** Change journal: which session wrote which file, with content hashes before and after (null = absent); oldest first. */
  'journal.list': {
    input: z.object({ session: IdOrRef.optional(), path: z.string().optional() }),
    output: z.array(
      z.object({
        id: z.number().int(),
        sessionId: z.string(),
        sessionRef: z.string(),
        promptId: z.string().nullable(),
        tool: z.string(),
        workspace: z.string(),
        path: z.string(),
        beforeSha: z.string().nullable(),
        afterSha: z.string().nullable(),
        beforeKept: z.boolean(),
        createdAt: z.string(),
        undoneAt: z.string().nullable(),
      }),
    ),
  },
  /**
   * Undo one session's writes (or, with `path`, its writes to that one file); files another session (or an editor)
   * changed since are left alone and listed. A relative `path` is taken from the session's folder.
   */
  'journal.undo': {
    input: z.object({ session: IdOrRef, dryRun: z.boolean().optional(), path: z.string().min(1).optional() }),
    output: z.object({
      restored: z.array(z.string()),
      deleted: z.array(z.string()),
      refused: z.array(z.object({ path: z.string(), reason: z.string(), reasonMsg: MsgSchema.optional() })),
    }),
  },
  /** Every file the session changed, with line counts and the other sessions that changed it too (texts: `session.fileDiff`). */
  'session.changes': { input: z.object({ session: IdOrRef }), output: SessionChanges },
  /** One changed file's text before the session's changes and now (a path from `session.changes`, or relative to the session's folder). */
  'session.fileDiff': { input: z.object({ session: IdOrRef, path: z.string().min(1) }), output: FileDiffContent },
  /** An isolated session's work (its branch's commits and its uncommitted files) against the base it forked from. */
  'worktree.diff': {
    input: z.object({ session: IdOrRef }),
    output: z.object({
      branch: z.string(),
      baseRef: z.string().nullable(),
      /** The commit compared against: where the session branch forked from the base branch. */
      base: z.string(),
      /** The session branch's last commit; `uncommitted` says whether files in the worktree differ from it. */
      head: z.string(),
      uncommitted: z.boolean(),
      files: z.array(z.object({ path: z.string(), change: z.enum(['added', 'modified', 'deleted', 'type_changed']) })),
      /** Unified diff (binary files as git's "Binary files differ" line), cut at 2 MB with `truncated`. */
      diff: z.string(),
      truncated: z.boolean(),
    }),
  },
  /**
   * Merge an isolated session's branch back into its base branch. `preview` only reports (nothing is written);
   * otherwise uncommitted worktree files are first committed on the session branch, and the merge is refused
   * (nothing changed) when it would conflict or when the base has uncommitted changes to the files it touches.
   */
  'worktree.merge': {
    input: z.object({ session: IdOrRef, preview: z.boolean().optional() }),
    output: z.object({
      preview: z.boolean(),
      branch: z.string(),
      baseRef: z.string(),
      /** The base branch's commit the merge was (or would be) made onto. */
      baseCommit: z.string(),
      /** The session commit merged (in a preview: a snapshot of the worktree, not on any branch). */
      sessionCommit: z.string(),
      /** Nothing to merge: the base already contains the session's work. */
      upToDate: z.boolean(),
      clean: z.boolean(),
      conflicts: z.array(z.string()),
      /** Files the merge changes in the base branch. */
      files: z.array(z.string()),
      merged: z.boolean(),
      mergeCommit: z.string().nullable(),
      /** The commit made of the worktree's uncommitted files before merging, if any. */
      committed: z.string().nullable(),
    }),
  },
  /** Remove an isolated session's worktree folder (and close the session): only once merged, or with `force`, which commits any uncommitted files and keeps the branch. */
  'worktree.remove': {
    input: z.object({ session: IdOrRef, force: z.boolean().optional() }),
    output: z.object({ branch: z.string(), branchDeleted: z.boolean(), committed: z.string().nullable() }),
  },
  /**
   * Compacts the session's view now (old tool outputs pruned, older turns summarised by the model, every prompt
   * kept verbatim), optionally focused on what the person names. The full transcript stays stored.
   */
  'session.compact': {
    input: z.object({ session: IdOrRef, focus: z.string().max(2000).optional() }),
    output: CompactionFigures.omit({ reason: true }).extend({ compacted: z.boolean() }),
  },
  /** What the session's model sees now: system prompt, project instructions per file, summary, prompts, messages, tool specs, with token counts. */
  'session.context': {
    input: z.object({ session: IdOrRef }),
    output: SessionContext,
  },
  /**
   * A new session with the same workspace, mode and model view up to now: the finished prompts and their
   * messages are copied (a turn in progress is not). The source session is not changed.
   */
  'session.fork': {
    input: z.object({ session: IdOrRef, name: z.string().min(1).max(80).optional() }),
    output: z.object({
      session: SessionSummary,
      forkedFrom: z.object({ id: z.string(), ref: z.string(), name: z.string().nullable() }),
      /** Finished prompts and stored messages copied. */
      prompts: z.number().int(),
      messages: z.number().int(),
      /** Prompts of the source left out because they had not finished. */
      skippedPrompts: z.number().int(),
      /** The source's worktree folder when it is an isolated session: the fork works in that same folder. */
      sharedWorktree: z.string().nullable(),
    }),
  },
  /** MCP view: the configured servers (user file, and the workspace's or every open session's `.mcp.json`) with state, tools and users. */
  'mcp.list': { input: z.object({ workspace: z.string().min(1).optional(), session: IdOrRef.optional() }), output: McpOverview },
  /** Starts the server if it may run and is not running, and returns it with its tools. */
  'mcp.tools': { input: McpServerRef, output: McpServerView },
  /**
   * Calls one tool of a server for a person or a script (`paragents mcp call`): the request is the person's
   * approval, so "ask" lets it through, but deny rules and the managed lists still hold.
   */
  'mcp.call': {
    input: McpServerRef.extend({ tool: z.string().min(1), input: z.record(z.string(), z.unknown()) }),
    output: z.object({ ok: z.boolean(), output: z.string(), truncated: z.boolean() }),
  },
  'mcp.restart': { input: McpServerRef, output: McpServerView },
  /** Turns a server off (it is stopped, and no session gets its tools) or on again. */
  'mcp.setEnabled': { input: McpServerRef.extend({ enabled: z.boolean() }), output: McpServerView },
  /** A person approves a project server's entry as written (its command line), or withdraws the approval. */
  'mcp.approve': { input: McpServerRef.extend({ approved: z.boolean() }), output: McpServerView },
  /** Gateways view: the messenger gateway's token state (never the token), connection, pairing code and paired chats. */
  'gateway.status': { input: z.object({ gateway: GatewayKind }), output: GatewayStatus },
  /** A one-time code (10 minutes) the person sends to the bot as `/pair CODE`; it replaces any earlier code. */
  'gateway.pairCode': { input: z.object({ gateway: GatewayKind }), output: PairCode },
  /** The chat is no longer served (it is told so). */
  'gateway.unpair': { input: z.object({ gateway: GatewayKind, chatId: z.string().min(1).max(40) }), output: GatewayStatus },
  /** Stores the bot token as API keys are stored (keychain in the desktop app, config.json 0600 otherwise), or removes it (null); the gateway restarts with it. */
  'gateway.setToken': { input: z.object({ gateway: GatewayKind, token: TelegramToken.nullable() }), output: GatewayStatus },
  /** Sandbox view: whether the OS sandbox can run, the settings in force, and what the session's commands may touch. */
  'sandbox.status': { input: z.object({ session: IdOrRef.optional(), workspace: z.string().min(1).optional() }), output: SandboxStatus },
  /**
   * Turns the sandbox on or off in the user's settings.json (the setup view, the Sandbox view, `paragents sandbox
   * on|off`); refused when managed settings force the other value. The status of the user and managed settings.
   */
  'sandbox.setEnabled': { input: z.object({ enabled: z.boolean() }), output: SandboxStatus },
  /** The session header's mark: whether the session's Bash commands run confined, and why not when on. */
  'sandbox.session': { input: z.object({ session: IdOrRef }), output: SessionSandbox },
  /** The hooks of the settings files (user, managed, and the workspace's project files) and whether each runs. */
  'hooks.list': { input: z.object({ workspace: z.string().min(1).optional() }), output: HooksOverview },
  /**
   * A person has seen a workspace's project hook commands and lets them run (once the workspace is trusted), or
   * withdraws that; `commands` names some of them, absent means every project hook listed for the workspace.
   */
  'hooks.approve': {
    input: z.object({ workspace: z.string().min(1), commands: z.array(z.string().min(1)).optional(), approved: z.boolean() }),
    output: HooksOverview,
  },
  ...engineRequests,
  ...machineRequests,
  ...hostedChildRequests,
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type RequestName = keyof typeof requests;
export type RequestInput<N extends RequestName> = z.infer<(typeof requests)[N]['input']>;
export type RequestOutput<N extends RequestName> = z.infer<(typeof requests)[N]['output']>;

/** The API object the renderer holds; every call resolves to data, never throws for engine errors. */
export type EngineApi = {
  [N in RequestName]: (input: RequestInput<N>) => Promise<Result<RequestOutput<N>>>;
} & {
  onEvent(listener: (event: EngineEvent) => void): () => void;
};

/** The engine side: one handler per request, typed from the same map. */
export type RequestHandlers = {
  [N in RequestName]: (input: RequestInput<N>) => Promise<Result<RequestOutput<N>>> | Result<RequestOutput<N>>;
};

export const requestNames = Object.keys(requests) as RequestName[];
