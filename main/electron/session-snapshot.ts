import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent, EngineEventType } from '../../shared/events';
import type { ApprovalSummary, SessionSummary } from '../../shared/models';

/*
 * The session and approval lists the tray shows, refreshed from the engine (not re-derived from events, so
 * the tray can never disagree with the engine) when an event that changes them arrives, at most once per
 * `delayMs`. Owns one timer; `dispose` clears it.
 */

export interface Snapshot {
  sessions: SessionSummary[];
  approvals: ApprovalSummary[];
}

const REFRESH_ON: ReadonlySet<EngineEventType> = new Set<EngineEventType>([
  'session_created',
  'session_closed',
  'session_reopened',
  'prompt_queued',
  'prompt_status',
  'approval_requested',
  'approval_resolved',
  'conflict',
  'conflict_resolved',
  'turn_started',
  'turn_completed',
  'turn_failed',
  'turn_cancelled',
]);

export interface SessionSnapshotter {
  onEvent(event: EngineEvent): void;
  refresh(): Promise<void>;
  current(): Snapshot;
  dispose(): void;
}

export function createSessionSnapshotter(
  handlers: Pick<RequestHandlers, 'session.list' | 'approval.list'>,
  onChange: (snapshot: Snapshot) => void,
  delayMs = 150,
): SessionSnapshotter {
  let snapshot: Snapshot = { sessions: [], approvals: [] };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  async function refresh(): Promise<void> {
    const [sessions, approvals] = await Promise.all([
      handlers['session.list']({}),
      handlers['approval.list']({}),
    ]);
    if (disposed) return;
    snapshot = {
      sessions: sessions.ok ? sessions.value : snapshot.sessions,
      approvals: approvals.ok ? approvals.value : snapshot.approvals,
    };
    onChange(snapshot);
  }

  return {
    onEvent(event) {
      if (disposed || !REFRESH_ON.has(event.type) || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void refresh().catch(() => undefined);
      }, delayMs);
    },
    refresh,
    current: () => snapshot,
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
