import type { Msg } from '../../../shared/i18n/message';
import type { ContextOverflow, ModelClient } from '../model/types';
import type { Result } from '../../../shared/result';
import { createSizer, planCompaction, pruneTailTo, type ViewPlan } from './compaction-plan';
import type { CompactionStore } from './compaction-store';
import { writeSummary } from './compaction-summary';
import {
  DEFAULT_COMPACTION_SETTINGS,
  type CompactionReason,
  type CompactionRecord,
  type CompactionResult,
  type CompactionSettings,
  type ContextTooLarge,
  type ModelView,
  type TranscriptRow,
  type ViewBudget,
  type ViewCounter,
} from './compaction-types';
import { REPLY_PRIMING_TOKENS } from './tokens';
import { buildModelView, headMessage, shownTokens } from './view';

export interface FitContextInput {
  /** The session's transcript; a row without a stored count is counted once and kept through transcript.setTokens. */
  store: { transcript: { list(sessionId: string): readonly TranscriptRow[]; setTokens?(id: number, tokens: number): void }; tx?<T>(fn: () => T): T };
  compactions: CompactionStore;
  /** The client the summary request goes through (the session's own model). */
  client: ModelClient;
  counter: ViewCounter;
  /** The provider's budget (ContextBudget): `usable` is for the messages, the tool definitions already taken off. */
  budget: ViewBudget;
  sessionId: string;
  /** The system prompt of the next request, project instructions included. */
  system: string;
  /** Its tokens as a system message, when the caller already knows them (it rarely changes between steps). */
  systemTokens?: number;
  signal: AbortSignal;
  /** 'auto': compact only past the threshold; 'overflow' (the provider refused the request) and 'manual': always. */
  reason: CompactionReason;
  focus?: string | null;
  /** With reason 'overflow': what the provider said when it refused (ModelError.overflow), to aim below it. */
  refused?: ContextOverflow | null;
  settings?: Partial<CompactionSettings>;
  /** How an error names a prompt (its ref). */
  promptLabel?: (promptId: string) => string;
  /** The summary as it streams. */
  onSummaryDelta?: (text: string) => void;
  /** Called once a compaction is going to be made (past the threshold, or asked for), before anything changes. */
  beforeCompacting?: () => Promise<void>;
}

export interface FitContextOk {
  /** The messages to send now, and their tokens (for the context meter). */
  view: ModelView;
  /** What was compacted now, or null when the view already fitted (or nothing could be reduced). */
  compacted: CompactionResult | null;
}

/** Rows with their token counts: a count missing from the store is made now and kept there. */
function countedRows(input: FitContextInput): TranscriptRow[] {
  const rows = input.store.transcript.list(input.sessionId);
  const counted = (): TranscriptRow[] =>
    rows.map((row) => {
      if (row.tokens !== undefined && row.tokens !== null) return row;
      const tokens = shownTokens(row.message, input.counter);
      input.store.transcript.setTokens?.(row.id, tokens);
      return { ...row, tokens };
    });
  // The counts made now (a step's new messages) are kept in one transaction rather than one each.
  const missing = rows.some((row) => row.tokens === undefined || row.tokens === null);
  return missing && input.store.tx ? input.store.tx(counted) : counted();
}

/** After a refusal for size, the request is made at most this share of what the provider allows… */
const OVERFLOW_SHRINK = 0.85;
/** …or of the refused request, when the provider did not say its window. */
const OVERFLOW_SHRINK_UNKNOWN = 0.6;

/**
 * A refused request was larger than the provider allows, whatever our count said: aim below it. When the
 * refusal gives the window and the requested size, our count is scaled by their ratio (the provider's
 * tokenizer may count differently from ours).
 */
function refusedUsable(input: FitContextInput, tokens: number): number {
  const window = input.refused?.window ?? null;
  const requested = input.refused?.requested ?? null;
  const allowed = window !== null && requested !== null && requested > 0
    ? Math.floor(((tokens * window) / requested) * OVERFLOW_SHRINK)
    : Math.floor(tokens * OVERFLOW_SHRINK_UNKNOWN);
  return Math.min(input.budget.usable, allowed);
}

const SUMMARY_FAILED = (error: string, covered: number): string =>
  `[No summary of the ${covered} ${covered === 1 ? 'message' : 'messages'} condensed last: the summary request failed (${error}). ` +
  "The person's prompts follow; the full transcript is kept in the session store.]";

/**
 * Makes the next request fit the model's window: builds the view from the stored rows and the latest
 * compaction, and compacts first when the request would pass `threshold` of the usable window (or always, for
 * 'overflow' and 'manual'). Compacting prunes old tool outputs, then (when that is not enough, or asked for)
 * asks the model for a summary of the older turns; if that request fails the view is still made to fit and the
 * result says why there is no summary. Fails only when one single message cannot fit the window.
 * A cancellation through `signal` is thrown as the model client throws it.
 */
export async function fitContext(input: FitContextInput): Promise<Result<FitContextOk, ContextTooLarge>> {
  const settings = { ...DEFAULT_COMPACTION_SETTINGS, ...input.settings };
  const { counter } = input;
  const rows = countedRows(input);
  const previous = input.compactions.latest(input.sessionId);
  const systemTokens = input.systemTokens ?? counter.countMessage({ role: 'system', content: input.system });
  // Sent with every request whatever is compacted: the system prompt and the reply's frame.
  const fixedTokens = systemTokens + REPLY_PRIMING_TOKENS;
  const current = buildModelView({ system: input.system, messages: rows, compaction: previous, counter, systemTokens });
  const done = (view: ModelView, compacted: CompactionResult | null): Result<FitContextOk, ContextTooLarge> => ({
    ok: true,
    value: { view, compacted },
  });
  const compactAt = input.budget.compactAt ?? settings.threshold * input.budget.usable;
  if (input.reason === 'auto' && current.tokens <= compactAt) return done(current, null);
  await input.beforeCompacting?.();
  const budget: ViewBudget = input.reason === 'overflow' ? { window: input.budget.window, usable: refusedUsable(input, current.tokens) } : input.budget;

  const planned = planCompaction({
    rows,
    previous,
    counter,
    budget,
    settings,
    fixedTokens,
    lastTurnOnly: input.reason === 'manual',
    ...(input.promptLabel ? { promptLabel: input.promptLabel } : {}),
  });
  if (!planned.ok) return planned;
  const { pruneOnly, compact, before } = planned.value;
  const sizer = createSizer(rows, counter);
  const target = Math.min(settings.targetShare, settings.threshold * 0.75) * budget.usable;

  let chosen: ViewPlan;
  let summary: string | null = previous?.summary ?? null;
  let newSummary: string | null = null;
  let note: string | null = previous?.note ?? null;
  let summaryError: string | null = null;
  let summaryErrorMsg: Msg | null = null;
  let usage: CompactionResult['usage'] = null;
  const wantsSummary = compact.newlyCovered.length > 0 && (input.reason === 'manual' || pruneOnly.estimate > target);
  if (!wantsSummary) {
    // Pruning is enough (or there is nothing older than the kept turns to summarise).
    chosen = compact.newlyCovered.length === 0 ? compact : pruneOnly;
  } else {
    const written = await writeSummary({
      client: input.client,
      counter,
      sizer,
      usable: budget.usable,
      previousSummary: previous?.summary ?? null,
      rows: compact.newlyCovered,
      allRows: rows,
      maxTokens: compact.summaryReserve,
      focus: input.focus ?? null,
      signal: input.signal,
      ...(input.onSummaryDelta ? { onDelta: input.onSummaryDelta } : {}),
    });
    if (written.ok) {
      chosen = compact;
      summary = newSummary = written.text;
      note = null;
      usage = written.usage;
    } else {
      summaryError = written.error;
      summaryErrorMsg = written.errorMsg;
      if (pruneOnly.estimate <= budget.usable) {
        chosen = pruneOnly;
      } else {
        // Pruning alone does not fit: the cut still has to move, so the older turns are left with their prompts.
        chosen = compact;
        note = SUMMARY_FAILED(written.error, compact.newlyCovered.length);
      }
    }
  }

  const parts = { summary, note, promptsBlock: chosen.promptsBlock };
  const headTokens = chosen.coversThrough === null ? 0 : counter.countMessage(headMessage(parts));
  // The summary may come out longer or shorter than its reserve: prune more of the tail if it is longer.
  const pruned = new Set(chosen.prunedIds);
  const { size, added } = pruneTailTo(chosen, sizer, pruned, fixedTokens + headTokens, budget.usable);
  const tokensAfter = fixedTokens + headTokens + size;
  const prunedIds = [...pruned].sort((a, b) => a - b);

  const unchanged =
    previous !== null &&
    chosen.coversThrough === previous.coversThrough &&
    newSummary === null &&
    note === previous.note &&
    prunedIds.length === previous.prunedIds.length &&
    prunedIds.every((id, i) => id === previous.prunedIds[i]);
  const nothingToDo = unchanged || (previous === null && chosen.coversThrough === null && prunedIds.length === 0);
  if (nothingToDo && summaryError === null) return done(current, null);

  const record: CompactionRecord = input.compactions.add({
    sessionId: input.sessionId,
    coversThrough: chosen.coversThrough,
    summary,
    note,
    promptsBlock: chosen.promptsBlock,
    prunedIds,
    headTokens,
    encoding: counter.encoding ?? null,
    tokensBefore: before,
    tokensAfter,
    reason: input.reason,
    prunedToolOutputs: chosen.prunedToolOutputs + added,
    summaryTokens: newSummary === null ? 0 : counter.countText(newSummary),
    focus: input.focus ?? null,
    summaryError,
  });
  const view = buildModelView({ system: input.system, messages: rows, compaction: record, counter, systemTokens });
  return done(view, {
    record,
    reason: input.reason,
    tokensBefore: record.tokensBefore,
    tokensAfter: record.tokensAfter,
    prunedToolOutputs: record.prunedToolOutputs,
    summary: newSummary,
    summaryTokens: record.summaryTokens,
    summaryError,
    ...(summaryErrorMsg ? { summaryErrorMsg } : {}),
    usage,
  });
}
