import type { Db } from '../store/db';
import { newId, nowIso } from '../store/refs';
import type { CompactionReason, CompactionRecord } from './compaction-types';
import { prepared } from '../store/statements';

interface CompactionDbRow {
  id: string;
  session_id: string;
  covers_through: number | null;
  summary: string | null;
  note: string | null;
  prompts_block: string | null;
  pruned_ids_json: string;
  head_tokens: number;
  encoding: string | null;
  tokens_before: number;
  tokens_after: number;
  reason: CompactionReason;
  pruned_tool_outputs: number;
  summary_tokens: number;
  focus: string | null;
  summary_error: string | null;
  created_at: string;
}

const toRecord = (r: CompactionDbRow): CompactionRecord => ({
  id: r.id,
  sessionId: r.session_id,
  coversThrough: r.covers_through,
  summary: r.summary,
  note: r.note,
  promptsBlock: r.prompts_block,
  prunedIds: JSON.parse(r.pruned_ids_json) as number[],
  headTokens: r.head_tokens,
  encoding: r.encoding,
  tokensBefore: r.tokens_before,
  tokensAfter: r.tokens_after,
  reason: r.reason,
  prunedToolOutputs: r.pruned_tool_outputs,
  summaryTokens: r.summary_tokens,
  focus: r.focus,
  summaryError: r.summary_error,
  createdAt: r.created_at,
});

export type NewCompaction = Omit<CompactionRecord, 'id' | 'createdAt'>;

/** The compactions table (migration 006): one row per compaction, the latest of a session in force. */
export class CompactionStore {
  constructor(private readonly db: Db) {}

  add(input: NewCompaction): CompactionRecord {
    const record: CompactionRecord = { ...input, prunedIds: [...input.prunedIds], id: newId(), createdAt: nowIso() };
    this.db.transaction(() => {
      const seq = ((prepared(this.db, 'SELECT MAX(seq) AS s FROM compactions WHERE session_id = ?').get(record.sessionId) as { s: number | null }).s ?? 0) + 1;
      prepared(
      this.db,
          `INSERT INTO compactions (id, seq, session_id, covers_through, summary, note, prompts_block, pruned_ids_json, head_tokens,
             encoding, tokens_before, tokens_after, reason, pruned_tool_outputs, summary_tokens, focus, summary_error, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id, seq, record.sessionId, record.coversThrough, record.summary, record.note, record.promptsBlock,
          JSON.stringify(record.prunedIds), record.headTokens, record.encoding, record.tokensBefore, record.tokensAfter,
          record.reason, record.prunedToolOutputs, record.summaryTokens, record.focus, record.summaryError, record.createdAt,
        );
    })();
    return record;
  }

  /** The compaction in force for a session, or null when its view was never compacted. */
  latest(sessionId: string): CompactionRecord | null {
    const row = prepared(this.db, 'SELECT * FROM compactions WHERE session_id = ? ORDER BY seq DESC LIMIT 1').get(sessionId) as
      | CompactionDbRow
      | undefined;
    return row ? toRecord(row) : null;
  }

  /** Every compaction of a session, oldest first (for `sessions show` and the transcript markers). */
  list(sessionId: string): CompactionRecord[] {
    return (prepared(this.db, 'SELECT * FROM compactions WHERE session_id = ? ORDER BY seq').all(sessionId) as CompactionDbRow[]).map(toRecord);
  }

  /**
   * Gives a forked session the same compacted view: the source's latest compaction with its message ids mapped
   * to the copies (`messageIds`: old id → new id). A cut on a message that was not copied moves back to the
   * last copied message before it. Returns the copy, or null when the source has none.
   */
  copyLatestTo(sourceSessionId: string, targetSessionId: string, messageIds: ReadonlyMap<number, number>): CompactionRecord | null {
    const source = this.latest(sourceSessionId);
    if (!source) return null;
    let coversThrough: number | null = null;
    if (source.coversThrough !== null) {
      let best = -1;
      for (const [oldId, newId] of messageIds) if (oldId <= source.coversThrough && oldId > best) [best, coversThrough] = [oldId, newId];
    }
    const prunedIds = source.prunedIds.flatMap((id) => {
      const mapped = messageIds.get(id);
      return mapped === undefined ? [] : [mapped];
    });
    const { id: _id, createdAt: _createdAt, ...rest } = source;
    return this.add({ ...rest, sessionId: targetSessionId, coversThrough, prunedIds });
  }
}
