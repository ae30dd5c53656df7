import type { EngineEvent } from '../../shared/events';

/** The fields whose string values are ids of a machine's sessions, prompts, approvals and children. */
const ID_KEYS = new Set(['id', 'sessionId', 'promptId', 'approvalId', 'parentSessionId']);

/**
 * Which remote machine owns which id. Ids are UUIDs, so the ids of two engines never collide: every id a remote
 * machine's answers and events carry is noted here, and a request naming it goes there. An id never seen (a ref
 * typed by a person, an id from before the hub started) is looked for machine by machine instead.
 */
export interface Owners {
  of(id: string): string | undefined;
  /** Notes every id in an answer of `machine` and marks its sessions, approvals and hits with the machine's name. */
  adopt(machine: string, value: unknown): void;
  /** Notes the ids an event of `machine` carries. */
  adoptEvent(machine: string, event: EngineEvent): void;
  /** Forgets a removed machine's ids. */
  forget(machine: string): void;
}

/** The objects of an answer that say which machine they are on: sessions, approvals, search hits. */
const marked = (o: Record<string, unknown>): boolean =>
  ('ref' in o && 'workspace' in o && 'status' in o) || ('callId' in o && 'decision' in o && 'sessionId' in o) || ('snippet' in o && 'sessionId' in o);

export function createOwners(): Owners {
  const owner = new Map<string, string>();
  const note = (machine: string, id: unknown): void => {
    if (typeof id === 'string' && id !== '') owner.set(id, machine);
  };
  const walk = (machine: string, value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(machine, item, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(o)) {
      if (ID_KEYS.has(key)) note(machine, v);
      else if (typeof v === 'object') walk(machine, v, depth + 1);
    }
    if (marked(o)) o.machine = machine;
  };
  return {
    of: (id) => owner.get(id),
    adopt: (machine, value) => walk(machine, value, 0),
    adoptEvent(machine, event) {
      note(machine, event.sessionId);
      note(machine, event.promptId);
      if ('approvalId' in event) note(machine, event.approvalId);
    },
    forget(machine) {
      for (const [id, m] of owner) if (m === machine) owner.delete(id);
    },
  };
}
