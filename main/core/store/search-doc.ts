import type { EngineEvent } from '../../../shared/events';
import type { SearchHitKind } from '../../../shared/search';

/** What one stored event adds to the search index: its kind and its text. */
export interface SearchDoc {
  kind: SearchHitKind;
  text: string;
}

/** Where the texts that events carry only in part are read from. */
export interface DocSources {
  /** A prompt's text now (an edit of a queued prompt changes it after its `prompt_queued` event). */
  promptText(promptId: string): string | null;
  /** A finished tool call's whole result (its `tool_result` event carries a preview of a long one). */
  toolOutput(sessionId: string, promptId: string | null, callId: string, before: string): string | null;
}

/** The events that carry what people wrote or read; the others (statuses, usage, notices) are not searched. */
export const SEARCHED_EVENT_TYPES = ['prompt_queued', 'assistant_message', 'tool_call', 'tool_result'] as const;
type Searched = Extract<EngineEvent, { type: (typeof SEARCHED_EVENT_TYPES)[number] }>;

const isSearched = (e: EngineEvent): e is Searched => (SEARCHED_EVENT_TYPES as readonly string[]).includes(e.type);

/** The index entry of a stored event; null for events that are not searched or carry no text. */
export function searchDocOf(event: EngineEvent, sources: DocSources): SearchDoc | null {
  if (!isSearched(event)) return null;
  let doc: SearchDoc;
  switch (event.type) {
    case 'prompt_queued':
      doc = { kind: 'prompt', text: (event.promptId ? sources.promptText(event.promptId) : null) ?? event.text };
      break;
    case 'assistant_message':
      doc = { kind: 'answer', text: event.content };
      break;
    case 'tool_call':
      doc = { kind: 'tool_input', text: inputText(event.input) };
      break;
    case 'tool_result':
      doc = {
        kind: 'tool_output',
        text: sources.toolOutput(event.sessionId, event.promptId, event.callId, event.ts) ?? event.output ?? event.error ?? '',
      };
      break;
    default: {
      const _never: never = event;
      return _never;
    }
  }
  return doc.text.trim() ? doc : null;
}

/** A tool's input as text: its string and number values, one a line (the keys are the tool's, not the person's). */
export function inputText(input: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(input);
  return out.join('\n');
}
