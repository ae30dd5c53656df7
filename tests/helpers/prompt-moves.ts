// Prompts in tests reach a status the way the engine's do: queued through the prompt lifecycle (the one writer of
// prompt rows), then moved along legal moves of the transition table, each written with its events.
import { PromptStatus as PromptStatusSchema, type PromptStatus } from '../../shared/status';
import { EventBus } from '../../main/core/kernel/event-bus';
import { PromptLifecycle, type TransitionDetail } from '../../main/core/kernel/prompt-lifecycle';
import { PROMPT_TRANSITIONS } from '../../main/core/kernel/prompt-transitions';
import type { PromptRow, PromptRunOptions } from '../../main/core/store/rows';
import { openStore, type Store } from '../../main/core/store/store';
import type { Db } from '../../main/core/store/db';

/** A store opened as a composition root opens it: with its connection and its prompt lifecycle. */
export interface TestStore {
  store: Store;
  db: Db;
  bus: EventBus;
  prompts: PromptLifecycle;
}

const opened = new WeakMap<Store, TestStore>();

export function openTestStore(file: string, opts: { readonly?: boolean } = {}): TestStore {
  const { store, db, promptWrites } = openStore(file, opts);
  const bus = new EventBus(store);
  const t = { store, db, bus, prompts: new PromptLifecycle(store, bus, promptWrites) };
  opened.set(store, t);
  return t;
}

/** The connection, bus and lifecycle of a store opened with openTestStore. */
export function testStoreOf(store: Store): TestStore {
  const t = opened.get(store);
  if (!t) throw new Error('the store was not opened with openTestStore');
  return t;
}

/** The statuses a prompt in `from` passes through to reach `to`, fewest moves first (`to` last); null when it cannot. */
export function movesTo(from: PromptStatus, to: PromptStatus): PromptStatus[] | null {
  if (from === to) return [];
  const before = new Map<PromptStatus, PromptStatus>();
  const queue: PromptStatus[] = [from];
  while (queue.length > 0) {
    const at = queue.shift() as PromptStatus;
    for (const next of PROMPT_TRANSITIONS[at]) {
      if (next === from || before.has(next)) continue;
      before.set(next, at);
      if (next === to) {
        const path: PromptStatus[] = [to];
        for (let s = at; s !== from; s = before.get(s) as PromptStatus) path.unshift(s);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** Moves the prompt to `status` by legal moves; `detail` goes with the last one. */
export function moveTo(t: Pick<TestStore, 'store' | 'prompts'>, promptId: string, status: PromptStatus, detail: TransitionDetail = {}): PromptRow {
  const now = t.store.prompts.get(promptId);
  if (!now) throw new Error(`unknown prompt ${promptId}`);
  const path = movesTo(now.status, status);
  if (!path) throw new Error(`no legal moves from ${now.status} to ${status}`);
  let row = now;
  path.forEach((s, i) => {
    row = t.prompts.transition(promptId, s, i === path.length - 1 ? detail : {});
  });
  return row;
}

/** A new prompt of the session, queued through the lifecycle and moved to `status` (default: left queued). */
export function promptAt(
  t: Pick<TestStore, 'store' | 'prompts'>,
  sessionId: string,
  text: string,
  status: PromptStatus = 'queued',
  opts: { options?: PromptRunOptions; detail?: TransitionDetail } = {},
): PromptRow {
  const p = t.prompts.enqueue(sessionId, text, () => undefined, opts.options ?? {});
  return moveTo(t, p.id, status, opts.detail);
}

/** Every status, for tests that walk them all. */
export const PROMPT_STATUSES = PromptStatusSchema.options;
