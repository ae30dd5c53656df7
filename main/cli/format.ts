import { EngineEvent, type EventOf } from '../../shared/events';
import { missingCase } from '../../shared/result';
import type { PermissionMode } from '../../shared/policy';
import type { ModeSource } from '../../shared/session-mode';
import { formatUsd, type BudgetStop, type BudgetUnit } from '../../shared/cost';
import { hookRanMsg } from '../../shared/hooks';
import { fallbackCause } from '../../shared/model-retry';
import { compactTokens } from '../../shared/token-format';
import { isMsg, render, shownText, translator, type Lang, type Translator } from '../../shared/i18n';

/**
 * One JSON line per event: `type`, `session` (name or ref), `prompt` (ref) and `ts` first, then the payload.
 * Fields follow the contract's order whatever object the event was read from (published live by `run`, or
 * parsed back from the store by `sessions show`), so the same event always prints the same line.
 */
export function eventJsonLine(event: EngineEvent): string {
  const parsed = EngineEvent.safeParse(event);
  const { type, ts, sessionName, sessionRef, promptRef, ...rest } = parsed.success ? parsed.data : event;
  return JSON.stringify({ type, session: sessionName ?? sessionRef, prompt: promptRef, ts, sessionRef, ...rest }, withoutMsgs);
}

/**
 * A JSON.stringify replacer that leaves out the sentences carried as data (`msg`, `detailMsg`, `reasonMsg`, `errorMsg`…):
 * `--json` prints the English fields beside them, exactly as before they existed.
 */
export function withoutMsgs(key: string, value: unknown): unknown {
  return (key === 'msg' || key.endsWith('Msg')) && isMsg(value) ? undefined : value;
}

/**
 * The failure that made the engine switch providers, in the language: the cause inside the event's Msg ("falling
 * back after: {{error}}"), else the English cause as written.
 */
function fallbackShown(lang: Lang, e: EventOf<'model_retry'>, cause: string): string {
  const inner = e.errorMsg?.key === 'engineErrors.model.fallingBack' ? e.errorMsg.vars?.error : undefined;
  return isMsg(inner) ? render(lang, inner) : typeof inner === 'string' ? inner : cause;
}

const short = (s: string, n = 160): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

const modeText = (t: Translator, mode: PermissionMode, source: ModeSource): string => t('mode.text', { mode, source: t(`mode.source.${source}`) });
export const amountText = (t: Translator, unit: BudgetUnit, amount: number): string =>
  unit === 'tokens' ? t('budget.tokens', { tokens: compactTokens(amount) }) : formatUsd(amount);
export const stopText = (t: Translator, stop: BudgetStop): string => {
  const amounts = { limit: amountText(t, stop.unit, stop.limit), used: amountText(t, stop.unit, stop.used) };
  return stop.kind === 'session' ? t('budget.dialog.stopSession', amounts) : t('budget.dialog.stopDaily', amounts);
};

/**
 * The human-readable form, each line prefixed `[S:session][P:prompt]` to tell interleaved sessions apart, in the
 * language of the catalogs (PARAGENTS_LANG, else the locale). Null: nothing to print.
 */
export function eventTextLine(e: EngineEvent, lang: Lang = 'en'): string | null {
  const t = translator(lang);
  const tag = `[S:${e.sessionName ?? e.sessionRef}]${e.promptRef ? `[P:${e.promptRef}]` : ''}`;
  const line = (text: string): string => `${tag} ${text}`;
  switch (e.type) {
    case 'session_created':
      return line(
        t('cli.event.created', {
          workspace: e.workspace,
          forked: e.forkedFrom ? t('cli.event.forked', { ref: e.forkedFrom.sessionRef }) : '',
          mode: e.mode && e.modeSource ? t('cli.event.withMode', { mode: modeText(t, e.mode, e.modeSource) }) : '',
        }),
      );
    case 'session_closed':
      return line(t('cli.event.closed'));
    case 'session_reopened':
      return line(t('cli.event.reopened'));
    case 'session_mode':
      return line(t('cli.event.mode', { mode: modeText(t, e.mode, e.modeSource) }));
    case 'session_model':
      return line(t('cli.event.model', { provider: e.chosenProvider ?? t('cli.event.defaultChoice'), effort: e.reasoningEffort ?? t('cli.event.defaultChoice') }));
    case 'prompt_queued':
      return line(t('cli.event.queued', { text: short(e.text) }));
    case 'prompt_status':
    case 'assistant_delta':
    case 'reasoning_delta':
    case 'usage':
    case 'language_changed':
    case 'sandbox_changed':
    case 'machine_state':
      return null;
    case 'turn_started':
      return line(t(e.resumed ? 'cli.event.resumed' : 'cli.event.started'));
    case 'assistant_message':
      return e.content.trim() ? line(t('cli.event.assistant', { text: short(e.content, 400) })) : null;
    case 'tool_call': {
      const d = e.decision;
      const why = d ? (d.rule ? t('cli.event.whyRule', { decision: d.decision, rule: d.rule, source: d.source }) : t('cli.event.why', { decision: d.decision })) : '';
      return line(t('cli.event.toolCall', { tool: e.tool, input: short(JSON.stringify(e.input)), why }));
    }
    case 'tool_result':
      return line(t(e.ok ? 'cli.event.toolOk' : 'cli.event.toolError', { tool: e.tool, output: short(e.ok ? (e.output ?? '') : e.errorMsg ? render(lang, e.errorMsg) : (e.error ?? '')) }));
    case 'approval_requested':
      return line(t('cli.event.waiting', { ref: e.approvalRef, tool: e.tool, input: short(JSON.stringify(e.input)), reason: shownText(lang, e.decision.reason, e.decision.reasonMsg) }));
    case 'approval_resolved':
      return line(t('cli.event.approval', { ref: e.approvalRef, status: t(`cli.event.approvalStatus.${e.status}`) }));
    case 'conflict':
      return line(t('cli.event.conflict', { kind: e.kind, other: e.otherSessionName ?? e.otherSessionRef ?? t('cli.event.anotherSession'), paths: e.paths.join(', ') }));
    case 'conflict_resolved':
      return line(t('cli.event.conflictResolved', { resolution: e.resolution }));
    case 'model_retry': {
      const cause = fallbackCause(e);
      if (cause !== null) return line(t('cli.event.fallback', { provider: e.provider, error: short(fallbackShown(lang, e, cause)) }));
      return line(t('cli.event.retry', { attempt: e.attempt, ms: e.delayMs, provider: e.provider, error: short(shownText(lang, e.error, e.errorMsg)) }));
    }
    case 'context_compacted': {
      const why = t(e.reason === 'auto' ? 'cli.event.compactedAuto' : e.reason === 'overflow' ? 'cli.event.compactedOverflow' : 'cli.event.compactedManual');
      const pruned = e.prunedToolOutputs > 0 ? t('cli.event.pruned', { count: e.prunedToolOutputs }) : '';
      const summary =
        e.summary !== null ? t('cli.event.summary', { tokens: e.summaryTokens }) : e.summaryError !== null ? t('cli.event.noSummary', { error: short(shownText(lang, e.summaryError, e.summaryErrorMsg)) }) : '';
      return line(t('cli.event.compacted', { why, before: e.tokensBefore, after: e.tokensAfter, pruned, summary }));
    }
    case 'turn_completed':
      return line(t('cli.event.completed', { content: short(e.content, 4000) }));
    case 'turn_failed':
      return line(t('cli.event.failed', { error: shownText(lang, e.error, e.errorMsg) }));
    case 'turn_cancelled':
      return line(t('cli.event.cancelled', { reason: shownText(lang, e.reason, e.reasonMsg) }));
    case 'budget_reached':
      return line(t('cli.event.budgetReached', { what: stopText(t, e), session: e.sessionName ?? e.sessionRef }));
    case 'session_budget':
      return line(e.budget ? t('cli.event.budget', { amount: amountText(t, e.budget.unit, e.budget.limit) }) : t('cli.event.noBudget'));
    case 'instructions_changed':
      return line(
        t('cli.event.instructions', {
          list:
            e.sources.length === 0
              ? t('cli.event.instructionsNone')
              : e.sources.map((x) => `${x.path}${x.truncated ? t('cli.event.truncated') : ''}`).join(', '),
        }),
      );
    case 'hook_ran':
      return line(render(lang, hookRanMsg(e)));
    case 'sandbox_violation':
      return line(t('sandbox.violation', { what: t(`sandbox.kind.${e.kind}`, { target: e.target }) }));
    case 'sandbox_off':
      return line(t('sandbox.off', { reason: shownText(lang, e.reason, e.reasonMsg) }));
    case 'agent_spawned':
      return line(t('cli.event.agentSpawned', { child: e.childRef, isolation: e.isolation, description: e.description }));
    case 'agent_waiting':
      return e.reason === 'max_children'
        ? line(t('cli.event.agentWaitingChildren', { child: e.childRef }))
        : line(t('cli.event.agentWaitingOutputs', { child: e.childRef, with: e.with.join(', '), paths: e.paths.join(', ') }));
    case 'agent_completed':
      return line(t('cli.event.agentCompleted', { child: e.childRef, outcome: e.outcome, files: e.files.join(', ') || '-' }));
    case 'integration_merged':
      return line(t('cli.event.integrationMerged', { child: e.childRef, files: e.files.join(', ') || '-' }));
    case 'integration_conflict':
      return line(t('cli.event.integrationConflict', { child: e.childRef, with: e.with.join(', ') || '-', files: e.files.join(', '), attempt: e.attempt }));
    case 'agent_child':
      return null;
    case 'plan_updated': {
      if (e.items.length === 0) return line(t('cli.event.planCleared'));
      const current = e.items.find((i) => i.status === 'in_progress') ?? e.items.find((i) => i.status === 'pending');
      const done = e.items.filter((i) => i.status === 'completed').length;
      return line(t('cli.event.planUpdated', { done, total: e.items.length, current: current?.content ?? '-' }));
    }
    case 'agent_setup':
      return line(t('agents.setupRan', { command: e.command, code: e.exitCode === null ? '-' : e.exitCode, output: e.output.trim() || '-' }));
    case 'mcp_server_state':
      return `[mcp:${e.server}] ${t(`cliTools.mcp.state.${e.state}`)}${e.pid !== null ? ` (pid ${e.pid})` : ''}${e.error ? `: ${short(shownText(lang, e.error, e.errorMsg))}` : ''}`;
    default:
      return missingCase(e);
  }
}
