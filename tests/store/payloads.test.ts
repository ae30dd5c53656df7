import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/core/engine';
import type { Db } from '../../main/core/store/db';
import type { Store } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { PAYLOAD_THRESHOLD } from '../../main/core/store/payloads';
import type { ChatMessage } from '../../main/core/model/types';
import { tempDir } from '../helpers/temp';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { openTestStore, promptAt, type TestStore } from '../helpers/prompt-moves';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture();
const stores: Store[] = [];

// Stores close before the fixture removes their folders.
afterEach(() => {
  for (const s of stores.splice(0)) if (s.open) s.close();
});

/**
 * Text of random words from a random vocabulary, in lines: nothing repeats at length, so no storage trick that
 * compresses would pass for storing once, and the tokenizer (which the engine runs on every message) stays fast.
 */
function randomText(chars: number): string {
  const vocabulary = Array.from({ length: 4096 }, () => randomBytes(8).toString('hex').replace(/\d/g, '').slice(0, 3 + (randomBytes(1)[0] as number) % 6) || 'x');
  const picks = randomBytes(2 * Math.ceil(chars / 3));
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const word = vocabulary[picks.readUInt16LE((2 * i) % (picks.length - 1)) % vocabulary.length] as string;
    const sep = i % 12 === 11 ? '\n' : ' ';
    out.push(word, sep);
    length += word.length + 1;
  }
  return out.join('').slice(0, chars);
}

/** The database file's size once the WAL is folded into it and truncated, and the WAL left (0). */
function checkpointedSize(file: string): { db: number; wal: number } {
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const wal = statSync(`${file}-wal`).size;
  db.close();
  return { db: statSync(file).size, wal };
}

/** Each open store with its connection (for the checks that read the tables themselves) and prompt lifecycle. */
const opened = new Map<Store, TestStore>();
const dbOf = (store: Store): Db => (opened.get(store) as TestStore).db;
const testOf = (store: Store): TestStore => opened.get(store) as TestStore;

function openStore(file = join(tempDir(), 'p.db')): Store {
  const t = openTestStore(file);
  const s = t.store;
  opened.set(s, t);
  stores.push(s);
  return s;
}

function payloadRows(store: Store): number {
  return (dbOf(store).prepare('SELECT COUNT(*) AS n FROM payloads').get() as { n: number }).n;
}

function writeCall(id: string, args: string): ChatMessage {
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'Write', arguments: args } }] };
}

describe('large payloads are stored once', () => {
  it('a 20 MB Write keeps the database within 1.3× the payload, and every reader sees the whole input', async () => {
    const content = randomText(20 * 1024 * 1024);
    const input = { path: 'big.txt', content };
    fx.server.setScript({
      // Whole megabytes per chunk: the test is about storage, not about streaming 20 MB in small pieces.
      chunkSize: 1 << 20,
      rules: [{ when: 'write it', steps: [{ toolCalls: [{ name: 'Write', arguments: input }] }, { content: 'written' }] }],
    });
    const home = fx.home();
    const engine = await fx.open({ home, approvals: 'ask' });
    const ws = tempDir();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'big' }));
    const asked = nextEvent(engine, 'approval_requested', () => true, 60_000);
    const live = nextEvent(engine, 'tool_call', () => true, 60_000);
    const result = nextEvent(engine, 'tool_result', () => true, 60_000);
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write it' }));
    const req = await asked;
    expect(req.input).toEqual(input);
    unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'allow_once' } }));
    expect((await result).ok).toBe(true);
    await settled(engine, p.id, 60_000);
    // Live events carry the value itself.
    expect((await live).input).toEqual(input);
    expect(readFileSync(join(ws, 'big.txt'), 'utf8')).toBe(content);

    const fork = unwrap(await engine.handlers['session.fork']({ session: s.id, name: 'big-fork' }));
    expect(fork.messages).toBeGreaterThan(0);
    await fx.close(engine);

    const file = join(home, DATABASE_FILE);
    const size = checkpointedSize(file);
    const payload = Buffer.byteLength(content);
    expect(size.wal).toBe(0);
    expect(size.db).toBeLessThanOrEqual(1.3 * payload);

    // Read back through a fresh store: transcript (source and fork), tool call row, approval and events hold the
    // original input, and the fork points at the same payload (one row).
    const store = openStore(file);
    expect(payloadRows(store)).toBe(1);
    const args = JSON.stringify(input);
    for (const sessionId of [s.id, fork.session.id]) {
      const calls = store.transcript.list(sessionId).flatMap((m) => (m.message.role === 'assistant' ? (m.message.tool_calls ?? []) : []));
      expect(calls.map((c) => c.function.arguments)).toEqual([args]);
    }
    const row = dbOf(store).prepare('SELECT id FROM tool_calls WHERE session_id = ?').get(s.id) as { id: string };
    expect(store.toolCalls.get(row.id)?.input_json).toBe(args);
    expect(store.approvals.list({ sessionId: s.id }).map((a) => a.input)).toEqual([input]);
    const events = store.events.list({ sessionId: s.id });
    expect(events.flatMap((e) => (e.type === 'tool_call' ? [e.input] : []))).toEqual([input]);
    expect(events.flatMap((e) => (e.type === 'approval_requested' ? [e.input] : []))).toEqual([input]);
  }, 120_000);

  it('stores identical long strings once across rows and sessions, and reads each row back as written', () => {
    const store = openStore();
    const text = randomText(PAYLOAD_THRESHOLD + 1000);
    const a = store.sessions.create({ workspace: '/w', name: 'a', mode: 'default' });
    const b = store.sessions.create({ workspace: '/w', name: 'b', mode: 'default' });
    // Where each session's events start after its prompt's own queueing events.
    const queued = new Map<string, number>();
    for (const s of [a, b]) {
      const p = promptAt(testOf(store), s.id, 'go');
      queued.set(s.id, store.events.list({ sessionId: s.id }).at(-1)?.seq ?? 0);
      const args = JSON.stringify({ path: 'f.txt', content: text });
      const msg = store.transcript.append(s.id, p.id, writeCall('c1', args));
      const call = store.toolCalls.create({ sessionId: s.id, promptId: p.id, messageId: msg, callId: 'c1', tool: 'Write', inputJson: args });
      store.toolCalls.finish(call.id, true, text);
      store.transcript.append(s.id, p.id, { role: 'tool', tool_call_id: 'c1', content: text });
      store.events.append({ type: 'tool_call', sessionId: s.id, promptId: p.id, callId: 'c1', tool: 'Write', input: { path: 'f.txt', content: text }, decision: null }, true);
      store.events.append({ type: 'turn_completed', sessionId: s.id, promptId: p.id, content: text }, true);
      expect(store.toolCalls.get(call.id)).toMatchObject({ input_json: args, output: text });
    }
    expect(payloadRows(store)).toBe(1);
    const file = dbOf(store).name;
    store.close();

    const again = openStore(file);
    for (const s of [a, b]) {
      const messages = again.transcript.list(s.id).map((m) => m.message);
      expect(messages).toEqual([writeCall('c1', JSON.stringify({ path: 'f.txt', content: text })), { role: 'tool', tool_call_id: 'c1', content: text }]);
      const events = again.events.list({ sessionId: s.id, afterSeq: queued.get(s.id) });
      expect(events.map((e) => (e.type === 'tool_call' ? e.input : e.type === 'turn_completed' ? e.content : null))).toEqual([{ path: 'f.txt', content: text }, text]);
    }
    // Small rows are stored as they are.
    const sizes = dbOf(again).prepare('SELECT MAX(length(message_json)) AS m FROM messages').get() as { m: number };
    expect(sizes.m).toBeLessThan(1000);
  });

  it('keeps values that look like references, odd escapes and texts starting with U+FFFF exactly', () => {
    const store = openStore();
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const p = promptAt(testOf(store), s.id, 'go');
    // The events below come after the prompt's own queueing events.
    const queued = store.events.list({ sessionId: s.id }).at(-1)?.seq ?? 0;
    const long = randomText(PAYLOAD_THRESHOLD + 10);
    const tricky = {
      $payload: 'not a reference',
      $$payload: ['also', 'not'],
      bytes: 3,
      nested: [{ $payload: { quoted: true } }, '{"$payload":"0000"}'],
      content: long,
    };
    // Arguments as a model may write them: spaces, a \u escape and a slash escape, and one long leaf written plainly.
    const oddArgs = `{ "path" : "a\\u0062c\\/d", "content" : ${JSON.stringify(long)} , "again": ${JSON.stringify(long)} }`;
    // Arguments whose long leaf is escaped differently from JSON.stringify: stored whole, read back exactly.
    const escapedArgs = `{"content":"\\u0041${long}"}`;
    const notJson = `{"content": "${long}`;
    const marked = '\uffffstarts with the mark';
    const markedLong = `\uffff${long}`;
    // A lone surrogate (a model's JSON may escape one) cannot be kept as UTF-8 text: such a string stays inline.
    const broken = `${long.slice(0, 100)}\ud800${long.slice(100)}`;
    const brokenArgs = JSON.stringify({ content: broken });

    const m1 = store.transcript.append(s.id, p.id, writeCall('c1', oddArgs));
    const m2 = store.transcript.append(s.id, p.id, writeCall('c2', escapedArgs));
    const m3 = store.transcript.append(s.id, p.id, writeCall('c3', notJson));
    const m4 = store.transcript.append(s.id, p.id, { role: 'user', content: JSON.stringify(tricky) });
    const m5 = store.transcript.append(s.id, p.id, writeCall('c5', brokenArgs));
    const calls = [
      store.toolCalls.create({ sessionId: s.id, promptId: p.id, messageId: m1, callId: 'c1', tool: 'Write', inputJson: oddArgs }),
      store.toolCalls.create({ sessionId: s.id, promptId: p.id, messageId: m2, callId: 'c2', tool: 'Write', inputJson: marked }),
      store.toolCalls.create({ sessionId: s.id, promptId: p.id, messageId: m3, callId: 'c3', tool: 'Write', inputJson: markedLong }),
    ];
    store.toolCalls.finish(calls[0]!.id, true, marked);
    store.toolCalls.finish(calls[1]!.id, false, markedLong);
    store.toolCalls.finish(calls[2]!.id, true, broken);
    store.events.append({ type: 'tool_call', sessionId: s.id, promptId: p.id, callId: 'c1', tool: 'Write', input: tricky, decision: null }, true);
    store.events.append({ type: 'tool_call', sessionId: s.id, promptId: p.id, callId: 'c5', tool: 'Write', input: { content: broken }, decision: null }, true);
    const approval = store.approvals.create({
      sessionId: s.id,
      promptId: p.id,
      toolCallId: calls[0]!.id,
      tool: 'Write',
      input: tricky,
      decision: { decision: 'needs_approval', reason: 'test' } as never,
      alwaysRules: [],
    });
    const file = dbOf(store).name;
    store.close();

    const again = openStore(file);
    expect(again.transcript.list(s.id).map((m) => m.id)).toEqual([m1, m2, m3, m4, m5]);
    expect(again.transcript.list(s.id).map((m) => m.message)).toEqual([
      writeCall('c1', oddArgs),
      writeCall('c2', escapedArgs),
      writeCall('c3', notJson),
      { role: 'user', content: JSON.stringify(tricky) },
      writeCall('c5', brokenArgs),
    ]);
    expect(calls.map((c) => again.toolCalls.get(c.id)).map((c) => [c?.input_json, c?.output])).toEqual([
      [oddArgs, marked],
      [marked, markedLong],
      [markedLong, broken],
    ]);
    expect(again.events.list({ sessionId: s.id, afterSeq: queued }).map((e) => (e.type === 'tool_call' ? e.input : null))).toEqual([tricky, { content: broken }]);
    expect(again.approvals.get(approval.id)?.input).toEqual(tricky);
    // The two leaves of oddArgs and the whole of escapedArgs / notJson / markedLong / brokenArgs: the long text
    // is stored once for all the rows that hold it as it is.
    const stored = dbOf(again).prepare('SELECT text FROM payloads').all() as { text: string }[];
    expect(stored.filter((r) => r.text === long)).toHaveLength(1);
    expect(stored.map((r) => r.text).sort()).toEqual([long, escapedArgs, notJson, markedLong, brokenArgs].sort());
  });

  it('rewrites rows written before references existed so that they still read as written', () => {
    const file = join(tempDir(), 'old.db');
    const old = new Database(file);
    migrate(old, migrations.filter((m) => m.version <= 7));
    old.exec(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'aaaaaa', '/w', 'now')`);
    old.exec(`INSERT INTO prompts (id, ref, session_id, position, text, status, created_at) VALUES ('p1', 'bbbbbb', 's1', 1, 'x', 'completed', 'now')`);
    const looksLikeRef = { role: 'user', content: 'x', extra: { $payload: 'abc', bytes: 3 } };
    old.prepare(`INSERT INTO messages (session_id, prompt_id, message_json, created_at) VALUES ('s1', 'p1', ?, 'now')`).run(JSON.stringify(looksLikeRef));
    old.exec(`INSERT INTO tool_calls (id, session_id, prompt_id, message_id, call_id, tool, input_json, status, output, created_at)
              VALUES ('t1', 's1', 'p1', 1, 'c1', 'Bash', '{}', 'done', char(65535) || 'out', 'now')`);
    old.close();

    const store = openStore(file);
    expect(store.transcript.list('s1').map((m) => m.message)).toEqual([looksLikeRef]);
    expect(store.toolCalls.get('t1')?.output).toBe('\uffffout');
  });
});
