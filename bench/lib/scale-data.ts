// The scale bench's data folder: sessions with long histories, planned here (deterministically, from a seed per
// session) and written by scale-bulk.ts straight into the engine's tables with prepared statements, the same rows
// and events the store, event bus and prompt lifecycle leave behind, at a fraction of their cost (the engine's
// path takes one transaction per step; tests/helpers/scale-reference.ts keeps it, to check the two agree).
// A turn is a user prompt, a few tool steps (assistant message with one call, the call's decision and result,
// the tool message) and a final answer; tool outputs are 2–20 KB (log-uniform), an approval is asked and granted
// now and then.
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/core/engine';
import type { ChatMessage } from '../../main/core/model/types';
import type { PolicyDecision } from '../../shared/policy';
import { bulkWriter } from './scale-bulk';

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

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/** One model step: the assistant message, its token count as stored, and the request's usage. */
export interface PlannedStep {
  message: AssistantMessage;
  tokens: number;
  promptTokens: number;
  completionTokens: number;
}

/** A tool step: the assistant message holding one call, the call, whether it asked for approval, its output. */
export interface PlannedCall {
  step: PlannedStep;
  callId: string;
  tool: string;
  input: Record<string, unknown>;
  /** The call's raw arguments (JSON text), as the model sent them. */
  args: string;
  decision: PolicyDecision;
  /** The rule an approval card offers to always allow; null when the call did not ask. */
  alwaysRule: string | null;
  output: string;
  /** What the call's `tool_result` event carries of the output (a long one is clipped, as the engine clips it). */
  preview: string;
}

export interface PlannedTurn {
  promptText: string;
  /** The system message, written before the first prompt's user message only. */
  system: string | null;
  calls: PlannedCall[];
  /** Assistant messages without calls that fill the session's count exactly on its last turn. */
  notes: PlannedStep[];
  answer: PlannedStep;
}

export interface PlannedSession {
  index: number;
  name: string;
  workspace: string;
  /** Where the usage records say the requests went. */
  provider: string;
  model: string;
  contextWindow: number;
  turns: PlannedTurn[];
}

/** What a writer builds: the sessions' count and shape, and the counts after which a copy of the folder is kept. */
export interface ScaleJob {
  sessions: number;
  messagesPerSession: number;
  workspaces: readonly string[];
  /** Session counts (below `sessions`) at which the database is left closed, as the engine leaves it, for a copy. */
  checkpoints: readonly number[];
}

/** Writes a job's sessions (planOf) into a new database file, in order. */
export interface ScaleWriter {
  /** `written(n)`: the first n sessions are stored; at a checkpoint the file is closed and may be copied. */
  build(file: string, job: ScaleJob, written: (n: number) => void): void;
}

export const planOf = (job: ScaleJob, i: number): PlannedSession =>
  planSession(i, job.workspaces[i % job.workspaces.length] as string, job.messagesPerSession);

/** Builds the folders once per `version` under `root`; later runs reuse them. `writer`: how rows are written. */
export function ensureScaleData(root: string, version: string, shape: ScaleShape, log: (line: string) => void, writer: ScaleWriter = bulkWriter): ScaleFolders {
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
  const checkpoints = shape.checkpoints.filter((n) => n < shape.sessions);
  writer.build(file, { sessions: shape.sessions, messagesPerSession: shape.messagesPerSession, workspaces, checkpoints }, (n) => {
    if (n % 25 === 0) log(`  built ${n}/${shape.sessions} sessions (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const copyTo = partial.get(n);
    if (copyTo && checkpoints.includes(n)) {
      mkdirSync(copyTo, { recursive: true });
      copyFileSync(file, join(copyTo, DATABASE_FILE));
    }
  });
  const builtInSeconds = (Date.now() - started) / 1000;
  writeFileSync(done, JSON.stringify({ version, shape, builtInSeconds, bytes: statSync(file).size }));
  return { home, partial, builtInSeconds, messages };
}

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

/**
 * Session `index` with `messageCount` stored messages (the system message included). The generator is drawn in
 * the order the first builder drew it (which wrote as it went), so the data is the same as it always was.
 */
export function planSession(index: number, workspace: string, messageCount: number): PlannedSession {
  const rand = random(1000 + index);
  const text = corpus(rand);
  const turns: PlannedTurn[] = [];
  let left = messageCount - 1; // the system message
  let callCount = 0;
  for (let turn = 0; left > 0; turn++) {
    // A turn is 2 + 2k messages: the prompt, k tool steps (call + result), the answer.
    const wanted = Math.floor(rand() * 7);
    const steps = Math.max(0, Math.min(wanted, Math.floor((left - 2) / 2)));
    const last = left - (2 + 2 * steps) < 2;
    const extra = last ? left - (2 + 2 * steps) : 0; // fills the count exactly on the last turn
    const words = turn === 0 ? `${firstMarker(index)}: ` : '';
    const promptText = `${words}Turn ${turn} of ${sessionName(index)}: ${task(rand)}`;
    const calls: PlannedCall[] = [];
    for (let k = 0; k < steps; k++) {
      const callId = `call_${index}_${turn}_${k}_${++callCount}`;
      const { tool, input } = toolCall(rand, workspace);
      const args = JSON.stringify(input);
      const message: AssistantMessage = { role: 'assistant', content: rand() < 0.5 ? `Let me look at this with ${tool}.` : null, tool_calls: [{ id: callId, type: 'function', function: { name: tool, arguments: args } }] };
      const step = planStep(message, rand);
      const needsApproval = tool === 'Bash' && rand() < 0.3;
      const alwaysRule = needsApproval ? `Bash(${String(input.command).split(' ')[0]} *)` : null;
      const output = toolOutput(rand, text);
      calls.push({ step, callId, tool, input, args, decision: needsApproval ? asks : auto, alwaysRule, output, preview: clip(output) });
    }
    const notes: PlannedStep[] = [];
    for (let e = 0; e < extra; e++) notes.push(planStep({ role: 'assistant', content: `A note while working: ${task(rand)}` }, rand));
    const answer = planStep({ role: 'assistant', content: `${answerText(rand, turn)}${last ? `\n\n${lastMarker(index)}` : ''}` }, rand);
    const system = turn === 0 ? `You are a coding agent working in ${workspace}.` : null;
    turns.push({ promptText, system, calls, notes, answer });
    left -= 2 + 2 * steps + extra;
  }
  return { index, name: sessionName(index), workspace, provider: 'scripted', model: 'scripted-model', contextWindow: 128_000, turns };
}

/** An assistant message's stored token count and its request's usage (as agent-loop.ts records them). */
function planStep(message: AssistantMessage, rand: () => number): PlannedStep {
  const size = (message.content?.length ?? 0) + JSON.stringify(message.tool_calls ?? []).length;
  const promptTokens = 20_000 + Math.floor(rand() * 80_000);
  const completionTokens = 50 + Math.floor(rand() * 800);
  return { message, tokens: Math.ceil(size / 4), promptTokens, completionTokens };
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
