import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Strings longer than this (in characters) are stored once in `payloads` and referenced from the rows. A Write
 * of a large file would otherwise sit in the assistant message, the tool call row, its event and its approval.
 */
export const PAYLOAD_THRESHOLD = 64 * 1024;

/**
 * The key of a reference. Forms, in the stored JSON:
 *   {"$payload": "<sha256>", "bytes": N}                  the payload's text
 *   {"$payload": "<sha256>", "bytes": N, "quoted": true}  the payload as a JSON string literal (quotes included)
 *   {"$payload": [part, …]}                               the parts joined (each a string or one of the above)
 * The third form keeps a tool call's `arguments` (JSON text) pointing at the same payload as its parsed input.
 * An object of the value itself with a key `$payload` (or `$$payload`, …) is stored with one more `$`, so a
 * stored object whose key is exactly `$payload` is always a reference.
 */
const KEY = '$payload';
/** Stored text holding neither a reference nor an escaped key never contains this, so it is parsed as it is. */
const MARK = `${KEY}"`;
const ESCAPED = /^\$+payload$/;
const UNESCAPE = /^\$\$+payload$/;
/**
 * A text column whose stored value starts with this holds the JSON of its value (with references), not the value.
 * U+FFFF is a noncharacter, so no text is expected to start with it; one that does is stored encoded as well.
 */
const ENCODED_TEXT = '\uffff';

interface LeafRef {
  [KEY]: string;
  bytes: number;
  quoted?: true;
}
interface JoinRef {
  [KEY]: (string | LeafRef)[];
}

/**
 * SQLite keeps text as UTF-8, which cannot hold a lone surrogate (a JSON `\ud800` escape parses into one): such a
 * string stays inline, where JSON keeps it escaped.
 */
function storable(text: string): boolean {
  // String.prototype.isWellFormed (ES2024, in Node 20; the ES2023 lib used here does not declare it).
  return text.length > PAYLOAD_THRESHOLD && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON text's big string leaves (values, not keys), each once. */
function bigLeaves(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (storable(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) bigLeaves(v, out);
  } else if (isRecord(value)) {
    for (const v of Object.values(value)) bigLeaves(v, out);
  }
  return out;
}

function startsLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x7b /* { */ || c === 0x5b /* [ */;
  }
  return false;
}

/**
 * Content-addressed storage of long strings for the store's rows: `toStoredJson` / `toStoredText` write each long
 * string once (by its sha256) and return the row's text with references; `fromStoredJson` / `fromStoredText` give
 * back exactly what was stored. Payloads are never deleted: rows are never deleted either, and a payload may be
 * shared by several sessions (a fork copies its source's messages, which point at the same payloads).
 */
export class Payloads {
  private readonly has: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly read: Database.Statement;
  /** The reference objects this class made while encoding: left alone by the key escaping. */
  private readonly made = new WeakSet<object>();

  constructor(db: Database.Database) {
    this.has = db.prepare('SELECT 1 FROM payloads WHERE sha256 = ?');
    this.insert = db.prepare('INSERT INTO payloads (sha256, bytes, text) VALUES (?, ?, ?)');
    this.read = db.prepare('SELECT text FROM payloads WHERE sha256 = ?').pluck();
  }

  /**
   * The text to store for a JSON value, and its plain JSON (what a read gives back once parsed). Call inside the
   * transaction that writes the row, so a payload is never stored without the row that references it.
   */
  toStoredJson(value: unknown): { stored: string; json: string } {
    const json = JSON.stringify(value);
    if (json.length <= PAYLOAD_THRESHOLD && !json.includes(MARK)) return { stored: json, json };
    return { stored: this.encode(value), json };
  }

  fromStoredJson(stored: string): unknown {
    if (!stored.includes(MARK)) return JSON.parse(stored);
    return JSON.parse(stored, (_key, value: unknown) => this.revive(value));
  }

  /** The text to store for a plain text column (a tool call's raw arguments, a tool's output). */
  toStoredText(text: string): string;
  toStoredText(text: string | null): string | null;
  toStoredText(text: string | null): string | null {
    if (text === null) return null;
    if (text.length <= PAYLOAD_THRESHOLD && !text.startsWith(ENCODED_TEXT)) return text;
    return ENCODED_TEXT + this.encode(text);
  }

  fromStoredText(stored: string): string;
  fromStoredText(stored: string | null): string | null;
  fromStoredText(stored: string | null): string | null {
    if (stored === null || !stored.startsWith(ENCODED_TEXT)) return stored;
    const value = this.fromStoredJson(stored.slice(ENCODED_TEXT.length));
    if (typeof value !== 'string') throw new Error('a stored text column holds an encoded value that is not text');
    return value;
  }

  /** The payload's text; a missing one means the database lost a row it needs. */
  text(sha256: string): string {
    const text = this.read.get(sha256) as string | undefined;
    if (text === undefined) throw new Error(`payload ${sha256} referenced by a stored row is missing from the payloads table`);
    return text;
  }

  private encode(value: unknown): string {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'string') return storable(v) ? this.reference(v) : v;
      if (isRecord(v) && !this.made.has(v) && Object.keys(v).some((k) => ESCAPED.test(k))) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [ESCAPED.test(k) ? `$${k}` : k, x]));
      }
      return v;
    });
  }

  /** A reference for a long string: its JSON string leaves stored apart when it is JSON text, else the whole of it. */
  private reference(text: string): LeafRef | JoinRef {
    const parts = this.splitJson(text);
    if (parts === null) return this.leaf(text, false);
    const ref: JoinRef = { [KEY]: parts };
    this.made.add(ref);
    return ref;
  }

  /**
   * JSON text (a tool call's arguments) as literal pieces and references to its long string leaves, written as
   * JSON string literals exactly as they appear in the text. Null when the text is not JSON, or when what is left
   * between the leaves is itself long (a leaf escaped differently than JSON.stringify writes it).
   */
  private splitJson(text: string): (string | LeafRef)[] | null {
    if (!startsLikeJson(text)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const spans: { start: number; end: number; leaf: string }[] = [];
    for (const leaf of bigLeaves(parsed, new Set())) {
      const quoted = JSON.stringify(leaf);
      for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + quoted.length)) {
        spans.push({ start: at, end: at + quoted.length, leaf });
      }
    }
    spans.sort((a, b) => a.start - b.start);
    const parts: (string | LeafRef)[] = [];
    let cursor = 0;
    for (const span of spans) {
      if (span.start < cursor) continue;
      if (span.start > cursor) parts.push(text.slice(cursor, span.start));
      parts.push(this.leaf(span.leaf, true));
      cursor = span.end;
    }
    if (cursor < text.length) parts.push(text.slice(cursor));
    if (cursor === 0 || parts.some((p) => typeof p === 'string' && p.length > PAYLOAD_THRESHOLD)) return null;
    return parts;
  }

  private leaf(text: string, quoted: boolean): LeafRef {
    const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.has.get(sha256) === undefined) this.insert.run(sha256, bytes, text);
    const ref: LeafRef = quoted ? { [KEY]: sha256, bytes, quoted: true } : { [KEY]: sha256, bytes };
    this.made.add(ref);
    return ref;
  }

  /** JSON.parse reviver: references become their text, escaped keys get their own name back. */
  private revive(value: unknown): unknown {
    if (!isRecord(value)) return value;
    if (Object.hasOwn(value, KEY)) {
      const ref = value[KEY];
      if (typeof ref === 'string') {
        const text = this.text(ref);
        return value.quoted === true ? JSON.stringify(text) : text;
      }
      if (Array.isArray(ref)) return ref.join('');
      throw new Error('a stored row holds a malformed payload reference');
    }
    if (!Object.keys(value).some((k) => UNESCAPE.test(k))) return value;
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [UNESCAPE.test(k) ? k.slice(1) : k, x]));
  }
}

/** The JSON columns whose values may hold references, and the plain text columns that may. */
const JSON_COLUMNS = [['messages', 'message_json'], ['events', 'event_json'], ['approvals', 'input_json']] as const;
const TEXT_COLUMNS = [['tool_calls', 'input_json'], ['tool_calls', 'output']] as const;

/**
 * Rows written before references existed, rewritten in the form references need: an object key `$payload`
 * gets its extra `$`, a text starting with U+FFFF is stored encoded. Without this such a row would be read as a
 * reference. Only rows that contain the marks are touched (in practice none); run once, with the migration.
 */
export function encodeRowsWrittenBeforePayloads(db: Database.Database): void {
  const payloads = new Payloads(db);
  for (const [table, column] of JSON_COLUMNS) {
    const rows = db.prepare(`SELECT rowid AS id, ${column} AS v FROM ${table} WHERE instr(${column}, ?) > 0`).all(MARK) as { id: number; v: string }[];
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
    for (const r of rows) update.run(payloads.toStoredJson(JSON.parse(r.v)).stored, r.id);
  }
  for (const [table, column] of TEXT_COLUMNS) {
    const rows = db.prepare(`SELECT rowid AS id, ${column} AS v FROM ${table} WHERE substr(${column}, 1, 1) = ?`).all(ENCODED_TEXT) as { id: number; v: string }[];
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
    for (const r of rows) update.run(payloads.toStoredText(r.v), r.id);
  }
}
