import type { EngineEvent, EngineEventType, EventOf, PolicyDecision } from '../../../shared';

type Extra<T extends EngineEventType> = Omit<EventOf<T>, 'type' | 'seq' | 'ts' | 'sessionId' | 'sessionRef' | 'sessionName' | 'promptId' | 'promptRef'>;

/** Builds engine events for one session with increasing seq, the way the engine stamps them. */
export function eventMaker(sessionId = 'sess-1', sessionRef = 'a1b2c3', start = 1) {
  let seq = start;
  return function ev<T extends EngineEventType>(type: T, extra: Extra<T>, promptId: string | null = 'p-1'): EngineEvent {
    const event = {
      type,
      seq: type === 'assistant_delta' ? seq : seq++,
      ts: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
      sessionId,
      sessionRef,
      sessionName: null,
      promptId,
      promptRef: promptId ? `${promptId.replace(/[^0-9a-f]/g, '').padEnd(6, '0').slice(0, 6)}` : null,
      ...extra,
    };
    return event as unknown as EngineEvent;
  };
}

export const asks: PolicyDecision = { decision: 'needs_approval', rule: 'Bash(npm *)', source: 'project', reason: 'npm needs approval' };
export const auto: PolicyDecision = { decision: 'auto_approved', rule: 'Bash(git log *)', source: 'project', reason: 'read-only git' };
