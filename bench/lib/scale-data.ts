// The scale bench's data folder: sessions with long histories written through the engine's own store, event bus
// and prompt lifecycle, so every row and event is what a real turn leaves behind. A turn is a user prompt, a few
// tool steps (assistant message with one call, the call's decision and result, the tool message) and a final
// answer; tool outputs are 2–20 KB (log-uniform), an approval is asked and granted now and then.
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus } from '../../main/core/kernel/event-bus';
import { DATABASE_FILE } from '../../main/core/engine';
import { PromptLifecycle } from '../../main/core/kernel/prompt-lifecycle';
import type { ChatMessage } from '../../main/core/model/types';
import { openStore, type Store } from '../../main/core/store/store';
import type { PromptWrites } from '../../main/core/store/prompts';
import type { PolicyDecision } from '../../shared/policy';

export interface ScaleShape {
  sessions: number;
  messagesPerSession: number;
  /** Data folders are also kept at these session counts (for the memory-per-session slope). */
  checkpoints: readonly number[];
}

export interface ScaleFolders {
  /** The engine home holding all `shape.sessions` sessions. */
  home: string;
  /** Engine homes holding the first N sessions, for each checkpoint N. */
  partial: Map<number, string>;
  /** Seconds it took to build (0 when the cached folder was used). */
  builtInSeconds: number;
  messages: number;
}

/** Text the last message of session i carries, so the bench sees when the session's last screen is painted. */
export const lastMarker = (i: number): string => `end-of-s${pad(i)}-history`;
/** Text the first prompt of session i carries, for "scrolled to the top". */
export const firstMarker = (i: number): string => `start-of-s${pad(i)}-history`;
export const sessionName = (i: number): string => `s${pad(i)}`;

const pad = (n: number): string => String(n).padStart(3, '0');
const WORKSPACES = 10;
const auto: PolicyDecision = { decision: 'auto_approved', rule: 'Read(**)', source: 'builtin', reason: 'reading files is allowed' };
const asks: PolicyDecision = { decision: 'needs_approval', rule: null, source: 'mode', reason: 'commands ask in default mode' };

/** A small deterministic generator (mulberry32), so every build writes the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Source-like lines that tool outputs are cut from. */
function corpus(rand: () => number): string {
  const words = ['const', 'return', 'await', 'session', 'prompt', 'store', 'event', 'message', 'tokens', 'result', 'error', 'value', 'index', 'items', 'render', 'state'];
  const lines: string[] = [];
  let size = 0;
  for (let n = 0; size < 96 * 1024; n++) {
    const indent = ' '.repeat(2 * Math.floor(rand() * 4));
    const count = 3 + Math.floor(rand() * 9);
    const body = Array.from({ length: count }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const line = `${String(n + 1).padStart(5)}\t${indent}${body};`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** Builds the folders once per `version` under `root`; later runs reuse them. */
export function ensureScaleData(root: string, version: string, shape: ScaleShape, log: (line: string) => void): ScaleFolders {
  const base = join(root, `paragents-scale-${version}-${shape.sessions}x${shape.messagesPerSession}`);
  const done = join(base, 'built.json');
  const home = join(base, `home-${shape.sessions}`);
  const partial = new Map(shape.checkpoints.map((n) => [n, join(base, `home-${n}`)] as const));
  const messages = shape.sessions * shape.messagesPerSession;
  if (existsSync(done)) return { home, partial, builtInSeconds: 0, messages };

  rmSync(base, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const workspaces = Array.from({ length: WORKSPACES }, (_, i) => join(base, 'workspaces', `project-${i}`));
  for (const w of workspaces) mkdirSync(w, { recursive: true });
  const started = Date.now();
  const file = join(home, DATABASE_FILE);
  // Opened as a composition root opens it: the prompt rows are written by each session's prompt lifecycle.
  let { store, promptWrites } = openStore(file);
  for (let i = 0; i < shape.sessions; i++) {
    writeSession(store, promptWrites, i, workspaces[i % WORKSPACES] as string, shape.messagesPerSession);
    if ((i + 1) % 25 === 0) log(`  built ${i + 1}/${shape.sessions} sessions (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const copyTo = partial.get(i + 1);
    if (copyTo && i + 1 < shape.sessions) {
      store.close(); // checkpoints the WAL into the database file
      mkdirSync(copyTo, { recursive: true });
      copyFileSync(file, join(copyTo, DATABASE_FILE));
      ({ store, promptWrites } = openStore(file));
    }
  }
  store.close();
  const builtInSeconds = (Date.now() - started) / 1000;
  writeFileSync(done, JSON.stringify({ version, shape, builtInSeconds, bytes: statSync(file).size }));
  return { home, partial, builtInSeconds, messages };
}

function writeSession(store: Store, promptWrites: PromptWrites, index: number, workspace: string, messageCount: number): void {
  const rand = random(1000 + index);
  const text = corpus(rand);
  const bus = new EventBus(store);
  const prompts = new PromptLifecycle(store, bus, promptWrites);
  // One transaction per session: a savepoint per step inside it, as the engine's batches nest.
  store.tx(() => {
    const session = store.sessions.create({ workspace, name: sessionName(index), mode: null });
    bus.emit({ type: 'session_created', sessionId: session.id, promptId: null, workspace, mode: 'default', modeSource: 'default' });
    let left = messageCount - 1; // the system message
    let calls = 0;
    for (let turn = 0; left > 0; turn++) {
      // A turn is 2 + 2k messages: the prompt, k tool steps (call + result), the answer.
      const wanted = Math.floor(rand() * 7);
      const steps = Math.max(0, Math.min(wanted, Math.floor((left - 2) / 2)));
      const last = left - (2 + 2 * steps) < 2;
      const extra = last ? left - (2 + 2 * steps) : 0; // fills the count exactly on the last turn
      const words = turn === 0 ? `${firstMarker(index)}: ` : '';
      const promptText = `${words}Turn ${turn} of ${sessionName(index)}: ${task(rand)}`;
      const p = prompts.enqueue(session.id, promptText, () => {});
      bus.batch(() => {
        prompts.transition(p.id, 'running');
        bus.emit({ type: 'turn_started', sessionId: session.id, promptId: p.id, resumed: false });
      });
      store.tx(() => {
        if (turn === 0) store.transcript.append(session.id, null, { role: 'system', content: `You are a coding agent working in ${workspace}.` }, 40);
        store.transcript.append(session.id, p.id, { role: 'user', content: promptText }, Math.ceil(promptText.length / 4));
      });
      for (let k = 0; k < steps; k++) {
        const callId = `call_${index}_${turn}_${k}_${++calls}`;
        const { tool, input } = toolCall(rand, workspace);
        const args = JSON.stringify(input);
        const message: ChatMessage = { role: 'assistant', content: rand() < 0.5 ? `Let me look at this with ${tool}.` : null, tool_calls: [{ id: callId, type: 'function', function: { name: tool, arguments: args } }] };
        const holder = step(store, bus, session.id, p.id, message, rand);
        const row = store.toolCalls.create({ sessionId: session.id, promptId: p.id, messageId: holder, callId, tool, inputJson: args });
        const needsApproval = tool === 'Bash' && rand() < 0.3;
        bus.batch(() => {
          store.toolCalls.setStatus(row.id, 'pending', needsApproval ? asks : auto);
          bus.emit({ type: 'tool_call', sessionId: session.id, promptId: p.id, callId, tool, input, decision: needsApproval ? asks : auto });
        });
        if (needsApproval) {
          const approval = store.approvals.create({ sessionId: session.id, promptId: p.id, toolCallId: row.id, tool, input, decision: asks, alwaysRules: [`Bash(${String(input.command).split(' ')[0]} *)`] });
          bus.batch(() => {
            store.toolCalls.setStatus(row.id, 'waiting_approval');
            bus.emit({ type: 'approval_requested', sessionId: session.id, promptId: p.id, approvalId: approval.id, approvalRef: approval.ref, callId, tool, input, decision: asks, alwaysRule: approval.alwaysRules.join(', ') });
            prompts.transition(p.id, 'waiting_approval');
          });
          bus.batch(() => {
            store.approvals.answer(approval.id, 'approved', { kind: 'allow_once' });
            bus.emit({ type: 'approval_resolved', sessionId: session.id, promptId: p.id, approvalId: approval.id, approvalRef: approval.ref, status: 'approved', answer: { kind: 'allow_once' } });
            prompts.transition(p.id, 'running');
          });
        }
        const output = toolOutput(rand, text);
        bus.batch(() => {
          store.toolCalls.finish(row.id, true, output);
          store.transcript.append(session.id, p.id, { role: 'tool', tool_call_id: callId, content: output }, Math.ceil(output.length / 4));
          bus.emit({ type: 'tool_result', sessionId: session.id, promptId: p.id, callId, tool, ok: true, output: clip(output), error: null });
        });
      }
      for (let e = 0; e < extra; e++) step(store, bus, session.id, p.id, { role: 'assistant', content: `A note while working: ${task(rand)}` }, rand);
      const answer = `${answerText(rand, turn)}${last ? `\n\n${lastMarker(index)}` : ''}`;
      step(store, bus, session.id, p.id, { role: 'assistant', content: answer }, rand);
      prompts.transition(p.id, 'completed', { content: answer });
      left -= 2 + 2 * steps + extra;
    }
  });
}

/** One model step: the assistant message, its event and its usage, in one batch (as agent-loop.ts writes them). */
function step(store: Store, bus: EventBus, sessionId: string, promptId: string, message: Extract<ChatMessage, { role: 'assistant' }>, rand: () => number): number {
  return bus.batch(() => {
    const size = (message.content?.length ?? 0) + JSON.stringify(message.tool_calls ?? []).length;
    const id = store.transcript.append(sessionId, promptId, message, Math.ceil(size / 4));
    bus.emit({
      type: 'assistant_message',
      sessionId,
      promptId,
      content: message.content ?? '',
      toolCalls: (message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name })),
    });
    const promptTokens = 20_000 + Math.floor(rand() * 80_000);
    const completionTokens = 50 + Math.floor(rand() * 800);
    const usage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
    const total = store.usage.record({ sessionId, promptId, provider: 'scripted', model: 'scripted-model', ...usage, cost: null, price: null });
    store.sessions.setContextMeter(sessionId, promptTokens, 128_000);
    bus.emit({ type: 'usage', sessionId, promptId, provider: 'scripted', model: 'scripted-model', ...usage, sessionTotalTokens: total, contextTokens: promptTokens, contextWindow: 128_000 });
    return id;
  });
}

const PREVIEW = 4000;
/** The event carries a preview of a long output, as the engine's call record clips it. */
const clip = (text: string): string => (text.length > PREVIEW ? `${text.slice(0, PREVIEW)}… (${text.length - PREVIEW} more characters)` : text);

function toolOutput(rand: () => number, text: string): string {
  const size = Math.round(2048 * Math.pow(10, rand())); // 2–20 KB, log-uniform
  const start = Math.floor(rand() * (text.length - size));
  return text.slice(start, start + size);
}

const FILES = ['src/store.ts', 'src/render.ts', 'src/session.ts', 'README.md', 'package.json', 'src/events/bus.ts', 'tests/store.test.ts'];
const COMMANDS = ['npm test', 'git status', 'git diff --stat', 'npx tsc --noEmit', 'ls -la src', 'grep -rn "session" src'];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function toolCall(rand: () => number, workspace: string): { tool: string; input: Record<string, unknown> } {
  const r = rand();
  if (r < 0.4) return { tool: 'Read', input: { path: join(workspace, pick(rand, FILES)) } };
  if (r < 0.7) return { tool: 'Bash', input: { command: pick(rand, COMMANDS) } };
  if (r < 0.85) return { tool: 'Grep', input: { pattern: pick(rand, ['session', 'store', 'render', 'TODO']), path: workspace } };
  return { tool: 'Edit', input: { path: join(workspace, pick(rand, FILES)), old_string: 'const value = 1;', new_string: 'const value = 2;' } };
}

const TASKS = [
  'fix the failing store test and explain the cause',
  'add a flag that limits the number of parallel sessions',
  'rename the render helper and update its callers',
  'find where the event bus drops listeners',
  'write a test for the session list ordering',
  'make the README install section shorter',
];

const task = (rand: () => number): string => pick(rand, TASKS);

function answerText(rand: () => number, turn: number): string {
  const paragraphs = 1 + Math.floor(rand() * 4);
  const parts = [`### Turn ${turn}`];
  for (let i = 0; i < paragraphs; i++) {
    parts.push(`I looked at \`${pick(rand, FILES)}\` and changed what was needed: ${task(rand)}. The tests pass with \`${pick(rand, COMMANDS)}\`, and nothing else in the workspace changed.`);
  }
  if (rand() < 0.3) parts.push('```ts\nconst value = 2;\nexport default value;\n```');
  return parts.join('\n\n');
}
