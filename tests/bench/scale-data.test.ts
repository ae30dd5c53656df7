// The scale bench's bulk-built data folder holds what the engine's own path writes for the same sessions: every
// table compared row by row with a folder written through the store, event bus and prompt lifecycle
// (tests/helpers/scale-reference.ts), ids and times aside, and the folder opened by a real engine.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { renameSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createEngine, DATABASE_FILE, type Engine } from '../../main/core/engine';
import { sessionToken } from '../../main/core/store/search-query';
import { ensureScaleData, firstMarker, lastMarker, sessionName, type ScaleShape } from '../../bench/lib/scale-data';
import { unwrap } from '../helpers/engine';
import { referenceWriter } from '../helpers/scale-reference';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanupTempDirs();
});

const SHAPE: ScaleShape = { sessions: 3, messagesPerSession: 60, checkpoints: [1, 3] };
const quiet = (): void => {};

/** FTS5's own b-tree (segments, their index) depends on how the writes were grouped in commits: not compared. */
const LAYOUT_TABLES = new Set(['search_text', 'search_text_data', 'search_text_idx']);
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, unknown>;

/** Every table's rows in stored order, with each id, ref and time replaced by what it stands for. */
function snapshot(file: string): Map<string, Row[]> {
  const db = new Database(file, { readonly: true });
  try {
    const names = new Map<string, string>();
    const idColumns = [['sessions', ['id', 'ref']], ['prompts', ['id', 'ref']], ['tool_calls', ['id']], ['approvals', ['id', 'ref']]] as const;
    for (const [table, columns] of idColumns) {
      const rows = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY rowid`).all() as Record<string, string>[];
      rows.forEach((r, n) => {
        for (const c of columns) names.set(r[c] as string, `<${table}.${c} ${n}>`);
        if (table === 'sessions') names.set(sessionToken(r.id as string), `<session token ${n}>`);
      });
    }
    const norm = (v: unknown): unknown => {
      if (typeof v === 'string') {
        if (names.has(v)) return names.get(v);
        if (ISO_TIME.test(v)) return '<time>';
        if (v.startsWith('{') || v.startsWith('[')) {
          try {
            return JSON.stringify(JSON.parse(v, (_k, x: unknown) => norm(x)));
          } catch {
            return v;
          }
        }
        return v;
      }
      return v;
    };
    const out = new Map<string, Row[]>();
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
    for (const table of tables.filter((t) => !LAYOUT_TABLES.has(t))) {
      const withoutRowid = /WITHOUT ROWID\s*$/i.test(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table) as string);
      const rows = db.prepare(`SELECT * FROM "${table}" ORDER BY ${withoutRowid ? '1' : 'rowid'}`).all() as Row[];
      out.set(table, rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, norm(v)]))));
    }
    // The index's entries themselves: every word of every entry, where it is (a contentless table shows no text).
    db.exec(`CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, search_text, 'instance')`);
    const words = db.prepare('SELECT term, doc, col, "offset" FROM temp.words ORDER BY doc, col, "offset"').all() as Row[];
    out.set('search_text (words)', words.map((w) => ({ ...w, term: norm(w.term) })));
    // Which segment wrote a document's sizes is layout too; the sizes are not.
    out.set('search_text_docsize', (out.get('search_text_docsize') ?? []).map(({ origin: _origin, ...rest }) => rest));
    return out;
  } finally {
    db.close();
  }
}

function expectSameRows(bulkFile: string, referenceFile: string): void {
  const bulk = snapshot(bulkFile);
  const reference = snapshot(referenceFile);
  expect([...bulk.keys()]).toEqual([...reference.keys()]);
  for (const [table, rows] of reference) expect(bulk.get(table), table).toEqual(rows);
}

describe('scale data, bulk built', () => {
  it('holds the same rows, events and search entries as the engine writes for the same sessions', () => {
    // Both built at the same place (the rows name their workspaces' paths): the bulk folder is moved aside first.
    const root = tempDir();
    const built = ensureScaleData(root, 'test', SHAPE, quiet);
    const base = dirname(built.home);
    const aside = join(root, 'bulk');
    renameSync(base, aside);
    const reference = ensureScaleData(root, 'test', SHAPE, quiet, referenceWriter);
    expect(dirname(reference.home)).toBe(base);
    const moved = (home: string): string => join(aside, relative(base, home), DATABASE_FILE);
    const bulkFile = moved(built.home);

    const db = new Database(bulkFile, { readonly: true });
    const count = (sql: string): number => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT COUNT(*) FROM messages')).toBe(SHAPE.sessions * SHAPE.messagesPerSession);
    // Something of every kind was written, so the comparison below compares rows rather than empty tables.
    expect(count('SELECT COUNT(*) FROM approvals')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) FROM tool_calls')).toBeGreaterThan(10);
    expect(count('SELECT COUNT(*) FROM search_terms')).toBeGreaterThan(20);
    // The events' seqs run on without a gap, as one engine's bus writes them.
    expect(count('SELECT MAX(seq) - MIN(seq) + 1 - COUNT(*) FROM events')).toBe(0);
    // Left as the engine leaves a folder: in WAL mode, the WAL checkpointed away.
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();

    expectSameRows(bulkFile, join(reference.home, DATABASE_FILE));
    // The copy kept at a checkpoint holds the sessions written until then.
    const firstBulk = moved(built.partial.get(1) as string);
    expectSameRows(firstBulk, join(reference.partial.get(1) as string, DATABASE_FILE));
    const partial = new Database(firstBulk, { readonly: true });
    expect(partial.prepare('SELECT name FROM sessions').pluck().all()).toEqual([sessionName(0)]);
    partial.close();
  });

  it('is built once per version and shape, then reused', () => {
    const root = tempDir();
    const built = ensureScaleData(root, 'test', SHAPE, quiet);
    expect(built.builtInSeconds).toBeGreaterThan(0);
    const again = ensureScaleData(root, 'test', SHAPE, quiet);
    expect(again).toEqual({ ...built, builtInSeconds: 0 });
  });

  it('is opened by the engine: the session list, a page of history and a search of its markers', async () => {
    const folders = ensureScaleData(tempDir(), 'test', SHAPE, quiet);
    engine = await createEngine({ home: folders.home, env: {} });
    const sessions = unwrap(await engine.handlers['session.list']({}));
    expect(sessions.map((s) => s.name)).toEqual([0, 1, 2].map(sessionName));
    expect(sessions.every((s) => s.usage.totalTokens > 0)).toBe(true);

    const s1 = sessions[1]!;
    const newest = unwrap(await engine.handlers['session.events']({ session: s1.ref, beforeSeq: Number.MAX_SAFE_INTEGER, limit: 20 }));
    expect(newest).toHaveLength(20);
    expect(newest.every((e) => e.sessionId === s1.id)).toBe(true);
    const done = newest.at(-1)!;
    expect(done.type === 'turn_completed' && done.content.endsWith(lastMarker(1))).toBe(true);

    const top = unwrap(await engine.handlers['search.query']({ text: `"${firstMarker(2)}"` }));
    expect(top[0]).toMatchObject({ sessionName: sessionName(2), kind: 'prompt' });
    const end = unwrap(await engine.handlers['search.query']({ text: `"${lastMarker(0)}"`, sessionId: sessionName(0) }));
    expect(end.map((h) => h.kind)).toContain('answer');
    // A tool's whole output is found, not only the preview its event carries.
    const output = unwrap(await engine.handlers['search.query']({ text: 'render state', limit: 5 }));
    expect(output.some((h) => h.kind === 'tool_output')).toBe(true);
  });
});
