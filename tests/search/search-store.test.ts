// The search index is written by the store for the events of each turn of the event loop, in one transaction of
// its own (a search writes what is queued first): what was just stored is found, a rolled-back write is not, what a
// stopped process had queued is indexed when the store opens again, tool outputs are found whole (not only the preview their event carries), and
// the index never keeps a second copy of the texts.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Db } from '../../main/core/store/db';
import type { Store } from '../../main/core/store/store';
import { openTestStore } from '../helpers/prompt-moves';
import { PAYLOAD_THRESHOLD } from '../../main/core/store/payloads';
import { CANDIDATES, MAX_INDEXED_CHARS } from '../../main/core/store/search-index';
import { collectionOf } from '../../main/core/store/search-rank';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writer } from './helpers';

const stores: Store[] = [];
/** Each open store's connection, for the checks that read the index's own tables. */
const dbs = new Map<Store, Db>();
const dbOf = (store: Store): Db => dbs.get(store) as Db;
const open = (file = join(tempDir(), 'paragents.db')): Store => {
  const { store: s, db } = openTestStore(file);
  dbs.set(s, db);
  stores.push(s);
  return s;
};
afterEach(() => {
  for (const s of stores.splice(0)) if (s.open) s.close();
  cleanupTempDirs();
});

const seqs = (store: Store, text: string, sessionId?: string) => store.search.search({ text, sessionId }).map((h) => h.seq);

describe('search index kept by the store', () => {
  it('finds a prompt, an answer, a tool input and a tool output as soon as they are stored, each at its event', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w/app', 'alpha');
    expect(store.search.search({ text: 'wombat' })).toEqual([]);
    const t = w.turn(s, {
      prompt: 'Why does the wombat parser fail?',
      calls: [{ tool: 'Read', input: { path: '/w/app/src/quokka.ts' }, output: 'export const numbat = 1;' }],
      answer: 'The echidna branch was missing.',
    });
    const call = t.calls[0]!;
    expect(store.search.search({ text: 'wombat' })).toEqual([
      expect.objectContaining({ kind: 'prompt', seq: t.promptSeq, sessionId: s, sessionName: 'alpha', workspace: '/w/app', promptId: t.promptId, callId: null, closed: false }),
    ]);
    expect(store.search.search({ text: 'quokka' })).toEqual([expect.objectContaining({ kind: 'tool_input', seq: call.inputSeq, callId: call.callId, tool: 'Read' })]);
    expect(store.search.search({ text: 'numbat' })).toEqual([expect.objectContaining({ kind: 'tool_output', seq: call.outputSeq, callId: call.callId })]);
    expect(store.search.search({ text: 'echidna' })).toEqual([expect.objectContaining({ kind: 'answer', seq: t.answerSeq, callId: null })]);
    const hit = store.search.search({ text: 'echidna' })[0]!;
    expect(hit.snippet.text).toBe('The echidna branch was missing.');
    expect(hit.snippet.highlights.map(([a, b]) => hit.snippet.text.slice(a, b))).toEqual(['echidna']);
    // Statuses, usage and the like are not searched: "completed" is only a prompt status here.
    expect(store.search.search({ text: 'completed' })).toEqual([]);
  });

  it('finds a word deep inside a payload-sized tool output, past the preview its event carries', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${i} of ordinary text`);
    lines[2900] = 'here hides the platypus';
    const output = lines.join('\n');
    expect(output.length).toBeGreaterThan(PAYLOAD_THRESHOLD);
    const t = w.turn(s, { prompt: 'read the big file', calls: [{ tool: 'Read', input: { path: 'big.txt' }, output }], answer: 'done' });
    const stored = store.events.list({ sessionId: s }).find((e) => e.seq === t.calls[0]!.outputSeq);
    expect(stored?.type === 'tool_result' && stored.output?.includes('platypus')).toBe(false);
    const hits = store.search.search({ text: 'platypus' });
    expect(hits.map((h) => [h.kind, h.seq])).toEqual([['tool_output', t.calls[0]!.outputSeq]]);
    expect(hits[0]!.snippet.text).toContain('here hides the platypus');
    // A failed call's message is its output too.
    const failed = w.turn(s, { prompt: 'again', calls: [{ tool: 'Bash', input: { command: 'make' }, output: 'make: *** no rule for target kookaburra', ok: false }], answer: 'it failed' });
    expect(seqs(store, 'kookaburra')).toEqual([failed.calls[0]!.outputSeq]);
  });

  it('indexes the first MAX_INDEXED_CHARS characters of a text, as much as Read shows of a file', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const content = `the margay starts it\n${'filler text line\n'.repeat(MAX_INDEXED_CHARS / 16)}the ocelot ends it`;
    const t = w.turn(s, { prompt: 'write the big file', calls: [{ tool: 'Write', input: { path: 'big.txt', content }, output: 'wrote big.txt' }], answer: 'done' });
    expect(seqs(store, 'margay')).toEqual([t.calls[0]!.inputSeq]);
    expect(seqs(store, 'ocelot')).toEqual([]);
  });

  it('indexes nothing of a write that was rolled back', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    expect(() =>
      w.bus.batch(() => {
        w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a bilby was here', toolCalls: [] });
        throw new Error('the step failed');
      }),
    ).toThrow('the step failed');
    expect(store.search.search({ text: 'bilby' })).toEqual([]);
    const kept = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a bilby is here', toolCalls: [] });
    expect(seqs(store, 'bilby')).toEqual([kept.seq]);
  });

  it('follows an edited prompt: the new text is found, the old one no longer', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const p = w.prompts.enqueue(s, 'rename the dingo module', () => {});
    w.prompts.editText(p.id, 'rename the wallaby module');
    expect(store.search.search({ text: 'dingo' })).toEqual([]);
    const hits = store.search.search({ text: 'wallaby' });
    expect(hits).toEqual([expect.objectContaining({ kind: 'prompt', promptId: p.id })]);
    expect(hits[0]!.snippet.text).toBe('rename the wallaby module');
  });

  it('keeps closed sessions searchable, says they are closed, and searches one session when asked', () => {
    const store = open();
    const w = writer(store);
    const a = w.session('/w/a', 'a');
    const b = w.session('/w/b', 'b');
    const ta = w.turn(a, { prompt: 'tune the cassowary cache', answer: 'tuned' });
    const tb = w.turn(b, { prompt: 'drop the cassowary cache', answer: 'dropped' });
    store.sessions.close(a);
    const hits = store.search.search({ text: 'cassowary' });
    expect(hits.map((h) => [h.sessionId, h.closed]).sort()).toEqual([[a, true], [b, false]].sort());
    expect(seqs(store, 'cassowary', a)).toEqual([ta.promptSeq]);
    expect(seqs(store, 'cassowary', b)).toEqual([tb.promptSeq]);
  });

  it("reads the index's size from FTS5's averages record", () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    for (let i = 0; i < 300; i++) w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: `answer number ${i} here`, toolCalls: [] });
    store.search.flush();
    const all = collectionOf(dbOf(store).prepare('SELECT block FROM search_text_data WHERE id = 1').pluck().get() as Uint8Array);
    expect(all).toEqual({ entries: 300, meanLength: 4 });
  });

  it('keeps no copy of the texts: the index holds words only', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    w.turn(s, { prompt: 'a prompt about the lyrebird', answer: 'an answer' });
    store.search.flush();
    const row = dbOf(store).prepare('SELECT body FROM search_text').get() as { body: string | null };
    expect(row.body).toBeNull();
  });
});

describe('the queue of entries', () => {
  const count = (store: Store) => dbOf(store).prepare('SELECT COUNT(*) FROM search_text').pluck().get() as number;

  it('writes the entries of one turn of the event loop together, after it, and sooner when a search needs them', async () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const before = count(store);
    for (let i = 0; i < 5; i++) w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: `bilby number ${i}`, toolCalls: [] });
    expect(count(store)).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(count(store)).toBe(before + 5);
    // A search in the same turn as the write finds it.
    const e = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a quoll appears', toolCalls: [] });
    expect(seqs(store, 'quoll')).toEqual([e.seq]);
  });

  it('writes a long synchronous run of events as it goes, never holding more than its bound', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const before = count(store);
    store.tx(() => {
      for (let i = 0; i < 2500; i++) store.events.append({ type: 'assistant_message', sessionId: s, promptId: null, content: `wallaby ${i}`, toolCalls: [] }, true);
      // Written in the same transaction once the queue held its bound, the rest still queued.
      expect(count(store) - before).toBe(2000);
    });
    expect(seqs(store, 'wallaby', s)).toHaveLength(20);
    expect(count(store) - before).toBe(2500);
  });

  it('drops the entry of an event a rollback took back', async () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    expect(() =>
      store.tx(() => {
        store.events.append({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a doomed pademelon', toolCalls: [] }, true);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seqs(store, 'pademelon')).toEqual([]);
    // Its seq, given again to the next event, is that event's entry alone.
    const next = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a bettong', toolCalls: [] });
    expect(seqs(store, 'bettong')).toEqual([next.seq]);
    expect(seqs(store, 'pademelon')).toEqual([]);
  });

  it('indexes what a process stopped before writing its queue when the store opens again', () => {
    const file = join(tempDir(), 'paragents.db');
    const store = open(file);
    const w = writer(store);
    const s = w.session('/w');
    const e = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'the last potoroo', toolCalls: [] });
    // The process stops here: the connection goes without the store's close (which would write the queue).
    dbOf(store).close();
    const again = open(file);
    expect(seqs(again, 'potoroo')).toEqual([e.seq]);
  });
});

describe('ranking', () => {
  it('puts the entry where the words weigh most first (bm25), and the newer first among equals', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const long = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: `${'filler words without meaning '.repeat(40)} goanna`, toolCalls: [] });
    const dense = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'goanna goanna: the goanna tests', toolCalls: [] });
    const twinA = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'one numbat', toolCalls: [] });
    const twinB = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'one numbat', toolCalls: [] });
    expect(seqs(store, 'goanna')).toEqual([dense.seq, long.seq]);
    expect(seqs(store, 'numbat')).toEqual([twinB.seq, twinA.seq]);
    // Both words are needed; a hit with both ranks by the two together.
    expect(seqs(store, 'goanna tests')).toEqual([dense.seq]);
  });

  it('finds matches however far apart they are in the history', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    const old = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'an old tuatara', toolCalls: [] });
    // A long history since, of other events: the next seqs come well past the first window.
    dbOf(store).prepare(`INSERT INTO events (seq, ts, type, session_id, prompt_id, event_json) VALUES (?, 'x', 'usage', ?, NULL, '{}')`).run(old.seq + 500_000, s);
    const recent = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'a new tuatara', toolCalls: [] });
    expect(recent.seq).toBeGreaterThan(old.seq + 500_000);
    expect(seqs(store, 'tuatara').sort((a, b) => a - b)).toEqual([old.seq, recent.seq]);
    expect(seqs(store, 'tuatara', s).sort((a, b) => a - b)).toEqual([old.seq, recent.seq]);
  });

  it('ranks the newest matches of a word found all over the history, and keeps the limit', () => {
    const store = open();
    const w = writer(store);
    const s = w.session('/w');
    // The best match of all is the oldest one; behind CANDIDATES newer matches it is not ranked.
    const oldest = w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: 'wattle wattle wattle', toolCalls: [] });
    w.bus.batch(() => {
      for (let i = 0; i < CANDIDATES; i++) w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content: `entry ${i} mentions wattle among other words`, toolCalls: [] });
    });
    const hits = store.search.search({ text: 'wattle', limit: 50 });
    expect(hits).toHaveLength(50);
    expect(hits.map((h) => h.seq)).not.toContain(oldest.seq);
    expect(store.search.search({ text: 'wattle wattle' })).toHaveLength(20);
    // With one match fewer it is among the candidates, and ranks first.
    dbOf(store).prepare('DELETE FROM search_text WHERE rowid = (SELECT MAX(rowid) FROM search_text)').run();
    expect(store.search.search({ text: 'wattle' })[0]?.seq).toBe(oldest.seq);
  });
});
