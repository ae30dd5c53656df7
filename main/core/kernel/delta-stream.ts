import type { EngineEventDraft } from '../../../shared/events';

/** Streamed text of a model's answer or of its reasoning, as the agent loop hands it to the bus. */
export type DeltaDraft = Extract<EngineEventDraft, { type: 'assistant_delta' | 'reasoning_delta' }>;

/**
 * How long streamed text waits to be joined with the text that follows it: one frame at 60 Hz. A model sends a
 * few characters per chunk, often hundreds of chunks a second per session; each published event costs every
 * listener (a socket write to the panel, a line to a terminal), and nobody reads faster than a frame.
 */
export const DELTA_WINDOW_MS = 16;
/** Held text past this many characters is published at once, without waiting for the frame to end. */
export const MAX_HELD_CHARS = 16 * 1024;

/**
 * Joins each session's streamed deltas for up to one frame and publishes them as one delta of the same type,
 * text unchanged and in order. A session holds one stream at a time: a delta of the other type or of another
 * prompt publishes what was held first. The bus flushes a session before publishing anything else of it, so
 * every other event still comes after the text streamed before it. The timer exists only while text is held.
 */
export class DeltaStreams {
  private readonly held = new Map<string, DeltaDraft>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly publish: (draft: DeltaDraft) => void,
    private readonly windowMs = DELTA_WINDOW_MS,
  ) {}

  push(draft: DeltaDraft): void {
    if (draft.text === '') return;
    const held = this.held.get(draft.sessionId);
    if (held && held.type === draft.type && held.promptId === draft.promptId) {
      held.text += draft.text;
      if (held.text.length >= MAX_HELD_CHARS) this.flush(draft.sessionId);
      return;
    }
    if (held) this.flush(draft.sessionId);
    this.held.set(draft.sessionId, { ...draft });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushAll();
    }, this.windowMs);
  }

  /** Publishes what the session holds now. */
  flush(sessionId: string): void {
    const held = this.held.get(sessionId);
    if (!held) return;
    this.held.delete(sessionId);
    if (this.held.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.publish(held);
  }

  flushAll(): void {
    for (const sessionId of [...this.held.keys()]) this.flush(sessionId);
  }

  /** Sessions holding text (for tests and diagnostics). */
  get size(): number {
    return this.held.size;
  }
}
