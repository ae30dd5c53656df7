import { join } from 'node:path';
import type { Store } from '../../main/core/store/store';
import { promptAt, openTestStore, testStoreOf } from '../helpers/prompt-moves';
import { CompactionStore } from '../../main/core/context/compaction-store';
import { createTokenCounter } from '../../main/core/context/tokens';
import type { ChatMessage } from '../../main/core/model/types';
import { tempDir } from '../helpers/temp';

export const counter = createTokenCounter('gpt-4o');

export interface Opened {
  file: string;
  store: Store;
  compactions: CompactionStore;
  sessionId: string;
}

export function openStore(file = join(tempDir(), 'paragents.db')): Opened {
  const { store, db } = openTestStore(file);
  const session = store.sessions.list()[0] ?? store.sessions.create({ workspace: '/ws', name: null, mode: 'default' });
  return { file, store, compactions: new CompactionStore(db), sessionId: session.id };
}

export function reopen(o: Opened): Opened {
  o.store.close();
  return openStore(o.file);
}

/** A file's text of about `chars` characters (varied words, so it tokenizes like source text). */
export function fileText(name: string, chars: number): string {
  const words: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) {
    const w = `${name}_${(i * 7919) % 1000} `;
    words.push(i % 12 === 11 ? `${w}\n` : w);
    n += w.length + (i % 12 === 11 ? 1 : 0);
  }
  return words.join('').slice(0, chars);
}

export interface TurnSpec {
  prompt: string;
  /** Files read in this turn, one step each, with the size of their contents. */
  reads?: { path: string; chars: number }[];
  answer?: string;
}

/** Appends turns as the agent loop stores them: user, assistant tool call + tool result per read, final answer. */
export function appendTurns(o: Opened, turns: TurnSpec[]): void {
  const { store, sessionId } = o;
  if (!store.transcript.list(sessionId).some((m) => m.message.role === 'system')) {
    store.transcript.append(sessionId, null, { role: 'system', content: 'stored system prompt (stale)' }, null);
  }
  for (const turn of turns) {
    const prompt = promptAt(testStoreOf(store), sessionId, turn.prompt);
    const add = (m: ChatMessage): number => store.transcript.append(sessionId, prompt.id, m, counter.countMessage(m));
    add({ role: 'user', content: turn.prompt });
    for (const [i, read] of (turn.reads ?? []).entries()) {
      const id = `call_${prompt.id.slice(0, 6)}_${i}`;
      add({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'Read', arguments: JSON.stringify({ path: read.path }) } }] });
      add({ role: 'tool', tool_call_id: id, content: fileText(read.path, read.chars) });
    }
    add({ role: 'assistant', content: turn.answer ?? `done: ${turn.prompt}` });
  }
}

export const SYSTEM = 'You are a coding agent. Project instructions: AGENTS.md says use tabs.';
