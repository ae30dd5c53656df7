import { isAbsolute, resolve } from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import type { RedactedConfig } from '../../../shared/config';
import type { SessionSummary } from '../../../shared/models';
import { err, ok, type Result } from '../../../shared/result';
import type { JournalEntry } from '../conflicts';
import { realPathOf } from '../conflicts/real-path';
import type { EffectiveMode } from '../policy';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { Authorizer } from './authorizer';
import { reasonMsgOf } from '../policy/context';
import { msg } from '../../../shared/i18n/message';

/** The requests that only read: answered alike by the engine and by a read-only open of the data folder. */
export const READ_REQUESTS = [
  'session.list',
  'session.get',
  'session.events',
  'approval.list',
  'journal.list',
  'config.get',
  'policy.check',
] as const;
export type ReadRequestName = (typeof READ_REQUESTS)[number];

export interface ReadDeps {
  store: Store;
  /** The session's effective mode and its source (policy engine): what its summaries report. */
  modeOf: (row: SessionRow) => EffectiveMode;
  /** `policy.check` answers as a call of a run that can (false) or cannot (true) ask a person. */
  headless: boolean;
  authorizer: Pick<Authorizer, 'check'>;
  configView: () => Promise<Result<RedactedConfig>>;
  /** The change journal (conflict engine's store). */
  journal: (filter: { sessionId?: string; path?: string }) => JournalEntry[];
}

export function createReadHandlers(d: ReadDeps): Pick<RequestHandlers, ReadRequestName> {
  const { store } = d;
  const summary = (row: SessionRow): SessionSummary => store.summaries.session(row, d.modeOf(row));
  /** The id of an optional session reference (undefined: every session). */
  const sessionIdOf = (session: string | undefined): Result<string | undefined> => {
    if (!session) return ok(undefined);
    const s = store.sessions.resolve(session);
    return s.ok ? ok(s.value.id) : s;
  };

  return {
    'session.list': ({ includeClosed }) => {
      // A workspace's settings are read once per list, not once per session: hundreds of sessions share a few.
      const modes = new Map<string, EffectiveMode>();
      const modeOf = (row: SessionRow): EffectiveMode => {
        const key = `${row.chosen_mode ?? ''}\u0000${row.workspace}`;
        const mode = modes.get(key) ?? d.modeOf(row);
        modes.set(key, mode);
        return mode;
      };
      return ok(store.sessions.list(includeClosed ?? false).map((row) => store.summaries.session(row, modeOf(row))));
    },

    'session.get': ({ session }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      return ok({ ...summary(s.value), prompts: store.prompts.list(s.value.id).map((p) => store.summaries.prompt(p)) });
    },

    'session.events': ({ session, afterSeq, beforeSeq, limit }) => {
      const sessionId = sessionIdOf(session);
      if (!sessionId.ok) return sessionId;
      return ok(store.events.list({ sessionId: sessionId.value, afterSeq, beforeSeq, limit }));
    },

    'approval.list': ({ session }) => {
      const sessionId = sessionIdOf(session);
      if (!sessionId.ok) return sessionId;
      return ok(store.approvals.list({ sessionId: sessionId.value }).map((a) => store.summaries.approval(a)));
    },

    'config.get': () => d.configView(),

    'journal.list': ({ session, path }) => {
      let sessionId: string | undefined;
      let base: string | null = null;
      if (session) {
        const s = store.sessions.resolve(session);
        if (!s.ok) return s;
        sessionId = s.value.id;
        base = s.value.workspace;
      }
      // The engine has no current folder of its own: a relative path needs a session's workspace to mean anything.
      if (path && !isAbsolute(path) && base === null) {
        return err('invalid_input', msg('engineErrors.request.journalRelative', { path }));
      }
      const entries = d.journal({ sessionId, path: path ? realPathOf(base ? resolve(base, path) : path) : undefined });
      return ok(entries.map((e) => ({ ...e, sessionRef: store.sessions.get(e.sessionId)?.ref ?? '' })));
    },

    'policy.check': async ({ session, workspace, tool, input, mode }) => {
      let ws = workspace ? resolve(workspace) : undefined;
      let sessionId: string | null = null;
      let sessionMode = mode;
      if (session) {
        const s = store.sessions.resolve(session);
        if (!s.ok) return s;
        ws ??= s.value.workspace;
        sessionId = s.value.id;
        sessionMode ??= s.value.chosen_mode ?? undefined;
      }
      if (!ws) return err('invalid_input', msg('engineErrors.request.policyCheckNeeds'));
      const checked = await d.authorizer.check({ tool, input, workspace: ws, sessionId, mode: sessionMode, headless: d.headless });
      if (!checked.ok) return checked;
      const v = checked.value;
      return ok({ decision: v.decision, rule: v.rule, source: v.source, reason: v.reason, reasonMsg: reasonMsgOf(v) });
    },
  };
}
