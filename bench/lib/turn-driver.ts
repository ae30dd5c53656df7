// Drives turns of a real engine from a benchmark with ONE event listener for all sessions (a listener per turn
// would make every event cost the bench once per running session, and that time counts as engine CPU), and
// counts what the engine did: model steps, tool calls, streamed deltas.
import type { EngineEvent } from '../../shared/events';
import type { Engine } from '../../main/core/engine/types';

const ENDED = new Set(['completed', 'failed', 'cancelled']);

export interface TurnCounts {
  /** Model calls answered (one assistant message each). */
  steps: number;
  toolCalls: number;
  /** assistant_delta events published, and the characters they carried. */
  deltas: number;
  deltaChars: number;
  /** Deltas the model streamed (its answers' length over the server's chunk size): the engine may publish fewer. */
  modelDeltas: number;
}

export class TurnDriver {
  readonly counts: TurnCounts = { steps: 0, toolCalls: 0, deltas: 0, deltaChars: 0, modelDeltas: 0 };
  private readonly waiting = new Map<string, (status: string) => void>();
  /** Prompts that ended before anyone waited for them. */
  private readonly ended = new Map<string, string>();
  private readonly off: () => void;

  /** `chunkSize`: characters per streamed chunk of the scripted server (its `chunkSize`, 4 by default). */
  constructor(
    private readonly engine: Engine,
    private readonly chunkSize = 4,
  ) {
    this.off = engine.onEvent((e) => this.seen(e));
  }

  private seen(e: EngineEvent): void {
    switch (e.type) {
      case 'assistant_delta':
        this.counts.deltas++;
        this.counts.deltaChars += e.text.length;
        return;
      case 'assistant_message':
        this.counts.steps++;
        this.counts.modelDeltas += Math.ceil(e.content.length / this.chunkSize);
        return;
      case 'tool_result':
        this.counts.toolCalls++;
        return;
      case 'turn_failed':
        console.error(`session ${e.sessionRef}: ${e.error}`);
        return;
      case 'prompt_status': {
        if (!ENDED.has(e.status) || !e.promptId) return;
        const waiter = this.waiting.get(e.promptId);
        if (waiter) {
          this.waiting.delete(e.promptId);
          waiter(e.status);
        } else {
          this.ended.set(e.promptId, e.status);
        }
        return;
      }
      default:
        return;
    }
  }

  async createSession(workspace: string, name?: string): Promise<string> {
    const created = await this.engine.handlers['session.create']({ workspace, ...(name ? { name } : {}) });
    if (!created.ok) throw new Error(created.error.message);
    return created.value.id;
  }

  /** Sends one prompt and resolves when it has ended; throws unless it completed. */
  async turn(sessionId: string, text: string): Promise<void> {
    const sent = await this.engine.handlers['prompt.send']({ session: sessionId, text });
    if (!sent.ok) throw new Error(sent.error.message);
    const id = sent.value.id;
    const status =
      this.ended.get(id) ??
      (await new Promise<string>((resolve) => {
        this.waiting.set(id, resolve);
      }));
    this.ended.delete(id);
    if (status !== 'completed') throw new Error(`prompt ${sent.value.ref} ended ${status}`);
  }

  snapshot(): TurnCounts {
    return { ...this.counts };
  }

  close(): void {
    this.off();
  }
}

/** `b - a` of each count. */
export function countsSince(a: TurnCounts, b: TurnCounts): TurnCounts {
  return {
    steps: b.steps - a.steps,
    toolCalls: b.toolCalls - a.toolCalls,
    deltas: b.deltas - a.deltas,
    deltaChars: b.deltaChars - a.deltaChars,
    modelDeltas: b.modelDeltas - a.modelDeltas,
  };
}
