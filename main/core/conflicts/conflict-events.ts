import type { ConflictKind, ConflictResolution } from '../../../shared/events';
import type { ConflictContext } from './context';
import type { ConflictRecord } from './conflict-store';

/** How a session is named in messages: its name, else its ref. */
export function sessionLabel(ctx: ConflictContext, sessionId: string | null): string {
  if (!sessionId) return 'another session';
  const s = ctx.store.getSession(sessionId);
  return s ? `session ${s.name ?? s.ref}` : 'another session';
}

/** Records a conflict and publishes the `conflict` event (committed before it is shown). */
export function raiseConflict(
  ctx: ConflictContext,
  input: { sessionId: string; promptId: string; kind: ConflictKind; otherSessionId: string | null; blockingPrompts: string[]; paths: string[]; detail: string },
): ConflictRecord {
  const rec = ctx.cstore.addConflict(input);
  const other = input.otherSessionId ? ctx.store.getSession(input.otherSessionId) : undefined;
  ctx.bus.emit({
    type: 'conflict',
    sessionId: input.sessionId,
    promptId: input.promptId,
    conflictId: rec.id,
    kind: input.kind,
    otherSessionId: input.otherSessionId,
    otherSessionRef: other?.ref ?? null,
    otherSessionName: other?.name ?? null,
    paths: input.paths,
    detail: input.detail,
  });
  return rec;
}

export function settleConflict(ctx: ConflictContext, rec: ConflictRecord, resolution: ConflictResolution): void {
  ctx.cstore.resolveConflict(rec.id, resolution);
  ctx.bus.emit({ type: 'conflict_resolved', sessionId: rec.sessionId, promptId: rec.promptId, conflictId: rec.id, resolution });
}
