import type Database from 'better-sqlite3';
import type { Db } from './db';
import { openDatabase, openDatabaseReadOnly } from './db';
import { prepared } from './statements';
import { Payloads } from './payloads';
import { SearchIndex } from './search-index';
import type { DocSources } from './search-doc';
import { newId, newRef, nowIso } from './refs';
import { indexedLookups, resolveIndexed } from './resolve';
import { costTotals, Summaries } from './summaries';
import type { ApprovalRow, ParsedApproval, PromptRow, PromptRunOptions, SessionRow, ToolCallRow, ToolCallStatus } from './rows';
import type { ChatMessage } from './chat-message';
import type { EngineEvent, EngineEventDraft } from '../../../shared/events';
import { EngineEvent as EngineEventSchema } from '../../../shared/events';
import type { ApprovalAnswer, ApprovalStatus, PermissionMode, PolicyDecision } from '../../../shared/policy';
import type { PromptStatus } from '../../../shared/status';
import type { Result } from '../../../shared/result';
import type { WorktreeRow } from './worktrees';
import type { Budget, BudgetStop, CostTotals, PriceSource } from '../../../shared/cost';
import type { Msg } from '../../../shared/i18n/message';

/** How many sessions' and prompts' refs and names the store keeps for stamping events. */
const REF_CACHE_MAX = 4096;

/** How many sessions' parsed transcripts the store keeps in memory. */
const TRANSCRIPT_CACHE_SESSIONS = 256;

export interface StoredMessage {
  id: number;
  promptId: string | null;
  message: ChatMessage;
  /** The message's token count, kept once computed (null until counted; see main/core/context/message-tokens.ts). */
  tokens: number | null;
}

export interface UsageInput {
  sessionId: string;
  promptId: string;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** The price a usage record was costed at, and where it came from. */
export interface UsagePrice {
  inputPerMTok: number;
  outputPerMTok: number;
  source: PriceSource;
}

/** A request's usage as the caller priced it: `cost` null (and `price` null) when no price is known. */
export interface PricedUsage extends UsageInput {
  cost: number | null;
  price: UsagePrice | null;
}

/** A recorded request's cost (null: no price known) and the totals after it. */
export interface RecordedUsage {
  cost: number | null;
  sessionTotalTokens: number;
  sessionCost: CostTotals;
  promptTotalTokens: number;
  promptCost: CostTotals;
}

/** Everything the engine persists. Small synchronous queries: better-sqlite3 is fastest used that way. */
export class Store {
  readonly db: Db;

  /** `readonly`: an existing database, read as it is (see openDatabaseReadOnly); every write throws. */
  constructor(file: string, opts: { readonly?: boolean } = {}) {
    this.db = opts.readonly ? openDatabaseReadOnly(file) : openDatabase(file);
    this.payloads = new Payloads(this.db);
    this.search = new SearchIndex(this.db, this.payloads);
    // One wrapper for every transaction (better-sqlite3 makes a nested call a savepoint).
    this.runTx = this.db.transaction((fn: () => unknown) => fn());
  }

  private readonly runTx: (fn: () => unknown) => unknown;
  /** Long strings of the rows below, stored once and referenced (see payloads.ts). */
  private readonly payloads: Payloads;
  /** Full-text index of the stored events, written with them (see search-index.ts). */
  readonly search: SearchIndex;

  private readonly refCache = new Map<string, { ref: string; name: string | null }>();
  /**
   * Parsed transcripts of the sessions at work, append-only like the table: filled by the first listMessages of a
   * held session, extended by appendMessage after the row is written, dropped when the session is released.
   * Bounded (least recently used sessions are dropped first).
   */
  private readonly transcripts = new Map<string, StoredMessage[]>();
  /** Sessions whose cached transcript was appended to inside the open transaction. */
  private readonly txAppended = new Set<string>();
  /** Sessions at work (see holdTranscript): only their transcripts are cached. */
  private readonly held = new Set<string>();
  /**
   * The texts written last, as the search index would read them back for the event that follows them in the same
   * transaction (a prompt's `prompt_queued`, a call's `tool_result`): handed to it instead of a query each.
   */
  private lastPrompt: { id: string; text: string } | null = null;
  private lastOutput: { sessionId: string; promptId: string | null; callId: string; finishedAt: string; output: string } | null = null;
  private readonly writtenSources: DocSources = {
    promptText: (promptId) => (this.lastPrompt?.id === promptId ? this.lastPrompt.text : this.search.sources.promptText(promptId)),
    toolOutput: (sessionId, promptId, callId, before) => {
      const last = this.lastOutput;
      return last && last.sessionId === sessionId && last.promptId === promptId && last.callId === callId && last.finishedAt <= before
        ? last.output
        : this.search.sources.toolOutput(sessionId, promptId, callId, before);
    },
  };

  private q(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  close(): void {
    this.db.close();
  }


  /** A write whose row references payloads written just before it: both in one transaction. */
  private withPayloads<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.tx(fn);
  }

  tx<T>(fn: () => T): T {
    const outer = !this.db.inTransaction;
    try {
      return this.runTx(fn) as T;
    } catch (e) {
      // Rolled back (all of it, or a savepoint): cached transcripts appended to meanwhile may hold messages that
      // are no longer stored, so they are dropped and read again from SQLite when next asked for.
      for (const id of this.txAppended) this.transcripts.delete(id);
      if (outer) this.txAppended.clear();
      throw e;
    } finally {
      if (outer && !this.db.inTransaction) {
        this.txAppended.clear();
        this.lastPrompt = null;
        this.lastOutput = null;
      }
    }
  }

  // ---- sessions ----

  /**
   * `ref`: one chosen beforehand with `sessionRefTaken` (an isolated session's branch and folder are named by it).
   * `mode`: the one a person chose for the session; null lets it follow the settings' `permissions.defaultMode`.
   */
  createSession(input: { workspace: string; name: string | null; mode: PermissionMode | null; ref?: string }): SessionRow {
    const row: SessionRow = {
      id: newId(),
      ref: input.ref ?? newRef((r) => this.sessionRefTaken(r)),
      name: input.name,
      workspace: input.workspace,
      chosen_mode: input.mode,
      created_at: nowIso(),
      closed_at: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      context_tokens: null,
      context_window: null,
      cost_usd: 0,
      unpriced_tokens: 0,
      budget_unit: null,
      budget_limit: null,
    };
    this.q(
        `INSERT INTO sessions (id, ref, name, workspace, chosen_mode, created_at) VALUES (@id, @ref, @name, @workspace, @chosen_mode, @created_at)`,
      )
      .run(row);
    return row;
  }

  getSession(id: string): SessionRow | undefined {
    return this.q('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  }

  sessionByName(name: string): SessionRow | undefined {
    return this.q('SELECT * FROM sessions WHERE name = ?').get(name) as SessionRow | undefined;
  }

  listSessions(includeClosed = false): SessionRow[] {
    const sql = includeClosed
      ? 'SELECT * FROM sessions ORDER BY created_at, rowid'
      : 'SELECT * FROM sessions WHERE closed_at IS NULL ORDER BY created_at, rowid';
    return this.q(sql).all() as SessionRow[];
  }

  resolveSession(query: string): Result<SessionRow> {
    return resolveIndexed('session', query, indexedLookups<SessionRow>((sql) => this.q(sql), 'sessions', (q) =>
      this.getSession(q) ?? (this.q('SELECT * FROM sessions WHERE ref = ?').get(q) as SessionRow | undefined) ?? this.sessionByName(q),
    ));
  }

  closeSession(id: string): void {
    this.q('UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL').run(nowIso(), id);
  }

  reopenSession(id: string): void {
    this.q('UPDATE sessions SET closed_at = NULL WHERE id = ?').run(id);
  }

  /** A person's pick of the session's mode; null: follow the settings again. */
  setSessionMode(id: string, mode: PermissionMode | null): void {
    this.q('UPDATE sessions SET chosen_mode = ? WHERE id = ?').run(mode, id);
  }

  // ---- prompts ----

  createPrompt(sessionId: string, text: string, options: PromptRunOptions = {}): PromptRow {
    const position =
      ((this.q('SELECT MAX(position) AS p FROM prompts WHERE session_id = ?').get(sessionId) as { p: number | null })
        .p ?? 0) + 1;
    const row: PromptRow = {
      id: newId(),
      ref: newRef((r) => this.q('SELECT 1 FROM prompts WHERE ref = ?').get(r) !== undefined),
      session_id: sessionId,
      position,
      text,
      status: 'queued',
      error: null,
      error_msg: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      created_at: nowIso(),
      started_at: null,
      finished_at: null,
      approvals: options.approvals ?? null,
      on_conflict: options.onConflict ?? null,
      cost_usd: 0,
      unpriced_tokens: 0,
      budget_stop: null,
    };
    this.q(
        `INSERT INTO prompts (id, ref, session_id, position, text, status, created_at, approvals, on_conflict)
         VALUES (@id, @ref, @session_id, @position, @text, @status, @created_at, @approvals, @on_conflict)`,
      )
      .run(row);
    this.lastPrompt = { id: row.id, text };
    return row;
  }

  getPrompt(id: string): PromptRow | undefined {
    return this.q('SELECT * FROM prompts WHERE id = ?').get(id) as PromptRow | undefined;
  }

  /** How many of the session's prompts have this status, without reading them. */
  countPrompts(sessionId: string, status: PromptStatus): number {
    return (this.q('SELECT COUNT(*) AS n FROM prompts WHERE session_id = ? AND status = ?').get(sessionId, status) as { n: number }).n;
  }

  listPrompts(sessionId: string): PromptRow[] {
    return this.q('SELECT * FROM prompts WHERE session_id = ? ORDER BY position').all(sessionId) as PromptRow[];
  }

  promptsWithStatus(statuses: readonly PromptStatus[]): PromptRow[] {
    const marks = statuses.map(() => '?').join(',');
    return this.q(`SELECT * FROM prompts WHERE status IN (${marks}) ORDER BY created_at, rowid`)
      .all(...statuses) as PromptRow[];
  }

  resolvePrompt(query: string): Result<PromptRow> {
    return resolveIndexed('prompt', query, indexedLookups<PromptRow>((sql) => this.q(sql), 'prompts', (q) =>
      this.getPrompt(q) ?? (this.q('SELECT * FROM prompts WHERE ref = ?').get(q) as PromptRow | undefined),
    ));
  }

  /** Returns the row as the update left it (undefined: no such prompt). */
  setPromptStatus(
    id: string,
    status: PromptStatus,
    extra: { error?: string | null; errorMsg?: Msg | null; started?: boolean; finished?: boolean } = {},
  ): PromptRow | undefined {
    const now = nowIso();
    return this.q(
        `UPDATE prompts SET status = @status,
           error = CASE WHEN @setError THEN @error ELSE error END,
           error_msg = CASE WHEN @setError THEN @errorMsg ELSE error_msg END,
           started_at = CASE WHEN @started THEN @now ELSE started_at END,
           finished_at = CASE WHEN @finished THEN @now ELSE finished_at END
         WHERE id = @id RETURNING *`,
      )
      .get({
        id,
        status,
        setError: extra.error !== undefined ? 1 : 0,
        error: extra.error ?? null,
        errorMsg: extra.errorMsg ? JSON.stringify(extra.errorMsg) : null,
        started: extra.started ? 1 : 0,
        finished: extra.finished ? 1 : 0,
        now,
      }) as PromptRow | undefined;
  }

  setPromptText(id: string, text: string): void {
    this.tx(() => {
      this.lastPrompt = null;
      this.q('UPDATE prompts SET text = ? WHERE id = ?').run(text, id);
      this.search.promptEdited(id);
    });
  }

  /** Replaces the run options given (`prompt.resume`); the ones left out keep their stored value. */
  setPromptRunOptions(id: string, options: PromptRunOptions): void {
    this.q(
      `UPDATE prompts SET approvals = COALESCE(@approvals, approvals), on_conflict = COALESCE(@onConflict, on_conflict) WHERE id = @id`,
    ).run({ id, approvals: options.approvals ?? null, onConflict: options.onConflict ?? null });
  }

  // ---- transcript ----

  appendMessage(sessionId: string, promptId: string | null, message: ChatMessage, tokens: number | null = null): number {
    const { info, json } = this.withPayloads(() => {
      const { stored, json } = this.payloads.toStoredJson(message);
      return {
        json,
        info: this.q('INSERT INTO messages (session_id, prompt_id, message_json, created_at, tokens) VALUES (?, ?, ?, ?, ?)')
          .run(sessionId, promptId, stored, nowIso(), tokens),
      };
    });
    const id = Number(info.lastInsertRowid);
    const cached = this.transcripts.get(sessionId);
    if (cached) {
      if (this.db.inTransaction) this.txAppended.add(sessionId);
      // The cached copy is parsed back from the message's JSON, exactly as a fresh read would return it.
      cached.push({ id, promptId, message: JSON.parse(json) as ChatMessage, tokens });
    }
    return id;
  }

  /** The session's transcript in order. The returned array and its messages must not be modified. */
  listMessages(sessionId: string): StoredMessage[] {
    let cached = this.transcripts.get(sessionId);
    if (cached) {
      this.transcripts.delete(sessionId);
    } else {
      const rows = this.q('SELECT id, prompt_id, message_json, tokens FROM messages WHERE session_id = ? ORDER BY id')
        .all(sessionId) as { id: number; prompt_id: string | null; message_json: string; tokens: number | null }[];
      cached = rows.map((r) => ({ id: r.id, promptId: r.prompt_id, message: this.payloads.fromStoredJson(r.message_json) as ChatMessage, tokens: r.tokens }));
      // A session not at work (an export, a context view, a fork of an idle session) is read, not kept.
      if (!this.held.has(sessionId)) return cached;
      if (this.db.inTransaction) this.txAppended.add(sessionId);
      if (this.transcripts.size >= TRANSCRIPT_CACHE_SESSIONS) {
        const oldest = this.transcripts.keys().next().value;
        if (oldest !== undefined) this.transcripts.delete(oldest);
      }
    }
    this.transcripts.set(sessionId, cached);
    return cached.slice();
  }

  /**
   * The session is at work (its worker drains its queue): its transcript, read at every step, is kept in memory
   * until releaseTranscript. An idle session keeps nothing of its transcript in memory.
   */
  holdTranscript(sessionId: string): void {
    this.held.add(sessionId);
  }

  releaseTranscript(sessionId: string): void {
    this.held.delete(sessionId);
    this.transcripts.delete(sessionId);
  }

  /** Keeps a message's token count (computed after it was stored, e.g. for rows older than the count). */
  setMessageTokens(id: number, tokens: number): void {
    const row = this.q('SELECT session_id FROM messages WHERE id = ?').get(id) as { session_id: string } | undefined;
    if (!row) return;
    this.q('UPDATE messages SET tokens = ? WHERE id = ?').run(tokens, id);
    const cached = this.transcripts.get(row.session_id);
    const at = cached ? cached.findLastIndex((m) => m.id === id) : -1;
    if (cached && at >= 0) {
      if (this.db.inTransaction) this.txAppended.add(row.session_id);
      // Replaced, not changed: arrays handed out earlier hold the old entry and must not see it move.
      cached[at] = { ...(cached[at] as StoredMessage), tokens };
    }
  }

  /** The session's context meter: the tokens of the model's view at its latest request, and the window. */
  setContextMeter(sessionId: string, tokens: number, window: number): void {
    this.q('UPDATE sessions SET context_tokens = ?, context_window = ? WHERE id = ?').run(tokens, window, sessionId);
  }

  // ---- tool calls ----

  findToolCall(messageId: number, callId: string): ToolCallRow | undefined {
    return this.toolCallRow(this.q('SELECT * FROM tool_calls WHERE message_id = ? AND call_id = ?').get(messageId, callId) as ToolCallRow | undefined);
  }

  /** A new `pending` row for a call of the assistant message `messageId` (see findToolCall for an existing one). */
  createToolCall(input: { sessionId: string; promptId: string; messageId: number; callId: string; tool: string; inputJson: string | null }): ToolCallRow {
    const row: ToolCallRow = {
      id: newId(),
      session_id: input.sessionId,
      prompt_id: input.promptId,
      message_id: input.messageId,
      call_id: input.callId,
      tool: input.tool,
      input_json: input.inputJson,
      status: 'pending',
      decision_json: null,
      ok: null,
      output: null,
      created_at: nowIso(),
      finished_at: null,
    };
    this.withPayloads(() =>
      this.q(
          `INSERT INTO tool_calls (id, session_id, prompt_id, message_id, call_id, tool, input_json, status, created_at)
           VALUES (@id, @session_id, @prompt_id, @message_id, @call_id, @tool, @input_json, @status, @created_at)`,
        )
        .run({ ...row, input_json: this.payloads.toStoredText(row.input_json) }),
    );
    return row;
  }

  setToolCallStatus(id: string, status: ToolCallStatus, decision?: PolicyDecision): void {
    this.q('UPDATE tool_calls SET status = ?, decision_json = COALESCE(?, decision_json) WHERE id = ?')
      .run(status, decision ? JSON.stringify(decision) : null, id);
  }

  /** `call`: the row's ids, when the caller has them: its `tool_result` event is then indexed without reading the output back. */
  finishToolCall(id: string, ok: boolean, output: string, call?: { sessionId: string; promptId: string | null; callId: string }): void {
    const finishedAt = nowIso();
    this.withPayloads(() =>
      this.q(`UPDATE tool_calls SET status = 'done', ok = ?, output = ?, finished_at = ? WHERE id = ?`)
        .run(ok ? 1 : 0, this.payloads.toStoredText(output), finishedAt, id),
    );
    this.lastOutput = call ? { ...call, finishedAt, output } : null;
  }

  getToolCall(id: string): ToolCallRow | undefined {
    return this.toolCallRow(this.q('SELECT * FROM tool_calls WHERE id = ?').get(id) as ToolCallRow | undefined);
  }

  /** A stored tool call row with its texts as they were given (references to payloads read back). */
  private toolCallRow(row: ToolCallRow | undefined): ToolCallRow | undefined {
    if (!row) return undefined;
    return { ...row, input_json: this.payloads.fromStoredText(row.input_json), output: this.payloads.fromStoredText(row.output) };
  }

  // ---- approvals ----

  createApproval(input: {
    sessionId: string;
    promptId: string;
    toolCallId: string;
    tool: string;
    input: Record<string, unknown>;
    decision: PolicyDecision;
    alwaysRules: string[];
  }): ParsedApproval {
    const id = newId();
    const ref = newRef((r) => this.q('SELECT 1 FROM approvals WHERE ref = ?').get(r) !== undefined);
    this.withPayloads(() =>
      this.q(
          `INSERT INTO approvals (id, ref, session_id, prompt_id, tool_call_id, tool, input_json, decision_json, always_rules_json, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
        )
        .run(id, ref, input.sessionId, input.promptId, input.toolCallId, input.tool, this.payloads.toStoredJson(input.input).stored,
          JSON.stringify(input.decision), JSON.stringify(input.alwaysRules), nowIso()),
    );
    return this.getApproval(id) as ParsedApproval;
  }

  getApproval(id: string): ParsedApproval | undefined {
    const row = this.q('SELECT * FROM approvals WHERE id = ?').get(id) as ApprovalRow | undefined;
    return row ? parseApproval(row, this.payloads) : undefined;
  }

  approvalForToolCall(toolCallId: string): ParsedApproval | undefined {
    const row = this.q('SELECT * FROM approvals WHERE tool_call_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .get(toolCallId) as ApprovalRow | undefined;
    return row ? parseApproval(row, this.payloads) : undefined;
  }

  listApprovals(filter: { sessionId?: string; status?: ApprovalStatus } = {}): ParsedApproval[] {
    const rows = this.q(
        `SELECT * FROM approvals WHERE (@sessionId IS NULL OR session_id = @sessionId) AND (@status IS NULL OR status = @status)
         ORDER BY created_at, rowid`,
      )
      .all({ sessionId: filter.sessionId ?? null, status: filter.status ?? null }) as ApprovalRow[];
    return rows.map((r) => parseApproval(r, this.payloads));
  }

  resolveApproval(query: string): Result<ParsedApproval> {
    const read = (row: unknown): ParsedApproval => parseApproval(row as ApprovalRow, this.payloads);
    return resolveIndexed('approval', query, indexedLookups<ParsedApproval>((sql) => this.q(sql), 'approvals', (q) => {
      const row = (this.q('SELECT * FROM approvals WHERE id = ?').get(q) ?? this.q('SELECT * FROM approvals WHERE ref = ?').get(q)) as ApprovalRow | undefined;
      return row ? read(row) : undefined;
    }, read));
  }

  answerApproval(id: string, status: ApprovalStatus, answer: ApprovalAnswer | null): void {
    this.q('UPDATE approvals SET status = ?, answer_json = ?, resolved_at = ? WHERE id = ?')
      .run(status, answer ? JSON.stringify(answer) : null, nowIso(), id);
  }

  // ---- usage ----

  /** Records a request's usage; returns the session's total tokens (see recordPricedUsage for the money too). */
  recordUsage(input: PricedUsage): number {
    return this.recordPricedUsage(input).sessionTotalTokens;
  }

  /**
   * Records a request's usage with the cost it was priced at (kept with the record, so later price changes leave
   * past costs as they were) and adds both to the session's and the prompt's totals. A null cost counts the
   * tokens as unpriced.
   */
  recordPricedUsage(input: PricedUsage): RecordedUsage {
    const { cost, price } = input;
    return this.tx(() => {
      this.q(
          `INSERT INTO usage_records (session_id, prompt_id, provider, model, prompt_tokens, completion_tokens, total_tokens, ts,
             cost_usd, price_source, input_per_mtok, output_per_mtok)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(input.sessionId, input.promptId, input.provider, input.model, input.promptTokens, input.completionTokens, input.totalTokens, nowIso(),
          cost, price?.source ?? null, price?.inputPerMTok ?? null, price?.outputPerMTok ?? null);
      // Each update hands back the totals it made, so the rows are not read again.
      const [session, prompt] = (['sessions', 'prompts'] as const).map(
        (table) =>
          this.q(
              `UPDATE ${table} SET prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?, total_tokens = total_tokens + ?,
                 cost_usd = cost_usd + ?, unpriced_tokens = unpriced_tokens + ? WHERE id = ? RETURNING total_tokens, cost_usd, unpriced_tokens`,
            )
            .get(input.promptTokens, input.completionTokens, input.totalTokens, cost ?? 0, cost === null ? input.totalTokens : 0,
              table === 'sessions' ? input.sessionId : input.promptId) as { total_tokens: number; cost_usd: number; unpriced_tokens: number } | undefined,
      );
      return {
        cost,
        sessionTotalTokens: session?.total_tokens ?? 0,
        sessionCost: costTotals(session),
        promptTotalTokens: prompt?.total_tokens ?? 0,
        promptCost: costTotals(prompt),
      };
    });
  }

  /** Usage of every session since `sinceIso` (an ISO time in UTC, as records are stamped). */
  usageSince(sinceIso: string): { promptTokens: number; completionTokens: number; totalTokens: number; cost: CostTotals } {
    const row = this.q(
      `SELECT COALESCE(SUM(prompt_tokens), 0) AS p, COALESCE(SUM(completion_tokens), 0) AS c, COALESCE(SUM(total_tokens), 0) AS t,
         COALESCE(SUM(cost_usd), 0) AS usd, COALESCE(SUM(CASE WHEN cost_usd IS NULL THEN total_tokens ELSE 0 END), 0) AS unpriced
       FROM usage_records WHERE ts >= ?`,
    ).get(sinceIso) as { p: number; c: number; t: number; usd: number; unpriced: number };
    return { promptTokens: row.p, completionTokens: row.c, totalTokens: row.t, cost: { usd: row.usd, unpricedTokens: row.unpriced } };
  }

  /** A person's budget for the session, or none (null). */
  setSessionBudget(id: string, budget: Budget | null): void {
    this.q('UPDATE sessions SET budget_unit = ?, budget_limit = ? WHERE id = ?').run(budget?.unit ?? null, budget?.limit ?? null, id);
  }

  /** Whether the prompt holds a budget stop (asked before every request), without reading its whole row. */
  hasBudgetStop(promptId: string): boolean {
    return this.q('SELECT 1 FROM prompts WHERE id = ? AND budget_stop IS NOT NULL').get(promptId) !== undefined;
  }

  /** The budget a prompt paused at while it waits for a person; null once it goes on. */
  setBudgetStop(promptId: string, stop: BudgetStop | null): void {
    this.q('UPDATE prompts SET budget_stop = ? WHERE id = ?').run(stop ? JSON.stringify(stop) : null, promptId);
  }

  // ---- session grants (policy "allow for this session") ----

  listGrants(sessionId: string): string[] {
    return (this.q('SELECT rule FROM session_grants WHERE session_id = ? ORDER BY created_at').all(sessionId) as { rule: string }[]).map(
      (r) => r.rule,
    );
  }

  addGrant(sessionId: string, rule: string): void {
    this.q('INSERT OR IGNORE INTO session_grants (session_id, rule, created_at) VALUES (?, ?, ?)').run(sessionId, rule, nowIso());
  }

  // ---- events ----

  /** Refs and names never change once given, so events are stamped from memory on the hot path. */
  private names(id: string, load: () => { ref: string; name?: string | null } | undefined): { ref: string; name: string | null } | undefined {
    const hit = this.refCache.get(id);
    if (hit) return hit;
    const row = load();
    if (!row) return undefined;
    const entry = { ref: row.ref, name: row.name ?? null };
    this.refCache.set(id, entry);
    // Every prompt adds one: a long-running engine keeps the newest only (an old one is read again if it speaks).
    if (this.refCache.size > REF_CACHE_MAX) {
      const oldest = this.refCache.keys().next().value;
      if (oldest !== undefined) this.refCache.delete(oldest);
    }
    return entry;
  }

  /** Stamps and stores an event; ephemeral events get seq 0 and are not stored. */
  appendEvent(draft: EngineEventDraft, persist: boolean): EngineEvent {
    const session = this.names(draft.sessionId, () => this.getSession(draft.sessionId));
    const prompt = draft.promptId ? this.names(draft.promptId, () => this.getPrompt(draft.promptId as string)) : undefined;
    const stamped = {
      ...draft,
      seq: 0,
      ts: nowIso(),
      sessionRef: session?.ref ?? '',
      sessionName: session?.name ?? null,
      promptRef: prompt?.ref ?? null,
    } as EngineEvent;
    if (!persist) return stamped;
    // Published with its values whole; stored with long strings as references.
    const info = this.withPayloads(() => {
      const row = this.q('INSERT INTO events (ts, type, session_id, prompt_id, event_json) VALUES (?, ?, ?, ?, ?)')
        .run(stamped.ts, stamped.type, stamped.sessionId, stamped.promptId, this.payloads.toStoredJson(stamped).stored);
      this.search.add(Number(row.lastInsertRowid), stamped, true, this.writtenSources);
      return row;
    });
    stamped.seq = Number(info.lastInsertRowid);
    return stamped;
  }

  /**
   * When the prompt last did something: its newest stored event, not counting the mark that it was interrupted
   * (that mark is written by whichever engine opens the data folder next, possibly much later).
   */
  lastActivityOf(promptId: string): string | null {
    const p = this.getPrompt(promptId);
    if (!p) return null;
    const row = this.q(
        `SELECT MAX(ts) AS ts FROM events WHERE session_id = ? AND prompt_id = ?
           AND NOT (type = 'prompt_status' AND json_extract(event_json, '$.status') = 'interrupted')`,
      )
      .get(p.session_id, promptId) as { ts: string | null };
    return row.ts ?? p.started_at ?? p.created_at;
  }

  /**
   * Stored events, oldest first, one keyset page: the first `limit` after `afterSeq`, or the last `limit` before
   * `beforeSeq`. A session's page is read through its (session_id, seq) index, whatever the history's length.
   */
  listEvents(filter: { sessionId?: string; afterSeq?: number; beforeSeq?: number; limit?: number }): EngineEvent[] {
    const session = filter.sessionId === undefined ? '' : 'session_id = @sid AND ';
    const before = filter.beforeSeq === undefined ? '' : ' AND seq < @before';
    const order = filter.beforeSeq === undefined ? 'seq' : 'seq DESC';
    const params = {
      after: filter.afterSeq ?? 0,
      limit: filter.limit ?? 100_000,
      ...(filter.sessionId === undefined ? {} : { sid: filter.sessionId }),
      ...(filter.beforeSeq === undefined ? {} : { before: filter.beforeSeq }),
    };
    const rows = this.q(`SELECT seq, event_json FROM events WHERE ${session}seq > @after${before} ORDER BY ${order} LIMIT @limit`)
      .all(params) as { seq: number; event_json: string }[];
    if (filter.beforeSeq !== undefined) rows.reverse();
    return rows.map((r) => {
      const parsed = EngineEventSchema.parse(this.payloads.fromStoredJson(r.event_json));
      return { ...parsed, seq: r.seq };
    });
  }

  // ---- summaries for the contract ----

  /** The rows mapped to the contract's summaries (see summaries.ts). */
  readonly summaries = new Summaries({
    q: (sql) => this.q(sql),
    session: (id) => this.getSession(id),
    prompt: (id) => this.getPrompt(id),
    toolCall: (id) => this.getToolCall(id),
    worktree: (id) => this.getWorktree(id),
  });

  // ---- conflicts ----

  /**
   * The prompt a session's worker takes next: the first queued one, unless an earlier prompt of the session is
   * held in `conflict` — the session's prompts still run in the order they were sent.
   */
  nextRunnablePrompt(sessionId: string): PromptRow | undefined {
    const first = this.q(`SELECT * FROM prompts WHERE session_id = ? AND status IN ('queued', 'conflict', 'paused') ORDER BY position LIMIT 1`)
      .get(sessionId) as PromptRow | undefined;
    return first?.status === 'queued' ? first : undefined;
  }

  // ---- isolated sessions: git worktrees ----

  sessionRefTaken(ref: string): boolean {
    return this.q('SELECT 1 FROM sessions WHERE ref = ?').get(ref) !== undefined;
  }

  addWorktree(row: WorktreeRow): void {
    this.q(
      `INSERT INTO session_worktrees (session_id, branch, base_ref, base_commit, base_repo, base_workspace, path, state, merge_commit, created_at, merged_at, removed_at)
       VALUES (@session_id, @branch, @base_ref, @base_commit, @base_repo, @base_workspace, @path, @state, @merge_commit, @created_at, @merged_at, @removed_at)`,
    ).run(row);
  }

  getWorktree(sessionId: string): WorktreeRow | undefined {
    return this.q('SELECT * FROM session_worktrees WHERE session_id = ?').get(sessionId) as WorktreeRow | undefined;
  }

  markWorktreeMerged(sessionId: string, mergeCommit: string): void {
    this.q(`UPDATE session_worktrees SET state = CASE WHEN state = 'removed' THEN state ELSE 'merged' END, merge_commit = ?, merged_at = ? WHERE session_id = ?`)
      .run(mergeCommit, nowIso(), sessionId);
  }

  markWorktreeRemoved(sessionId: string): void {
    this.q(`UPDATE session_worktrees SET state = 'removed', removed_at = ? WHERE session_id = ?`).run(nowIso(), sessionId);
  }

}

function parseApproval(row: ApprovalRow, payloads: Payloads): ParsedApproval {
  const { decision_json, answer_json, input_json, always_rules_json, ...rest } = row;
  return {
    ...rest,
    input: payloads.fromStoredJson(input_json) as Record<string, unknown>,
    decision: JSON.parse(decision_json) as PolicyDecision,
    alwaysRules: JSON.parse(always_rules_json) as string[],
    answer: answer_json ? (JSON.parse(answer_json) as ApprovalAnswer) : null,
  };
}
