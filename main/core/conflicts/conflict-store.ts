import type { Db } from '../store/db';
import { newId, nowIso } from '../store/refs';
import type { ConflictKind, ConflictResolution } from '../../../shared/events';
import type { Claim } from './claims';
import { prepared } from '../store/statements';

export interface PreflightRow {
  promptId: string;
  sessionId: string;
  keys: string[];
  claims: Claim[];
  confidence: number;
  decision: 'allow' | 'serialize';
}

export interface ConflictRecord {
  id: string;
  promptId: string;
  sessionId: string;
  kind: ConflictKind;
  otherSessionId: string | null;
  blockingPrompts: string[];
  paths: string[];
  detail: string;
  resolution: ConflictResolution | null;
  createdAt: string;
  resolvedAt: string | null;
}

export interface JournalEntry {
  id: number;
  sessionId: string;
  promptId: string | null;
  tool: string;
  workspace: string;
  path: string;
  beforeSha: string | null;
  afterSha: string | null;
  beforeKept: boolean;
  createdAt: string;
  undoneAt: string | null;
}

interface ConflictDbRow {
  id: string;
  prompt_id: string;
  session_id: string;
  kind: ConflictKind;
  other_session_id: string | null;
  blocking_prompts_json: string;
  paths_json: string;
  detail: string;
  resolution: ConflictResolution | null;
  created_at: string;
  resolved_at: string | null;
}

interface JournalDbRow {
  id: number;
  session_id: string;
  prompt_id: string | null;
  tool: string;
  workspace: string;
  path: string;
  before_sha: string | null;
  after_sha: string | null;
  before_kept: number;
  created_at: string;
  undone_at: string | null;
}

const toConflict = (r: ConflictDbRow): ConflictRecord => ({
  id: r.id,
  promptId: r.prompt_id,
  sessionId: r.session_id,
  kind: r.kind,
  otherSessionId: r.other_session_id,
  blockingPrompts: JSON.parse(r.blocking_prompts_json) as string[],
  paths: JSON.parse(r.paths_json) as string[],
  detail: r.detail,
  resolution: r.resolution,
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
});

const toEntry = (r: JournalDbRow): JournalEntry => ({
  id: r.id,
  sessionId: r.session_id,
  promptId: r.prompt_id,
  tool: r.tool,
  workspace: r.workspace,
  path: r.path,
  beforeSha: r.before_sha,
  afterSha: r.after_sha,
  beforeKept: r.before_kept === 1,
  createdAt: r.created_at,
  undoneAt: r.undone_at,
});

/** The conflict engine's tables (migration 002). Small synchronous queries on the engine's database. */
export class ConflictStore {
  constructor(private readonly db: Db) {}

  // ---- preflight ----

  savePreflight(row: PreflightRow): void {
    prepared(
      this.db,
        `INSERT OR REPLACE INTO prompt_preflight (prompt_id, session_id, keys_json, claims_json, confidence, decision, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(row.promptId, row.sessionId, JSON.stringify(row.keys), JSON.stringify(row.claims), row.confidence, row.decision, nowIso());
  }

  getPreflight(promptId: string): PreflightRow | undefined {
    const r = prepared(this.db, 'SELECT * FROM prompt_preflight WHERE prompt_id = ?').get(promptId) as
      | { prompt_id: string; session_id: string; keys_json: string; claims_json: string; confidence: number; decision: 'allow' | 'serialize' }
      | undefined;
    if (!r) return undefined;
    return {
      promptId: r.prompt_id,
      sessionId: r.session_id,
      keys: JSON.parse(r.keys_json) as string[],
      claims: JSON.parse(r.claims_json) as Claim[],
      confidence: r.confidence,
      decision: r.decision,
    };
  }

  /** Claims of prompts that have not finished, for rebuilding the table at start-up. */
  activeClaims(): Claim[] {
    const rows = prepared(
      this.db,
        `SELECT f.claims_json FROM prompt_preflight f JOIN prompts p ON p.id = f.prompt_id
         WHERE p.status NOT IN ('completed', 'failed', 'cancelled')`,
      )
      .all() as { claims_json: string }[];
    return rows.flatMap((r) => JSON.parse(r.claims_json) as Claim[]);
  }

  // ---- conflict records ----

  addConflict(input: Omit<ConflictRecord, 'id' | 'createdAt' | 'resolvedAt' | 'resolution'>): ConflictRecord {
    const rec: ConflictRecord = { ...input, id: newId(), resolution: null, createdAt: nowIso(), resolvedAt: null };
    prepared(
      this.db,
        `INSERT INTO conflicts (id, prompt_id, session_id, kind, other_session_id, blocking_prompts_json, paths_json, detail, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(rec.id, rec.promptId, rec.sessionId, rec.kind, rec.otherSessionId, JSON.stringify(rec.blockingPrompts),
        JSON.stringify(rec.paths), rec.detail, rec.createdAt);
    return rec;
  }

  resolveConflict(id: string, resolution: ConflictResolution): void {
    prepared(this.db, 'UPDATE conflicts SET resolution = ?, resolved_at = ? WHERE id = ?').run(resolution, nowIso(), id);
  }

  conflictsOf(promptId: string): ConflictRecord[] {
    return (prepared(this.db, 'SELECT * FROM conflicts WHERE prompt_id = ? ORDER BY created_at, rowid').all(promptId) as ConflictDbRow[]).map(toConflict);
  }

  // ---- change journal ----

  addJournal(input: Omit<JournalEntry, 'id' | 'createdAt' | 'undoneAt' | 'beforeKept'>, before: Buffer | null): number {
    return this.db.transaction(() => {
      const kept = before !== null && input.beforeSha !== null;
      if (kept) prepared(this.db, 'INSERT OR IGNORE INTO journal_blobs (sha256, content) VALUES (?, ?)').run(input.beforeSha, before);
      const info = prepared(
      this.db,
          `INSERT INTO change_journal (session_id, prompt_id, tool, workspace, path, before_sha, after_sha, before_kept, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(input.sessionId, input.promptId, input.tool, input.workspace, input.path, input.beforeSha, input.afterSha, kept ? 1 : 0, nowIso());
      return Number(info.lastInsertRowid);
    })();
  }

  listJournal(filter: { sessionId?: string; path?: string; workspace?: string } = {}): JournalEntry[] {
    return (
      prepared(
      this.db,
          `SELECT * FROM change_journal WHERE (@sid IS NULL OR session_id = @sid) AND (@path IS NULL OR path = @path)
             AND (@ws IS NULL OR workspace = @ws) ORDER BY id`,
        )
        .all({ sid: filter.sessionId ?? null, path: filter.path ?? null, ws: filter.workspace ?? null }) as JournalDbRow[]
    ).map(toEntry);
  }

  /** The latest journal entry for a path, optionally only by sessions other than `notSession`. */
  latestFor(path: string, notSession?: string): JournalEntry | undefined {
    const r = prepared(
      this.db,
        `SELECT * FROM change_journal WHERE path = ? AND (? IS NULL OR session_id <> ?) ORDER BY id DESC LIMIT 1`,
      )
      .get(path, notSession ?? null, notSession ?? null) as JournalDbRow | undefined;
    return r ? toEntry(r) : undefined;
  }

  /** Paths written by prompts that have not finished: the leases to restore at start-up. */
  activeWrites(): { path: string; sessionId: string; promptId: string }[] {
    return prepared(
      this.db,
        `SELECT j.path AS path, j.session_id AS sessionId, j.prompt_id AS promptId FROM change_journal j
         JOIN prompts p ON p.id = j.prompt_id
         WHERE p.status NOT IN ('completed', 'failed', 'cancelled') AND j.undone_at IS NULL ORDER BY j.id`,
      )
      .all() as { path: string; sessionId: string; promptId: string }[];
  }

  blob(sha: string): Buffer | undefined {
    return (prepared(this.db, 'SELECT content FROM journal_blobs WHERE sha256 = ?').get(sha) as { content: Buffer } | undefined)?.content;
  }

  markUndone(ids: readonly number[]): void {
    const stmt = prepared(this.db, 'UPDATE change_journal SET undone_at = ? WHERE id = ? AND undone_at IS NULL');
    const now = nowIso();
    this.db.transaction(() => {
      for (const id of ids) stmt.run(now, id);
    })();
  }

  /** The latest (not undone) writer of each journaled path inside `dir`. */
  latestWritersUnder(dir: string): { path: string; sessionId: string }[] {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    return prepared(
      this.db,
        `SELECT path, session_id AS sessionId FROM change_journal WHERE id IN (
           SELECT MAX(id) FROM change_journal WHERE undone_at IS NULL AND substr(path, 1, length(@p)) = @p GROUP BY path)`,
      )
      .all({ p: prefix }) as { path: string; sessionId: string }[];
  }
}
