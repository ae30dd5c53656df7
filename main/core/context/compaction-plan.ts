import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { CompactionRecord, CompactionSettings, ContextTooLarge, TranscriptRow, ViewBudget, ViewCounter } from './compaction-types';
import { buildPromptsBlock } from './prompts-block';
import { headMessage, rowTokens } from './view';
import { stubMessage, toolCallsById } from './view-stubs';

/** A tool output is worth pruning only when its stub saves at least this many tokens. */
const PRUNE_MIN_GAIN = 16;

/** One way to shrink the view: where the cut falls and which tool outputs after it are stubs. */
export interface ViewPlan {
  coversThrough: number | null;
  prunedIds: number[];
  promptsBlock: string | null;
  /** Rows the cut newly covers: what a new summary must tell. Empty: the previous summary stays. */
  newlyCovered: TranscriptRow[];
  /** Rows shown whole or as stubs after the cut. */
  tail: TranscriptRow[];
  /** Tokens of the request's messages (system, head, tail), with room for a new summary when one is due. */
  estimate: number;
  /** Tokens kept for the new summary (0 when none is due). */
  summaryReserve: number;
  prunedToolOutputs: number;
}

export interface PlanInput {
  /** Keep only the last turn whole (a compaction a person asked for), not every recent turn that fits. */
  lastTurnOnly?: boolean;
  /** The session's whole transcript. */
  rows: readonly TranscriptRow[];
  previous: CompactionRecord | null;
  counter: ViewCounter;
  budget: ViewBudget;
  settings: CompactionSettings;
  /** Tokens every request carries besides the transcript: the system prompt and the reply's frame. */
  fixedTokens: number;
  /** How an error names a prompt (its ref); the prompt id when absent. */
  promptLabel?: (promptId: string) => string;
}

export interface Plans {
  /** Only prunes old tool outputs; the cut and the summary stay as they were. */
  pruneOnly: ViewPlan;
  /** Cuts before the recent turns (later if needed to fit), prunes the kept turns' outputs down to the target. */
  compact: ViewPlan;
  /** Tokens of the view as it is now. */
  before: number;
}

/** The head message's tokens as stored, recounted when the encoding changed. */
export function headTokensOf(record: CompactionRecord, counter: ViewCounter): number {
  if (record.coversThrough === null) return 0;
  const same = record.encoding === null || counter.encoding === undefined || record.encoding === counter.encoding;
  return same ? record.headTokens : counter.countMessage(headMessage(record));
}

/** Token sizes of a transcript's rows, whole and as stubs, each counted at most once per plan. */
export interface Sizer {
  tok(row: TranscriptRow): number;
  stubTok(row: TranscriptRow): number;
  /** A tool output not pruned yet whose stub would save enough to be worth it. */
  prunable(row: TranscriptRow, pruned: ReadonlySet<number>): boolean;
  sizeOf(list: readonly TranscriptRow[], pruned: ReadonlySet<number>): number;
  /** The tool a tool message answers, or the tools an assistant message calls. */
  toolOf(row: TranscriptRow): string | null;
}

export function createSizer(rows: readonly TranscriptRow[], counter: ViewCounter): Sizer {
  const calls = toolCallsById(rows);
  const whole = new Map<number, number>();
  const stubbed = new Map<number, number>();
  const tok = (row: TranscriptRow): number => {
    let n = whole.get(row.id);
    if (n === undefined) whole.set(row.id, (n = rowTokens(row, counter)));
    return n;
  };
  const stubTok = (row: TranscriptRow): number => {
    if (row.message.role !== 'tool') return tok(row);
    let n = stubbed.get(row.id);
    if (n === undefined) stubbed.set(row.id, (n = counter.countMessage(stubMessage(row.message, calls))));
    return n;
  };
  return {
    tok,
    stubTok,
    prunable: (row, pruned) => row.message.role === 'tool' && !pruned.has(row.id) && tok(row) > stubTok(row) + PRUNE_MIN_GAIN,
    sizeOf: (list, pruned) => list.reduce((n, row) => n + (pruned.has(row.id) ? stubTok(row) : tok(row)), 0),
    toolOf(row) {
      const m = row.message;
      if (m.role === 'tool') return calls.get(m.tool_call_id)?.function.name ?? null;
      if (m.role === 'assistant' && m.tool_calls?.length) return m.tool_calls.map((c) => c.function.name).join(', ');
      return null;
    },
  };
}

/**
 * Prunes `plan`'s remaining tool outputs, oldest first (never those in `keep`), until head + fixed + tail fit
 * in `limit`; returns the tail's tokens and how many outputs it pruned.
 */
export function pruneTailTo(
  plan: ViewPlan,
  sizer: Sizer,
  pruned: Set<number>,
  overhead: number,
  limit: number,
  keep: ReadonlySet<number> = new Set(),
): { size: number; added: number } {
  let size = sizer.sizeOf(plan.tail, pruned);
  let added = 0;
  for (const row of plan.tail) {
    if (overhead + size <= limit) break;
    if (keep.has(row.id) || !sizer.prunable(row, pruned)) continue;
    size -= sizer.tok(row) - sizer.stubTok(row);
    pruned.add(row.id);
    added++;
  }
  return { size, added };
}

/** Plans a compaction, or says which single message makes any plan impossible. */
export function planCompaction(input: PlanInput): { ok: true; value: Plans } | { ok: false; error: ContextTooLarge } {
  const { rows, previous, counter, budget, settings, fixedTokens } = input;
  const usable = budget.usable;
  const sizer = createSizer(rows, counter);
  const { sizeOf, prunable } = sizer;

  const prevCover = previous?.coversThrough ?? null;
  const prevHead = previous ? headTokensOf(previous, counter) : 0;
  const prevPruned = new Set(previous?.prunedIds ?? []);
  const live = rows.filter((r) => r.message.role !== 'system' && (prevCover === null || r.id > prevCover));
  const before = fixedTokens + prevHead + sizeOf(live, prevPruned);

  // The last turn is always kept whole; earlier whole turns too while they fit in recentShare.
  const turnStarts = live.flatMap((r, i) => (r.message.role === 'user' ? [i] : []));
  let keepFrom = turnStarts.at(-1) ?? 0;
  // A person asking to compact wants the older turns condensed however small they are: only the last stays whole.
  for (let j = input.lastTurnOnly ? -1 : turnStarts.length - 2; j >= 0; j--) {
    const start = turnStarts[j] as number;
    if (sizeOf(live.slice(start), prevPruned) > settings.recentShare * usable) break;
    keepFrom = start;
  }

  // The prompt of the turn in progress stays in view whatever happens (in the tail, or verbatim in the head).
  const lastPrompt = turnStarts.length > 0 ? (live[turnStarts.at(-1) as number] as TranscriptRow) : null;
  if (lastPrompt && fixedTokens + sizer.tok(lastPrompt) > usable) {
    return { ok: false, error: tooLarge([lastPrompt], new Set(), sizer, fixedTokens, usable, input.promptLabel ?? ((id) => id)) };
  }

  // Stage 1: tool outputs before the kept turns become stubs; nothing else changes.
  const pruned1 = new Set(prevPruned);
  for (const row of live.slice(0, keepFrom)) if (prunable(row, pruned1)) pruned1.add(row.id);
  const pruneOnly: ViewPlan = {
    coversThrough: prevCover,
    prunedIds: [...pruned1].sort((a, b) => a - b),
    promptsBlock: previous?.promptsBlock ?? null,
    newlyCovered: [],
    tail: live,
    estimate: fixedTokens + prevHead + sizeOf(live, pruned1),
    summaryReserve: 0,
    prunedToolOutputs: pruned1.size - prevPruned.size,
  };

  // Stage 2: cut before the kept turns and prune their outputs, oldest first, down to the target; if the rest
  // still does not fit, move the cut to later step boundaries (a user or assistant message, never a tool one).
  // The outputs of the last step, which the model has not seen yet, are pruned only when nothing else fits.
  const lastAssistant = live.findLastIndex((r) => r.message.role === 'assistant');
  const unseen = new Set(live.slice(lastAssistant + 1).flatMap((r) => (r.message.role === 'tool' ? [r.id] : [])));
  const target = Math.min(settings.targetShare, settings.threshold * 0.75) * usable;
  const safeStarts = live.flatMap((r, i) => (i >= keepFrom && r.message.role !== 'tool' ? [i] : []));
  if (safeStarts.length === 0) safeStarts.push(keepFrom);
  // A share of the room the window leaves for messages (not of the whole window): with a small window, large tool
  // definitions and a long system prompt, a share of the window could leave no room for the turn in progress.
  const promptBudget = settings.userPromptShare * Math.min(budget.window, usable);
  const reserve = Math.floor(Math.min(settings.summaryMaxTokens, settings.summaryShare * usable));

  let compact: ViewPlan | null = null;
  for (const cutIndex of safeStarts) {
    const tail = live.slice(cutIndex);
    const newlyCovered = live.slice(0, cutIndex);
    const covering = newlyCovered.length > 0;
    const coversThrough = covering ? (newlyCovered.at(-1) as TranscriptRow).id : prevCover;
    const block = covering
      ? buildPromptsBlock(rows, coversThrough as number, promptBudget, counter, tail[0]?.message.role !== 'user').text
      : (previous?.promptsBlock ?? null);
    // A new summary replaces the previous one (it is written from it), so only its reserve is counted.
    let head = covering ? counter.countMessage(headMessage({ summary: null, note: null, promptsBlock: block })) + reserve : prevHead;
    const tailIds = new Set(tail.map((r) => r.id));
    const pruned = new Set([...prevPruned].filter((id) => tailIds.has(id)));
    compact = {
      coversThrough,
      prunedIds: [],
      promptsBlock: block,
      newlyCovered,
      tail,
      estimate: 0,
      summaryReserve: covering ? reserve : 0,
      prunedToolOutputs: 0,
    };
    let { size } = pruneTailTo(compact, sizer, pruned, fixedTokens + head, target, unseen);
    if (fixedTokens + head + size > usable) size = pruneTailTo(compact, sizer, pruned, fixedTokens + head, usable).size;
    if (covering && block !== null && fixedTokens + head + size > usable) {
      // Still over: the earlier prompts give way (more of them elided, the marker says how many) before the turn does.
      const bare = counter.countMessage(headMessage({ summary: null, note: null, promptsBlock: null })) + reserve;
      const fewer = buildPromptsBlock(rows, coversThrough as number, Math.max(0, usable - fixedTokens - size - bare), counter, false).text;
      compact.promptsBlock = fewer;
      head = counter.countMessage(headMessage({ summary: null, note: null, promptsBlock: fewer })) + reserve;
    }
    compact.prunedIds = [...pruned].sort((a, b) => a - b);
    compact.estimate = fixedTokens + head + size;
    compact.prunedToolOutputs =
      [...pruned].filter((id) => !prevPruned.has(id)).length + newlyCovered.filter((r) => prunable(r, prevPruned)).length;
    if (compact.estimate <= usable) return { ok: true, value: { pruneOnly, compact, before } };
  }
  const last = compact as ViewPlan;
  return { ok: false, error: tooLarge(last.tail, new Set(last.prunedIds), sizer, fixedTokens, usable, input.promptLabel ?? ((id) => id)) };
}

/** Names the largest of `candidates` (as shown, stubs for `pruned`) as the message that cannot fit. */
function tooLarge(
  candidates: readonly TranscriptRow[],
  pruned: ReadonlySet<number>,
  sizer: Sizer,
  fixedTokens: number,
  usable: number,
  label: (promptId: string) => string,
): ContextTooLarge {
  if (fixedTokens > usable) {
    const why = msg('engineErrors.context.systemTooLarge', { tokens: fixedTokens, usable });
    return {
      kind: 'context_too_large',
      message: english(why),
      msg: why,
      messageId: null,
      role: 'system',
      promptId: null,
      tool: null,
      tokens: fixedTokens,
      usable,
    };
  }
  const shown = (row: TranscriptRow): number => (pruned.has(row.id) ? sizer.stubTok(row) : sizer.tok(row));
  let largest: TranscriptRow | null = null;
  for (const row of candidates) if (largest === null || shown(row) > shown(largest)) largest = row;
  const tokens = largest ? shown(largest) : 0;
  const tool = largest ? sizer.toolOf(largest) : null;
  const what = largest ? messageNamed(largest, tool, label) : msg('engineErrors.context.lastMessage');
  const why = msg('engineErrors.context.messageTooLarge', { what, tokens, fixed: fixedTokens, usable });
  return {
    kind: 'context_too_large',
    message: english(why),
    msg: why,
    messageId: largest?.id ?? null,
    role: largest?.message.role ?? null,
    promptId: largest?.promptId ?? null,
    tool,
    tokens,
    usable,
  };
}

/** "the output of Bash (message 12)": the message that cannot fit, as people find it in the transcript. */
function messageNamed(row: TranscriptRow, tool: string | null, label: (promptId: string) => string): Msg {
  const id = row.id;
  switch (row.message.role) {
    case 'user':
      return row.promptId ? msg('engineErrors.context.promptRef', { ref: label(row.promptId), id }) : msg('engineErrors.context.prompt', { id });
    case 'tool':
      return tool ? msg('engineErrors.context.output', { tool, id }) : msg('engineErrors.context.outputOfATool', { id });
    case 'assistant':
    case 'system': {
      const ref = row.promptId ? label(row.promptId) : null;
      if (tool) return ref !== null ? msg('engineErrors.context.callingOfPrompt', { tool, id, ref }) : msg('engineErrors.context.calling', { tool, id });
      return ref !== null ? msg('engineErrors.context.assistantOfPrompt', { id, ref }) : msg('engineErrors.context.assistant', { id });
    }
    default: {
      const never: never = row.message;
      return never;
    }
  }
}
