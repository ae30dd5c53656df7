import type { PromptRow } from '../store/rows';
import type { PromptStatus } from '../../../shared/status';
import type { ConflictResolution } from '../../../shared/events';
import type { Claim } from './claims';
import type { ConflictContext } from './context';
import { raiseConflict, sessionLabel, settleConflict } from './conflict-events';
import { realPathOf } from './real-path';
import { extractResourceKeys, isClaimKey } from './resource-keys';
import path from 'node:path';
import { english, msg, type Msg, type MsgValue } from '../../../shared/i18n/message';

/**
 * `out:<path>` → `out:<real absolute path>` (`~` is `home`, the folder the policy and the tools take it for);
 * `git:<op>` → `git:<op>@<real workspace>`.
 */
export function claimKeyOf(key: string, workspace: string, home: string): string {
  if (key.startsWith('out:')) {
    const p = key.slice(4);
    const expanded = p === '~' ? home : p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
    return `out:${realPathOf(path.resolve(workspace, expanded))}`;
  }
  return `${key}@${realPathOf(workspace)}`;
}

const shownKey = (key: string): string => (key.startsWith('out:') ? key.slice(4) : key);

/**
 * A conflict in the `--on-conflict block` error: the detail's first sentence (the advice to override, wait or
 * cancel is no answer to a block). As data when its sentence says exactly that, else that English as written.
 */
function blockedDetail(detail: string, short: Msg): MsgValue {
  const first = detail.split('. ')[0] ?? detail;
  return english(short) === first ? short : first;
}

/**
 * Preflight at submission: derives the prompt's resource keys, stores them, takes its claims and, when they
 * overlap another session's active claims, puts the prompt in `conflict` (or applies `--on-conflict`). Returns
 * the prompt's status; for any status but `queued` the `prompt_status` event has been published here.
 */
export function preflightPrompt(ctx: ConflictContext, prompt: PromptRow): PromptStatus {
  const session = ctx.store.sessions.get(prompt.session_id);
  if (!session) return prompt.status;
  const intent = extractResourceKeys(prompt.text, session.workspace);
  const claims: Claim[] = intent.keys
    .filter(isClaimKey)
    .map((k) => ({ promptId: prompt.id, sessionId: session.id, key: claimKeyOf(k, session.workspace, ctx.host.home), shown: k }));
  const overlaps = ctx.claims.overlapping(claims, session.id);
  ctx.cstore.savePreflight({
    promptId: prompt.id,
    sessionId: session.id,
    keys: intent.keys,
    claims,
    confidence: intent.confidence,
    decision: overlaps.length > 0 ? 'serialize' : 'allow',
  });
  ctx.claims.add(claims);
  if (overlaps.length === 0) return 'queued';

  const bySession = new Map<string, { paths: Set<string>; prompts: Set<string> }>();
  for (const { mine, theirs } of overlaps) {
    const entry = bySession.get(theirs.sessionId) ?? { paths: new Set<string>(), prompts: new Set<string>() };
    entry.paths.add(shownKey(mine.shown));
    entry.prompts.add(theirs.promptId);
    bySession.set(theirs.sessionId, entry);
  }
  const raised = [...bySession].map(([otherId, { paths, prompts }]) => {
    const refs = [...prompts].map((id) => ctx.store.prompts.get(id)?.ref ?? id).join(', ');
    const vars = { paths: [...paths].join(', '), count: paths.size, other: sessionLabel(ctx, otherId), refs };
    const record = raiseConflict(ctx, {
      sessionId: session.id,
      promptId: prompt.id,
      kind: 'declared_output',
      otherSessionId: otherId,
      blockingPrompts: [...prompts],
      paths: [...paths],
      detail: msg('reasons.conflictOutput', vars),
    });
    return { record, blocked: blockedDetail(record.detail, msg('reasons.conflictOutputBlocked', vars)) };
  });
  const records = raised.map((r) => r.record);

  const auto = ctx.autoFor(prompt.id);
  if (auto === 'override') {
    for (const r of records) settleConflict(ctx, r, 'override');
    return 'queued';
  }
  if (auto === 'block') {
    for (const r of records) settleConflict(ctx, r, 'block');
    const details = raised.map((r) => r.blocked).reduceRight<MsgValue | null>((rest, first) => (rest === null ? first : msg('reasons.conflictOutputBlockedThen', { first, rest })), null);
    ctx.prompts.transition(prompt.id, 'failed', { error: msg('reasons.onConflictBlock', { details: details ?? '' }) });
    return 'failed';
  }
  ctx.prompts.transition(prompt.id, 'conflict');
  if (auto === 'wait') {
    for (const r of records) settleConflict(ctx, r, 'wait');
    armWait(ctx, prompt.id);
  }
  return 'conflict';
}

/** Starts the prompt once every prompt it conflicts with has ended (event-driven). */
export function armWait(ctx: ConflictContext, promptId: string): void {
  ctx.preflightWaits.get(promptId)?.();
  // Conflicts settled otherwise (override, or withdrawn by an edit of the prompt) no longer hold it back.
  const holding = ctx.cstore.conflictsOf(promptId).filter((c) => c.kind === 'declared_output' && (c.resolution === null || c.resolution === 'wait'));
  const blockers = [...new Set(holding.flatMap((c) => c.blockingPrompts))];
  const cancel = ctx.ends.whenAllEnded(blockers, () => {
    ctx.preflightWaits.delete(promptId);
    queuePrompt(ctx, promptId);
  });
  ctx.preflightWaits.set(promptId, cancel);
}

function queuePrompt(ctx: ConflictContext, promptId: string): void {
  const p = ctx.prompts.transitionFrom(promptId, ['conflict'], 'queued');
  if (p) ctx.kick(p.session_id);
}

/** `conflict.resolve` for a prompt held at submission. */
export function resolvePreflight(ctx: ConflictContext, prompt: PromptRow, resolution: Exclude<ConflictResolution, 'block'>): void {
  const open = ctx.cstore.conflictsOf(prompt.id).filter((c) => c.kind === 'declared_output' && (c.resolution === null || c.resolution === 'wait'));
  if (resolution === 'wait') {
    for (const c of open) if (c.resolution !== 'wait') settleConflict(ctx, c, 'wait');
    armWait(ctx, prompt.id);
    return;
  }
  ctx.preflightWaits.get(prompt.id)?.();
  ctx.preflightWaits.delete(prompt.id);
  for (const c of open) settleConflict(ctx, c, resolution);
  if (resolution === 'override') {
    queuePrompt(ctx, prompt.id);
    return;
  }
  ctx.prompts.transition(prompt.id, 'cancelled', { reason: msg('reasons.cancelledAtConflict') });
}

/**
 * `prompt.edit` of a prompt that has not started (queued, or held in `conflict` at submission): its claims
 * are derived again from the new text, so the edit can move it into or out of `conflict`. The conflicts the
 * old text raised are settled as `cancel` (the edit withdrew the claims they were about; the event contract
 * has no closer word), then the prompt is checked as if just sent. Returns its status; a change of status has
 * been published, and a prompt released from `conflict` is queued and its session kicked.
 */
export function repreflightPrompt(ctx: ConflictContext, prompt: PromptRow): PromptStatus {
  const was = prompt.status;
  ctx.preflightWaits.get(prompt.id)?.();
  ctx.preflightWaits.delete(prompt.id);
  ctx.claims.release(prompt.id);
  for (const c of ctx.cstore.conflictsOf(prompt.id)) {
    if (c.kind === 'declared_output' && (c.resolution === null || c.resolution === 'wait')) settleConflict(ctx, c, 'cancel');
  }
  if (was === 'conflict') ctx.prompts.transition(prompt.id, 'queued');
  const now = preflightPrompt(ctx, { ...prompt, status: 'queued' });
  if (now === 'queued' && was !== 'queued') ctx.kick(prompt.session_id);
  return now;
}
