import type { EngineApi, EngineEvent, Result } from '../../shared';
import { forkOrigin, inheritedEvents } from '../../shared/transcript';

const PAGE = 5000;
/** Forks of forks are followed this deep at most, so a broken chain cannot loop. */
const MAX_FORK_DEPTH = 32;

/** Every stored event of one session, in order, read page by page. */
async function storedEvents(api: EngineApi, sessionId: string): Promise<Result<EngineEvent[]>> {
  const all: EngineEvent[] = [];
  for (;;) {
    const page = await api['session.events']({ session: sessionId, afterSeq: all.at(-1)?.seq ?? 0, limit: PAGE });
    if (!page.ok) return page;
    all.push(...page.value);
    if (page.value.length < PAGE) return { ok: true, value: all };
  }
}

/**
 * A session's history as people read it: a fork's copied turns (from its source, and the source's source…)
 * come first, then its own events. A source that can no longer be read leaves the fork's own events.
 */
export async function historyEvents(api: EngineApi, sessionId: string, depth = 0): Promise<Result<EngineEvent[]>> {
  const own = await storedEvents(api, sessionId);
  if (!own.ok) return own;
  const origin = forkOrigin(own.value);
  if (!origin || depth >= MAX_FORK_DEPTH) return own;
  const source = await historyEvents(api, origin.sessionId, depth + 1);
  if (!source.ok) return own;
  return { ok: true, value: [...inheritedEvents(source.value, origin.seq), ...own.value] };
}
