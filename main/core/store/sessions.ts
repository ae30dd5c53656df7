import { z } from 'zod';
import type { ReasoningEffort } from '../../../shared/model-family';
import { PlanItem, type SessionPlan } from '../../../shared/plan';
import type { Budget } from '../../../shared/cost';
import type { PermissionMode } from '../../../shared/policy';
import type { Result } from '../../../shared/result';
import { Repository } from './parts';
import { newId, newRef, nowIso } from './refs';
import { indexedLookups, resolveIndexed } from './resolve';
import type { SessionRow } from './rows';

/** `sessions` and what hangs on a session alone: its mode, budget, context meter and grants (`session_grants`). */
export class SessionsRepository extends Repository {
  /**
   * `ref`: one chosen beforehand with `refTaken` (an isolated session's branch and folder are named by it).
   * `mode`: the one a person chose for the session; null lets it follow the settings' `permissions.defaultMode`.
   * `parent`: the id of the session starting this one as its child (the caller checks it exists and is open).
   */
  create(input: { workspace: string; name: string | null; mode: PermissionMode | null; ref?: string; parent?: string }): SessionRow {
    const row: SessionRow = {
      id: newId(),
      ref: input.ref ?? newRef((r) => this.refTaken(r)),
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
      parent_id: input.parent ?? null,
      plan_json: null,
      plan_updated_at: null,
      chosen_provider: null,
      reasoning_effort: null,
    };
    this.q(
        `INSERT INTO sessions (id, ref, name, workspace, chosen_mode, created_at, parent_id) VALUES (@id, @ref, @name, @workspace, @chosen_mode, @created_at, @parent_id)`,
      )
      .run(row);
    return row;
  }

  get(id: string): SessionRow | undefined {
    return this.q('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  }

  byName(name: string): SessionRow | undefined {
    return this.q('SELECT * FROM sessions WHERE name = ?').get(name) as SessionRow | undefined;
  }

  list(includeClosed = false): SessionRow[] {
    const sql = includeClosed
      ? 'SELECT * FROM sessions ORDER BY created_at, rowid'
      : 'SELECT * FROM sessions WHERE closed_at IS NULL ORDER BY created_at, rowid';
    return this.q(sql).all() as SessionRow[];
  }

  resolve(query: string): Result<SessionRow> {
    return resolveIndexed('session', query, indexedLookups<SessionRow>((sql) => this.q(sql), 'sessions', (q) =>
      this.get(q) ?? (this.q('SELECT * FROM sessions WHERE ref = ?').get(q) as SessionRow | undefined) ?? this.byName(q),
    ));
  }

  refTaken(ref: string): boolean {
    return this.q('SELECT 1 FROM sessions WHERE ref = ?').get(ref) !== undefined;
  }

  close(id: string): void {
    this.q('UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL').run(nowIso(), id);
  }

  reopen(id: string): void {
    this.q('UPDATE sessions SET closed_at = NULL WHERE id = ?').run(id);
  }

  /** A person's pick of the session's mode; null: follow the settings again. */
  setMode(id: string, mode: PermissionMode | null): void {
    this.q('UPDATE sessions SET chosen_mode = ? WHERE id = ?').run(mode, id);
  }

  /** The Plan tool's latest list for the session (null: clear it). */
  setPlan(id: string, items: readonly PlanItem[] | null): void {
    this.q('UPDATE sessions SET plan_json = ?, plan_updated_at = ? WHERE id = ?').run(items ? JSON.stringify(items) : null, items ? nowIso() : null, id);
  }

  /** The session's live plan, or null. */
  plan(id: string): SessionPlan | null {
    const row = this.q('SELECT plan_json, plan_updated_at FROM sessions WHERE id = ?').get(id) as { plan_json: string | null; plan_updated_at: string | null } | undefined;
    if (!row?.plan_json) return null;
    const items = z.array(PlanItem).safeParse(JSON.parse(row.plan_json));
    return items.success ? { items: items.data, updatedAt: row.plan_updated_at ?? '' } : null;
  }

  /** A person's choice of the session's provider (/model) and reasoning effort (/effort); null: config.json's. */
  setModelChoice(id: string, choice: { provider?: string | null; effort?: ReasoningEffort | null }): void {
    if (choice.provider !== undefined) this.q('UPDATE sessions SET chosen_provider = ? WHERE id = ?').run(choice.provider, id);
    if (choice.effort !== undefined) this.q('UPDATE sessions SET reasoning_effort = ? WHERE id = ?').run(choice.effort, id);
  }

  /** A person's budget for the session, or none (null). */
  setBudget(id: string, budget: Budget | null): void {
    this.q('UPDATE sessions SET budget_unit = ?, budget_limit = ? WHERE id = ?').run(budget?.unit ?? null, budget?.limit ?? null, id);
  }

  /** The session's context meter: the tokens of the model's view at its latest request, and the window. */
  setContextMeter(sessionId: string, tokens: number, window: number): void {
    this.q('UPDATE sessions SET context_tokens = ?, context_window = ? WHERE id = ?').run(tokens, window, sessionId);
  }

  /** The session's grants (policy "allow for this session"), oldest first. */
  listGrants(sessionId: string): string[] {
    return (this.q('SELECT rule FROM session_grants WHERE session_id = ? ORDER BY created_at').all(sessionId) as { rule: string }[]).map(
      (r) => r.rule,
    );
  }

  /** Rules a person allowed for all children of `parentId` (each child also holds them as its own grants). */
  listChildGrants(parentId: string): string[] {
    return (this.q('SELECT rule FROM child_grants WHERE parent_id = ? ORDER BY created_at').all(parentId) as { rule: string }[]).map((r) => r.rule);
  }

  addChildGrant(parentId: string, rule: string): void {
    this.q('INSERT OR IGNORE INTO child_grants (parent_id, rule, created_at) VALUES (?, ?, ?)').run(parentId, rule, nowIso());
  }

  /** Tokens and dollars of the session and every child below it. */
  treeTotals(sessionId: string): { tokens: number; usd: number } {
    return this.q(
      `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT s.id FROM sessions s JOIN tree ON s.parent_id = tree.id)
       SELECT COALESCE(SUM(total_tokens), 0) AS tokens, COALESCE(SUM(cost_usd), 0) AS usd FROM sessions WHERE id IN (SELECT id FROM tree)`,
    ).get(sessionId) as { tokens: number; usd: number };
  }

  /** The sessions started as children of `parentId`. */
  childrenOf(parentId: string): string[] {
    return (this.q('SELECT id FROM sessions WHERE parent_id = ? ORDER BY created_at').all(parentId) as { id: string }[]).map((r) => r.id);
  }

  addGrant(sessionId: string, rule: string): void {
    this.q('INSERT OR IGNORE INTO session_grants (session_id, rule, created_at) VALUES (?, ?, ?)').run(sessionId, rule, nowIso());
  }
}
