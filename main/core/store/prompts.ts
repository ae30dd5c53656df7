import type { Msg } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import type { BudgetStop } from '../../../shared/cost';
import type { PromptStatus } from '../../../shared/status';
import { Repository } from './parts';
import { newId, newRef, nowIso } from './refs';
import { indexedLookups, resolveIndexed } from './resolve';
import type { PromptRow, PromptRunOptions } from './rows';

/** Reads of `prompts`. Its rows are written through PromptWrites, which only the prompt lifecycle holds. */
export class PromptsRepository extends Repository {
  get(id: string): PromptRow | undefined {
    return this.q('SELECT * FROM prompts WHERE id = ?').get(id) as PromptRow | undefined;
  }

  /** How many of the session's prompts have this status, without reading them. */
  count(sessionId: string, status: PromptStatus): number {
    return (this.q('SELECT COUNT(*) AS n FROM prompts WHERE session_id = ? AND status = ?').get(sessionId, status) as { n: number }).n;
  }

  list(sessionId: string): PromptRow[] {
    return this.q('SELECT * FROM prompts WHERE session_id = ? ORDER BY position').all(sessionId) as PromptRow[];
  }

  withStatus(statuses: readonly PromptStatus[]): PromptRow[] {
    const marks = statuses.map(() => '?').join(',');
    return this.q(`SELECT * FROM prompts WHERE status IN (${marks}) ORDER BY created_at, rowid`)
      .all(...statuses) as PromptRow[];
  }

  resolve(query: string): Result<PromptRow> {
    return resolveIndexed('prompt', query, indexedLookups<PromptRow>((sql) => this.q(sql), 'prompts', (q) =>
      this.get(q) ?? (this.q('SELECT * FROM prompts WHERE ref = ?').get(q) as PromptRow | undefined),
    ));
  }

  /**
   * The prompt a session's worker takes next: the first queued one, unless an earlier prompt of the session is
   * held in `conflict` — the session's prompts still run in the order they were sent.
   */
  nextRunnable(sessionId: string): PromptRow | undefined {
    const first = this.q(`SELECT * FROM prompts WHERE session_id = ? AND status IN ('queued', 'conflict', 'paused') ORDER BY position LIMIT 1`)
      .get(sessionId) as PromptRow | undefined;
    return first?.status === 'queued' ? first : undefined;
  }

  /** Whether the prompt holds a budget stop (asked before every request), without reading its whole row. */
  hasBudgetStop(promptId: string): boolean {
    return this.q('SELECT 1 FROM prompts WHERE id = ? AND budget_stop IS NOT NULL').get(promptId) !== undefined;
  }
}

/**
 * Every write of a prompt row (its usage totals aside, added with each usage record). The composition root hands
 * it to the prompt lifecycle alone, so a prompt's status, text and options change through the lifecycle only.
 */
export class PromptWrites extends Repository {
  create(sessionId: string, text: string, options: PromptRunOptions = {}): PromptRow {
    const position =
      ((this.q('SELECT MAX(position) AS p FROM prompts WHERE session_id = ?').get(sessionId) as { p: number | null })
        .p ?? 0) + 1;
    const row: PromptRow = {
      id: newId(),
      ref: this.newRef(),
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
      images_json: options.images?.length ? JSON.stringify(options.images) : null,
    };
    this.q(
        `INSERT INTO prompts (id, ref, session_id, position, text, status, created_at, approvals, on_conflict, images_json)
         VALUES (@id, @ref, @session_id, @position, @text, @status, @created_at, @approvals, @on_conflict, @images_json)`,
      )
      .run(row);
    this.parts.written.prompt = { id: row.id, text };
    return row;
  }

  /** Returns the row as the update left it (undefined: no such prompt). */
  setStatus(
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

  setText(id: string, text: string): void {
    this.parts.tx.run(() => {
      this.parts.written.prompt = null;
      this.q('UPDATE prompts SET text = ? WHERE id = ?').run(text, id);
      this.parts.search.promptEdited(id);
    });
  }

  /** Replaces the run options given (`prompt.resume`); the ones left out keep their stored value. */
  setRunOptions(id: string, options: PromptRunOptions): void {
    this.q(
      `UPDATE prompts SET approvals = COALESCE(@approvals, approvals), on_conflict = COALESCE(@onConflict, on_conflict) WHERE id = @id`,
    ).run({ id, approvals: options.approvals ?? null, onConflict: options.onConflict ?? null });
  }

  /** The budget a prompt paused at while it waits for a person; null once it goes on. */
  setBudgetStop(promptId: string, stop: BudgetStop | null): void {
    this.q('UPDATE prompts SET budget_stop = ? WHERE id = ?').run(stop ? JSON.stringify(stop) : null, promptId);
  }

  /** A fork's copy of a finished prompt in session `sessionId`: its text and outcome, no usage. Returns the copy's id. */
  copyFinished(sessionId: string, p: PromptRow): string {
    const id = newId();
    this.q(
      `INSERT INTO prompts (id, ref, session_id, position, text, status, error, error_msg, created_at, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, this.newRef(), sessionId, p.position, p.text, p.status, p.error, p.error_msg, p.created_at, p.started_at, p.finished_at);
    return id;
  }

  private newRef(): string {
    return newRef((r) => this.q('SELECT 1 FROM prompts WHERE ref = ?').get(r) !== undefined);
  }
}
