import type Database from 'better-sqlite3';
import type { EngineEvent } from '../../../shared/events';
import { Payloads } from './payloads';
import { SEARCHED_EVENT_TYPES } from './search-doc';
import { SearchIndex } from './search-index';

/** Events read per batch: the backfill of a long history never holds all of it in memory. */
const BATCH = 2000;

/**
 * Indexes the events stored before the search index existed, oldest first, exactly as the store indexes a new
 * one. Run once, with migration 013, in its transaction.
 */
export function backfillSearchIndex(db: Database.Database): number {
  const index = new SearchIndex(db, new Payloads(db));
  const marks = SEARCHED_EVENT_TYPES.map(() => '?').join(', ');
  const page = db.prepare(`SELECT seq, event_json FROM events WHERE seq > ? AND type IN (${marks}) ORDER BY seq LIMIT ${BATCH}`);
  const payloads = new Payloads(db);
  let after = 0;
  let indexed = 0;
  for (;;) {
    const rows = page.all(after, ...SEARCHED_EVENT_TYPES) as { seq: number; event_json: string }[];
    for (const r of rows) {
      index.add(r.seq, { ...(payloads.fromStoredJson(r.event_json) as EngineEvent), seq: r.seq });
      indexed++;
    }
    if (rows.length < BATCH) return indexed;
    after = (rows.at(-1) as { seq: number }).seq;
  }
}
