// The scale bench's bulk writer: planned sessions (scale-data.ts) written straight into the engine's tables with
// prepared statements, one transaction per session. The rows are those the store, event bus and prompt lifecycle
// write for the same turns (tests/helpers/scale-reference.ts writes them that way; tests/bench/scale-data.test.ts
// compares): each row is inserted once in its final state (a prompt completed, a call done, an approval answered)
// where the engine inserts and then updates it, and the events keep the engine's order, stamps and payloads.
// The search index, a third of the work, is built meanwhile by a child process (this file, run with --index) in a
// database of its own, from the same plans and seqs, and its tables are copied in whole at each checkpoint.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import type { EngineEvent, EngineEventDraft } from '../../shared/events';
import { Payloads } from '../../main/core/store/payloads';
import { newId, newRef, nowIso } from '../../main/core/store/refs';
import { SEARCHED_EVENT_TYPES, searchDocOf, type DocSources } from '../../main/core/store/search-doc';
import { listIndexedWords } from '../../main/core/store/search-backfill';
import { indexedPart } from '../../main/core/store/search-index';
import { sessionToken } from '../../main/core/store/search-query';
import { indexableText } from '../../main/core/store/search-text';
import { openStore } from '../../main/core/store/store';
import { planOf, type PlannedSession, type PlannedStep, type PlannedTurn, type ScaleJob, type ScaleWriter } from './scale-data';

/** The index's in-memory buffer while it is built (FTS5's default is 1 MB): fewer, larger segments to merge. */
const BUILD_HASH_SIZE = 8 * 1024 * 1024;
/** Pages a build's connection keeps in memory (KiB, as SQLite takes a negative size): a session's rows fit. */
const BUILD_CACHE_KIB = 256 * 1024;
/** The index child's progress is looked for this often (ms), and given up on after this long without any. */
const POLL_MS = 10;
const CHILD_TIMEOUT_MS = 10 * 60_000;
const SELF = fileURLToPath(import.meta.url);
const RUN_TS = join(SELF, '../../../bin/run-ts.js');
/** The search index's tables (migration 013): FTS5's shadow tables, which hold it whole, and its word list. */
const INDEX_TABLES = ['search_text_data', 'search_text_idx', 'search_text_docsize', 'search_text_config', 'search_terms'] as const;

interface IndexJob extends ScaleJob {
  /** The sessions' ids, chosen before either side writes: the index keys its entries by them. */
  ids: string[];
}

/**
 * Opened once for the build (migrations make the schema). Nothing needs to survive a crash meanwhile (a half-built
 * folder is built again: built.json is written last), so SQLite keeps its journal in memory and does not sync;
 * the engine's WAL and synchronous setting are put back before each close.
 */
function openForBuild(file: string): { db: Database.Database; close: () => void } {
  const { store, db } = openStore(file);
  db.pragma('journal_mode = DELETE'); // WAL cannot go to MEMORY directly
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${BUILD_CACHE_KIB}`);
  return {
    db,
    close: () => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      store.close();
    },
  };
}

export const bulkWriter: ScaleWriter = {
  build(file, job, written) {
    const dir = mkdtempSync(join(tmpdir(), 'paragents-scale-index-'));
    const indexJob: IndexJob = { ...job, ids: Array.from({ length: job.sessions }, newId) };
    writeFileSync(join(dir, 'job.json'), JSON.stringify(indexJob));
    const child = spawn(process.execPath, [RUN_TS, SELF, '--index', dir], { stdio: 'inherit' });
    try {
      let build = openForBuild(file);
      let writer = new BulkWriter(build.db, 'rows');
      for (let i = 0; i < job.sessions; i++) {
        const plan = planOf(job, i);
        build.db.transaction(() => writer.session(plan, indexJob.ids[i] as string))();
        const n = i + 1;
        const checkpoint = job.checkpoints.includes(n) || n === job.sessions;
        if (checkpoint) {
          copyIndex(build.db, waitForIndex(dir, n));
          build.close();
        }
        written(n);
        if (checkpoint && n < job.sessions) {
          build = openForBuild(file);
          writer = new BulkWriter(build.db, 'rows');
        }
      }
    } finally {
      child.kill(); // already gone once it wrote the last copy; stopped if the rows failed first
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** Waits (the build is synchronous) until the child has copied its index of the first n sessions out. */
function waitForIndex(dir: string, n: number): string {
  const ready = join(dir, `index-${n}.db`);
  const failed = join(dir, 'failed');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + CHILD_TIMEOUT_MS; Date.now() < until; Atomics.wait(pause, 0, 0, POLL_MS)) {
    if (existsSync(failed)) throw new Error(`the search index child failed: ${readFileSync(failed, 'utf8')}`);
    if (existsSync(ready)) return ready;
  }
  throw new Error(`the search index child wrote nothing for ${CHILD_TIMEOUT_MS / 1000} s (waiting for ${n} sessions)`);
}

/**
 * Replaces the database's (empty) search index with the child's, table by table: FTS5 keeps an index whole in its
 * shadow tables, which SQLite lets a connection write only with its defensive mode off. The seqs must agree.
 */
function copyIndex(db: Database.Database, from: string): void {
  const marks = SEARCHED_EVENT_TYPES.map(() => '?').join(', ');
  const newest = db.prepare(`SELECT MAX(seq) FROM events WHERE type IN (${marks})`).pluck().get(...SEARCHED_EVENT_TYPES);
  db.prepare('ATTACH ? AS idx').run(from);
  try {
    const indexed = db.prepare('SELECT MAX(rowid) FROM idx.search_text_docsize').pluck().get();
    if (indexed !== newest) throw new Error(`the search index ends at seq ${String(indexed)}, the events at ${String(newest)}`);
    db.unsafeMode(true);
    db.transaction(() => {
      for (const table of INDEX_TABLES) {
        db.exec(`DELETE FROM main.${table}`);
        // The child's larger write buffer was its own setting: the engine's connections use the default.
        db.exec(`INSERT INTO main.${table} SELECT * FROM idx.${table}${table === 'search_text_config' ? ` WHERE k <> 'hashsize'` : ''}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH idx');
    rmSync(from, { force: true });
  }
}

/** The child: the job's search index, one transaction per session, copied out after each checkpoint's session. */
function buildIndex(dir: string): void {
  try {
    const job = JSON.parse(readFileSync(join(dir, 'job.json'), 'utf8')) as IndexJob;
    const file = join(dir, 'index.db');
    const { db } = openForBuild(file);
    db.exec(`INSERT INTO search_text (search_text, rank) VALUES ('hashsize', ${BUILD_HASH_SIZE})`);
    const writer = new BulkWriter(db, 'index');
    for (let i = 0; i < job.sessions; i++) {
      db.transaction(() => writer.session(planOf(job, i), job.ids[i] as string))();
      const n = i + 1;
      if (!job.checkpoints.includes(n) && n < job.sessions) continue;
      writer.listWords();
      copyFileSync(file, join(dir, 'partial.db')); // the journal is in memory: the file is whole between transactions
      renameSync(join(dir, 'partial.db'), join(dir, `index-${n}.db`));
    }
  } catch (e) {
    writeFileSync(join(dir, 'failed'), e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = 1;
  }
}

type Stamp = { ref: string; name: string | null };
type Insert = Pick<Database.Statement, 'run'>;
const SKIP: Insert = { run: () => ({ changes: 0, lastInsertRowid: 0 }) };

/**
 * Writes planned sessions: `rows`, every table but the search index; `index`, the search index alone (the events
 * only counted, for their seqs). Both walk the same turns, so the seqs agree.
 */
class BulkWriter {
  private readonly payloads: Payloads;
  private readonly taken: { sessions: Set<string>; prompts: Set<string>; approvals: Set<string> };
  private readonly insert: Record<'session' | 'prompt' | 'message' | 'toolCall' | 'approval' | 'usage' | 'event' | 'search', Insert>;
  /** The texts the event being indexed reads back (the engine reads them from the rows just written). */
  private written = { promptId: '', prompt: '', output: '' };
  private readonly sources: DocSources = {
    promptText: (promptId) => (promptId === this.written.promptId ? this.written.prompt : null),
    toolOutput: () => this.written.output,
  };

  constructor(
    private readonly db: Database.Database,
    private readonly mode: 'rows' | 'index',
  ) {
    this.payloads = new Payloads(db);
    const refs = (table: string): Set<string> => new Set(db.prepare(`SELECT ref FROM ${table}`).pluck().all() as string[]);
    this.taken = { sessions: refs('sessions'), prompts: refs('prompts'), approvals: refs('approvals') };
    const p = (sql: string): Database.Statement => db.prepare(sql);
    this.insert = {
      session: p(`INSERT INTO sessions (id, ref, name, workspace, chosen_mode, created_at, parent_id, prompt_tokens, completion_tokens, total_tokens,
                    context_tokens, context_window, cost_usd, unpriced_tokens) VALUES (?, ?, ?, ?, NULL, ?, NULL, ?, ?, ?, ?, ?, 0, ?)`),
      prompt: p(`INSERT INTO prompts (id, ref, session_id, position, text, status, error, error_msg, created_at, started_at, finished_at,
                   prompt_tokens, completion_tokens, total_tokens, cost_usd, unpriced_tokens)
                 VALUES (?, ?, ?, ?, ?, 'completed', NULL, NULL, ?, ?, ?, ?, ?, ?, 0, ?)`),
      message: p('INSERT INTO messages (session_id, prompt_id, message_json, created_at, tokens) VALUES (?, ?, ?, ?, ?)'),
      toolCall: p(`INSERT INTO tool_calls (id, session_id, prompt_id, message_id, call_id, tool, input_json, status, decision_json, ok, output, created_at, finished_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, 'done', ?, 1, ?, ?, ?)`),
      approval: p(`INSERT INTO approvals (id, ref, session_id, prompt_id, tool_call_id, tool, input_json, decision_json, always_rules_json, status,
                     answer_json, created_at, resolved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'approved', ?, ?, ?)`),
      usage: p(`INSERT INTO usage_records (session_id, prompt_id, provider, model, prompt_tokens, completion_tokens, total_tokens, ts,
                  cost_usd, price_source, input_per_mtok, output_per_mtok) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL)`),
      event: p('INSERT INTO events (ts, type, session_id, prompt_id, event_json) VALUES (?, ?, ?, ?, ?)'),
      search: p('INSERT INTO search_text (rowid, body, session) VALUES (?, ?, ?)'),
    };
    if (mode === 'rows') {
      this.insert.search = SKIP;
    } else {
      for (const key of ['session', 'prompt', 'message', 'toolCall', 'approval', 'usage'] as const) this.insert[key] = SKIP;
      let seq = db.prepare('SELECT MAX(rowid) FROM search_text_docsize').pluck().get() as number | null ?? 0;
      this.insert.event = { run: () => ({ changes: 1, lastInsertRowid: ++seq }) };
    }
  }

  /** `id`: the session's id, chosen beforehand (both writers key their rows by it). */
  session(plan: PlannedSession, id: string): void {
    const ref = this.ref(this.taken.sessions);
    const stamp: Stamp = { ref, name: plan.name };
    const steps = plan.turns.flatMap(stepsOf);
    const tokens = sum(steps);
    const last = steps.at(-1);
    this.insert.session.run(id, ref, plan.name, plan.workspace, nowIso(), tokens.prompt, tokens.completion, tokens.total,
      last?.promptTokens ?? null, last ? plan.contextWindow : null, tokens.total);
    this.emit({ type: 'session_created', sessionId: id, promptId: null, workspace: plan.workspace, mode: 'default', modeSource: 'default' }, stamp, null);
    const running = { total: 0, token: sessionToken(id) };
    plan.turns.forEach((turn, position) => this.turn(plan, id, stamp, running, turn, position + 1));
  }

  private turn(plan: PlannedSession, sessionId: string, session: Stamp, running: { total: number; token: string }, turn: PlannedTurn, position: number): void {
    const promptId = newId();
    const promptRef = this.ref(this.taken.prompts);
    const tokens = sum(stepsOf(turn));
    const at = nowIso();
    this.insert.prompt.run(promptId, promptRef, sessionId, position, turn.promptText, at, at, at, tokens.prompt, tokens.completion, tokens.total, tokens.total);
    const base = { sessionId, promptId };
    const emit = (draft: EngineEventDraft): void => this.emit(draft, session, promptRef, running.token);
    this.written = { promptId, prompt: turn.promptText, output: '' };
    // Its queue position counts the queued prompts with it: the earlier ones have all completed.
    emit({ type: 'prompt_queued', ...base, text: turn.promptText, position: 1 });
    emit({ type: 'prompt_status', ...base, status: 'queued' });
    emit({ type: 'prompt_status', ...base, status: 'running' });
    emit({ type: 'turn_started', ...base, resumed: false });
    if (turn.system !== null) this.message(sessionId, null, { role: 'system', content: turn.system }, 40);
    this.message(sessionId, promptId, { role: 'user', content: turn.promptText }, Math.ceil(turn.promptText.length / 4));

    const step = (planned: PlannedStep): number => {
      const messageId = this.message(sessionId, promptId, planned.message, planned.tokens);
      const { message, promptTokens, completionTokens } = planned;
      emit({ type: 'assistant_message', ...base, content: message.content ?? '', toolCalls: (message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name })) });
      const totalTokens = promptTokens + completionTokens;
      running.total += totalTokens;
      this.insert.usage.run(sessionId, promptId, plan.provider, plan.model, promptTokens, completionTokens, totalTokens, nowIso());
      const { provider, model, contextWindow } = plan;
      emit({ type: 'usage', ...base, provider, model, promptTokens, completionTokens, totalTokens, sessionTotalTokens: running.total, contextTokens: promptTokens, contextWindow });
      return messageId;
    };

    for (const call of turn.calls) {
      const { callId, tool, input, decision } = call;
      const messageId = step(call.step);
      const rowId = newId();
      const created = nowIso();
      emit({ type: 'tool_call', ...base, callId, tool, input, decision });
      // Inserted done (the engine inserts it pending and updates it), before the approval that references it.
      this.toolCall(rowId, sessionId, promptId, messageId, call, created);
      if (call.alwaysRule !== null) {
        const approvalId = newId();
        const approvalRef = this.ref(this.taken.approvals);
        const asked = nowIso();
        this.insert.approval.run(approvalId, approvalRef, sessionId, promptId, rowId, tool, this.stored(input), JSON.stringify(decision),
          JSON.stringify([call.alwaysRule]), JSON.stringify({ kind: 'allow_once' }), asked, asked);
        emit({ type: 'approval_requested', ...base, approvalId, approvalRef, callId, tool, input, decision, alwaysRule: call.alwaysRule });
        emit({ type: 'prompt_status', ...base, status: 'waiting_approval' });
        emit({ type: 'approval_resolved', ...base, approvalId, approvalRef, status: 'approved', answer: { kind: 'allow_once' } });
        emit({ type: 'prompt_status', ...base, status: 'running' });
      }
      this.message(sessionId, promptId, { role: 'tool', tool_call_id: callId, content: call.output }, Math.ceil(call.output.length / 4));
      this.written.output = call.output;
      emit({ type: 'tool_result', ...base, callId, tool, ok: true, output: call.preview, error: null });
    }
    for (const note of turn.notes) step(note);
    step(turn.answer);
    emit({ type: 'prompt_status', ...base, status: 'completed' });
    emit({ type: 'turn_completed', ...base, content: turn.answer.message.content ?? '' });
  }

  private toolCall(id: string, sessionId: string, promptId: string, messageId: number, call: PlannedTurn['calls'][number], created: string): void {
    const { payloads } = this;
    this.insert.toolCall.run(id, sessionId, promptId, messageId, call.callId, call.tool, payloads.toStoredText(call.args), JSON.stringify(call.decision),
      payloads.toStoredText(call.output), created, nowIso());
  }

  private message(sessionId: string, promptId: string | null, message: unknown, tokens: number): number {
    return Number(this.insert.message.run(sessionId, promptId, this.stored(message), nowIso(), tokens).lastInsertRowid);
  }

  /** A JSON column's stored text (long strings as payload references); not needed for the index alone. */
  private stored(value: unknown): string {
    return this.mode === 'rows' ? this.payloads.toStoredJson(value).stored : '';
  }

  /** Stamps and stores an event as EventsRepository.append does, or writes its search entry as SearchIndex.write does. */
  private emit(draft: EngineEventDraft, session: Stamp, promptRef: string | null, token = sessionToken(draft.sessionId)): void {
    const stamped = { ...draft, seq: 0, ts: nowIso(), sessionRef: session.ref, sessionName: session.name, promptRef } as EngineEvent;
    const seq = Number(this.insert.event.run(stamped.ts, stamped.type, stamped.sessionId, stamped.promptId, this.stored(stamped)).lastInsertRowid);
    if (this.mode === 'rows') return;
    const doc = searchDocOf(stamped, this.sources);
    if (!doc) return;
    this.insert.search.run(seq, indexableText(indexedPart(doc.text)), token);
  }

  private ref(taken: Set<string>): string {
    const ref = newRef((r) => taken.has(r));
    taken.add(ref);
    return ref;
  }

  /** The index's words, listed from the index itself (as the search backfill lists them) rather than per entry. */
  listWords(): void {
    listIndexedWords(this.db);
  }
}

const stepsOf = (turn: PlannedTurn): PlannedStep[] => [...turn.calls.map((c) => c.step), ...turn.notes, turn.answer];

function sum(steps: readonly PlannedStep[]): { prompt: number; completion: number; total: number } {
  let prompt = 0;
  let completion = 0;
  for (const s of steps) {
    prompt += s.promptTokens;
    completion += s.completionTokens;
  }
  return { prompt, completion, total: prompt + completion };
}

// Run as the index child (last: the classes above must be initialised first).
if (process.argv[1] === SELF && process.argv[2] === '--index') buildIndex(process.argv[3] as string);
