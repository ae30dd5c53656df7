import type { Statement } from 'better-sqlite3';
import { err, ok, type Result } from '../../../shared/result';
import { msg } from '../../../shared/i18n/message';
import { refKindWord } from './request-words';

/** What a reference names. */
type RefKind = 'session' | 'prompt' | 'approval';

export interface Candidate {
  id: string;
  ref: string;
}

/** The keys a reference may abbreviate: ids and refs, both lowercase hex (with dashes in ids) as refs.ts makes them. */
export type PrefixKey = 'id' | 'ref';

/** Rows of one table looked up through the unique indexes on its `id`, `ref` (and for sessions, `name`) columns. */
export interface IndexedLookups<T extends Candidate> {
  /** The row whose id, ref or name (in that order) is exactly `query`. */
  exact(query: string): T | undefined;
  /** The first `limit` rows whose `key` lies in [from, to), found by a search of the key's index. */
  range(key: PrefixKey, from: string, to: string, limit: number): T[];
  /** How many rows have their `key` in [from, to), counted in the key's index. */
  count(key: PrefixKey, from: string, to: string): number;
}

/**
 * A table's lookups through its unique indexes, with `exact` the table's own (by id, ref, name). `q` prepares
 * through the connection's statement cache; `read` turns a row into what the store hands out.
 */
export function indexedLookups<T extends Candidate>(
  q: (sql: string) => Statement,
  table: 'sessions' | 'prompts' | 'approvals',
  exact: (query: string) => T | undefined,
  read: (row: unknown) => T = (row) => row as T,
): IndexedLookups<T> {
  return {
    exact,
    range: (key, from, to, limit) =>
      (q(`SELECT * FROM ${table} WHERE ${key} >= ? AND ${key} < ? ORDER BY ${key} LIMIT ?`).all(from, to, limit) as unknown[]).map(read),
    count: (key, from, to) => (q(`SELECT COUNT(*) AS n FROM ${table} WHERE ${key} >= ? AND ${key} < ?`).get(from, to) as { n: number }).n,
  };
}

/** How many candidates an ambiguity names. */
const SHOWN = 8;

/**
 * The strings that start with `prefix`, as a range of SQLite's BINARY order: `>= from AND < to`, which an index
 * answers with a search where `LIKE 'x%'` would scan the table. Null when no id or ref can start with it: they are
 * lowercase hex and dashes only.
 */
export function prefixRange(prefix: string): { from: string; to: string } | null {
  if (!/^[0-9a-f-]+$/.test(prefix)) return null;
  const last = prefix.charCodeAt(prefix.length - 1);
  return { from: prefix, to: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

/**
 * Resolution order shared by every command: exact id, exact ref, exact name, unique id prefix, unique ref prefix.
 * Ambiguity is reported with the candidates, never guessed. Every step is an index lookup, so resolving costs the
 * same however many rows the table holds: a name that is new is a few searches that find nothing.
 */
export function resolveIndexed<T extends Candidate>(kind: RefKind, query: string, lookups: IndexedLookups<T>): Result<T> {
  const q = query.trim();
  const exact = lookups.exact(query) ?? (q !== query ? lookups.exact(q) : undefined);
  if (exact) return ok(exact);
  const lower = q.toLowerCase();
  if (lower.length === 0) return err('invalid_input', msg('notices.request.emptyRef', { kind: refKindWord(kind) }));
  const range = prefixRange(lower);
  if (range) {
    for (const key of ['id', 'ref'] as const) {
      const shown = lookups.range(key, range.from, range.to, SHOWN);
      if (shown.length === 1) return ok(shown[0] as T);
      if (shown.length > 1) {
        // Only the first few matches are read; all of them are counted, in the index.
        const hits = { length: shown.length < SHOWN ? shown.length : lookups.count(key, range.from, range.to) };
        const list = shown.map((c) => c.ref).join(', ');
        return err('ambiguous', msg('notices.request.ambiguous', { kind: refKindWord(kind), ref: q, count: hits.length, list }));
      }
    }
  }
  return err('not_found', msg('notices.request.notFound', { kind: refKindWord(kind), ref: q }));
}
