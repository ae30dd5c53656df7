import type { Db } from '../store/db';
import type { EngineEventDraft } from '../../../shared/events';
import type { InstructionSource, LoadedInstructions } from './instructions';
import { prepared } from '../store/statements';

/** The hash of "no instructions": a session that never had any starts from it, so a first file is announced. */
const NONE = '';

/**
 * The project instructions each session's model last used (table `session_instructions`, migration 007).
 * `use` is called when a turn builds its request: it records the hash and, when the text differs from the
 * last one that session used, returns the `instructions_changed` event for the caller to emit in the same
 * transaction. Persisted, so a restart does not announce the same text again. The only writer of the table.
 */
export class InstructionsTracker {
  // No copy in memory: one indexed read per turn is cheap, and a rolled-back transaction cannot leave a
  // remembered hash that the table does not hold.
  constructor(private readonly db: Db) {}

  /** The hash the session's model last used ('' when it never had instructions). */
  lastHash(sessionId: string): string {
    const row = prepared(this.db, 'SELECT hash FROM session_instructions WHERE session_id = ?').get(sessionId) as
      | { hash: string }
      | undefined;
    return row?.hash ?? NONE;
  }

  /** Records that the session's next request uses `loaded`; the event to emit when that is new text, else null. */
  use(sessionId: string, promptId: string | null, loaded: LoadedInstructions): Extract<EngineEventDraft, { type: 'instructions_changed' }> | null {
    const hash = loaded.sources.length === 0 ? NONE : loaded.hash;
    if (this.lastHash(sessionId) === hash) return null;
    this.record(sessionId, hash, loaded.sources);
    return {
      type: 'instructions_changed',
      sessionId,
      promptId,
      sources: loaded.sources.map((s) => ({ path: s.path, bytes: s.bytes, truncated: s.truncated })),
      hash,
    };
  }

  /** A forked session starts from what its source last used, so the fork does not announce the same files. */
  copy(fromSessionId: string, toSessionId: string): void {
    const row = prepared(this.db, 'SELECT hash, sources_json FROM session_instructions WHERE session_id = ?').get(fromSessionId) as
      | { hash: string; sources_json: string }
      | undefined;
    if (!row) return;
    this.record(toSessionId, row.hash, JSON.parse(row.sources_json) as InstructionSource[]);
  }

  private record(sessionId: string, hash: string, sources: readonly InstructionSource[]): void {
    prepared(
      this.db,
        `INSERT INTO session_instructions (session_id, hash, sources_json, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(session_id) DO UPDATE SET hash = excluded.hash, sources_json = excluded.sources_json, updated_at = excluded.updated_at`,
      )
      .run(sessionId, hash, JSON.stringify(sources), new Date().toISOString());
  }
}
