import type { ConflictKind, ConflictResolution } from '../../../shared/events';
import type { ConflictContext } from './context';
import type { ConflictRecord } from './conflict-store';
import { english, msg, type Msg } from '../../../shared/i18n/message';

/** How a session is named in messages: its name, else its ref. */
export function sessionLabel(ctx: ConflictContext, sessionId: string | null): Msg {
  if (!sessionId) return msg('reasons.anotherSession');
  const s = ctx.store.sessions.get(sessionId);
  return s ? msg('reasons.session', { name: s.name ?? s.ref }) : msg('reasons.anotherSession');
}

/** Several sentences or names as one list, `a, b, c` (in English). */
export function listOf(items: readonly Msg[]): Msg | string {
  const [first, ...rest] = items;
  if (!first) return '';
  return rest.length === 0 ? first : msg('reasons.listOf', { first, rest: listOf(rest) });
}

/** Several sessions named once each, in the order given. */
export function sessionsLabel(ctx: ConflictContext, sessionIds: readonly string[]): Msg | string {
  const labels = new Map<string, Msg>();
  for (const id of sessionIds) {
    const label = sessionLabel(ctx, id);
    labels.set(english(label), label);
  }
  return listOf([...labels.values()]);
}

/** Records a conflict and publishes the `conflict` event (committed before it is shown). */
export function raiseConflict(
  ctx: ConflictContext,
  input: { sessionId: string; promptId: string; kind: ConflictKind; otherSessionId: string | null; blockingPrompts: string[]; paths: string[]; detail: Msg },
): ConflictRecord {
  const rec = ctx.cstore.addConflict({ ...input, detail: english(input.detail) });
  const other = input.otherSessionId ? ctx.store.sessions.get(input.otherSessionId) : undefined;
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
    detail: rec.detail,
    detailMsg: input.detail,
  });
  return rec;
}

export function settleConflict(ctx: ConflictContext, rec: ConflictRecord, resolution: ConflictResolution): void {
  ctx.cstore.resolveConflict(rec.id, resolution);
  ctx.bus.emit({ type: 'conflict_resolved', sessionId: rec.sessionId, promptId: rec.promptId, conflictId: rec.id, resolution });
}
