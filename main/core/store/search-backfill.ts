import type Database from 'better-sqlite3';
import type { EngineEvent } from '../../../shared/events';
import { Payloads } from './payloads';
import { SEARCHED_EVENT_TYPES } from './search-doc';
import { SearchIndex } from './search-index';

/** Events read per batch: the backfill of a long history never holds all of it in memory. */
const BATCH = 2000;

/**
 * Indexes the events stored before the search index existed, oldest first, as the store indexes a new one, then
 * lists their words. Run once, with migration 013, in its transaction.
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
      index.add(r.seq, { ...(payloads.fromStoredJson(r.event_json) as EngineEvent), seq: r.seq }, false);
      indexed++;
    }
    if (rows.length < BATCH) break;
    after = (rows.at(-1) as { seq: number }).seq;
  }
  listIndexedWords(db);
  return indexed;
}

/** The words of everything indexed, read once from the index itself into `search_terms`. */
export function listIndexedWords(db: Database.Database): void {
  db.exec(`CREATE VIRTUAL TABLE temp.search_backfill_words USING fts5vocab(main, search_text, 'col')`);
  try {
    db.exec(`INSERT OR IGNORE INTO search_terms (term) SELECT term FROM temp.search_backfill_words WHERE col = 'body'`);
  } finally {
    db.exec('DROP TABLE temp.search_backfill_words');
  }
}
