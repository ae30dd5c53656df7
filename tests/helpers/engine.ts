import type { Engine } from '../../main/core/engine';
import type { EngineEvent, EngineEventType, EventOf } from '../../shared/events';
import type { Result } from '../../shared/result';

/** Resolves with the first event matching the predicate (including ones already seen by `log`). */
export function nextEvent<T extends EngineEventType>(
  engine: Engine,
  type: T,
  pred: (e: EventOf<T>) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<EventOf<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${type}`));
    }, timeoutMs);
    const off = engine.onEvent((e) => {
      if (e.type === type && pred(e as EventOf<T>)) {
        clearTimeout(timer);
        off();
        resolve(e as EventOf<T>);
      }
    });
  });
}

/** Records every event the engine publishes. */
export function recordEvents(engine: Engine): EngineEvent[] {
  const log: EngineEvent[] = [];
  engine.onEvent((e) => log.push(e));
  return log;
}

export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.value;
}

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Waits until the prompt reaches a terminal status and returns it (subscribes before looking, so nothing is missed). */
export async function settled(engine: Engine, promptId: string, timeoutMs = 20_000): Promise<string> {
  const waiting = nextEvent(engine, 'prompt_status', (x) => x.promptId === promptId && TERMINAL.includes(x.status), timeoutMs);
  const all = unwrap(await engine.handlers['session.events']({}));
  const last = all.filter((e) => e.type === 'prompt_status' && e.promptId === promptId).at(-1);
  if (last && last.type === 'prompt_status' && TERMINAL.includes(last.status)) {
    waiting.catch(() => undefined);
    return last.status;
  }
  return (await waiting).status;
}
