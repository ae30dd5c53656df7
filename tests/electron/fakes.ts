import { requestNames, type RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { ApprovalSummary, SessionSummary } from '../../shared/models';
import { ok } from '../../shared/result';

/** Handlers answering ok(null) for every request, with some replaced. */
export function fakeHandlers(overrides: Partial<Record<keyof RequestHandlers, (input: never) => unknown>> = {}): RequestHandlers {
  const handlers: Record<string, unknown> = {};
  for (const name of requestNames) handlers[name] = overrides[name] ?? (() => ok(null));
  return handlers as unknown as RequestHandlers;
}

export const APP_SENDER = { webContentsId: 7, frameUrl: 'app://paragents/index.html', isMainFrame: true };

const base = {
  seq: 1,
  ts: '2025-01-01T00:00:00.000Z',
  sessionId: 'sess-1',
  sessionRef: 'a1b2c3',
  sessionName: 'web-api',
  promptId: 'prompt-1',
  promptRef: 'd4e5f6',
};

export const approvalRequested = (over: Partial<Extract<EngineEvent, { type: 'approval_requested' }>> = {}): EngineEvent => ({
  ...base,
  type: 'approval_requested',
  approvalId: 'appr-1',
  approvalRef: '0a0b0c',
  callId: 'call-1',
  tool: 'Bash',
  input: { command: 'npm install' },
  decision: { decision: 'needs_approval', rule: null, source: 'builtin', reason: 'installs packages' },
  alwaysRule: 'Bash(npm install)',
  ...over,
});

export const turnCompleted = (sessionId = 'sess-1'): EngineEvent => ({ ...base, sessionId, type: 'turn_completed', content: 'All tests pass.\nDone.' });
export const turnFailed = (sessionId = 'sess-1'): EngineEvent => ({ ...base, sessionId, type: 'turn_failed', error: 'model timed out' });
export const approvalResolved = (approvalId = 'appr-1'): EngineEvent => ({
  ...base,
  type: 'approval_resolved',
  approvalId,
  approvalRef: '0a0b0c',
  status: 'approved',
  answer: { kind: 'allow_once' },
});

export const session = (over: Partial<SessionSummary> = {}): SessionSummary => ({
  id: 'sess-1',
  ref: 'a1b2c3',
  name: 'web-api',
  workspace: '/work/web-api',
  mode: 'default',
  modeSource: 'default',
  status: 'waiting_approval',
  queueLength: 0,
  pendingApprovals: 1,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
  closedAt: null,
  ...over,
});

export const approval = (over: Partial<ApprovalSummary> = {}): ApprovalSummary => ({
  id: 'appr-1',
  ref: '0a0b0c',
  sessionId: 'sess-1',
  sessionRef: 'a1b2c3',
  promptId: 'prompt-1',
  promptRef: 'd4e5f6',
  callId: 'call-1',
  tool: 'Bash',
  input: { command: 'npm install' },
  decision: { decision: 'needs_approval', rule: null, source: 'builtin', reason: 'installs packages' },
  alwaysRule: null,
  status: 'pending',
  createdAt: '2025-01-01T00:00:00.000Z',
  resolvedAt: null,
  ...over,
});
