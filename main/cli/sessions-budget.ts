import { parseArgs } from 'node:util';
import { formatUsd, parseBudget, type BudgetAction } from '../../shared/cost';
import { translator, type Translator } from '../../shared/i18n';
import { compactTokens } from '../../shared/token-format';
import type { SessionSummary } from '../../shared/models';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { amountText, stopText, withoutMsgs } from './format';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';
import { withEngine } from './with-engine';
import { drivePrompts } from './drive-prompts';

export const SESSIONS_BUDGET_USAGE = `paragents sessions budget SESSION [LIMIT | off] [--json]
paragents sessions budget SESSION --raise LIMIT | --resume-once | --stop`;

/** The budget usage with what LIMIT is and what the answers do. */
const budgetUsage = (t: Translator): string => usage(t, SESSIONS_BUDGET_USAGE, [t('cliHelp.budgetLimitNote'), t('cliHelp.budgetAnswerNote')]);

/** "budget 200k tokens; used 12.3k tokens · $0.0123": a session's budget and what it used. */
export function budgetLine(s: SessionSummary, t: Translator = translator('en')): string {
  const total = s.usage.totalTokens;
  const c = s.cost && total > 0 && s.cost.unpricedTokens < total ? s.cost : null;
  const money = c ? (c.unpricedTokens > 0 ? t('budget.unpriced', { money: formatUsd(c.usd), tokens: compactTokens(c.unpricedTokens) }) : formatUsd(c.usd)) : null;
  const tokens = t('budget.tokens', { tokens: compactTokens(total) });
  const used = money ? t('budget.withMoney', { tokens, money }) : tokens;
  const stopped = s.budgetStop ? t('cliSessions.budget.paused', { what: stopText(t, s.budgetStop) }) : '';
  const budget = s.budget ? t('cli.event.budget', { amount: amountText(t, s.budget.unit, s.budget.limit) }) : t('cli.event.noBudget');
  return t('cliSessions.budget.line', { budget, used, stopped });
}

/**
 * Shows or sets a session's budget, or answers its prompt paused at one (the panel's "Budget reached" card from
 * a terminal): `--raise LIMIT` sets a higher limit and `--resume-once` goes past it for that prompt, both following
 * the turn to its end like `paragents resume`; `--stop` cancels it.
 */
export async function runSessionsBudget(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, raise: { type: 'string' }, 'resume-once': { type: 'boolean' }, stop: { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents sessions budget: ${parseArgsMessage(text, e)}\n${budgetUsage(t)}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const answers = [values.raise !== undefined, values['resume-once'] === true, values.stop === true].filter(Boolean).length;
  if (positionals.length < 1 || positionals.length > 2 || answers > 1 || (answers === 1 && positionals.length === 2)) {
    io.stderr(`paragents sessions budget: ${t('cliSessions.budget.nameOne')}\n${budgetUsage(t)}`);
    return EXIT_USAGE;
  }
  const [session, limitText] = positionals as [string, string | undefined];
  const setTo = limitText === undefined ? undefined : limitText === 'off' ? null : parseBudget(limitText);
  if (setTo === null && limitText !== 'off') {
    io.stderr(`paragents sessions budget: ${t('cliSessions.budget.notBudget', { limit: limitText ?? '' })}\n${budgetUsage(t)}`);
    return EXIT_USAGE;
  }
  const raiseTo = values.raise === undefined ? undefined : parseBudget(values.raise);
  if (raiseTo === null) {
    io.stderr(`paragents sessions budget: ${t('cliSessions.budget.notLimit', { limit: values.raise ?? '' })}\n${budgetUsage(t)}`);
    return EXIT_USAGE;
  }
  const action: BudgetAction | null = raiseTo
    ? { kind: 'raise', limit: raiseTo.limit }
    : values['resume-once']
      ? { kind: 'resume_once' }
      : values.stop
        ? { kind: 'stop' }
        : null;

  const json = values.json ?? false;
  const purpose = limitText === undefined && !action ? 'read' : 'write';
  return withEngine(io, { name: 'sessions budget', purpose, drivesPrompts: action !== null }, async (link, interrupts) => {
    const h = link.handlers;
    const fail = (message: string): number => {
      io.stderr(`paragents sessions budget: ${message}`);
      return EXIT_USAGE;
    };
    if (action) {
      const detail = await h['session.get']({ session });
      if (!detail.ok) return fail(engineError(io, detail.error));
      const paused = detail.value.prompts.find((p) => p.status === 'paused');
      if (!paused || !detail.value.budgetStop) return fail(t('cliSessions.budget.notPaused', { ref: detail.value.ref }));
      if (raiseTo && raiseTo.unit !== detail.value.budgetStop.unit) {
        return fail(t(detail.value.budgetStop.unit === 'usd' ? 'cliSessions.budget.sameUnitUsd' : 'cliSessions.budget.sameUnitTokens'));
      }
      if (action.kind === 'stop') {
        const r = await h['budget.resolve']({ prompt: paused.id, action });
        if (!r.ok) return fail(engineError(io, r.error));
        io.stdout(json ? JSON.stringify(r.value, withoutMsgs) : t('cliSessions.budget.prompt', { ref: r.value.ref, status: t(`cliSessions.promptStatus.${r.value.status}`) }));
        return EXIT_OK;
      }
      // The turn goes on: followed to its end like `paragents resume` (its events printed, its approvals asked).
      return drivePrompts(link, io, { json, approve: 'ask', onConflict: 'wait' }, interrupts, async (track) => {
        const r = await h['budget.resolve']({ prompt: paused.id, action });
        if (!r.ok) return fail(engineError(io, r.error));
        track(r.value);
        return null;
      });
    }
    const r = setTo !== undefined ? await h['session.setBudget']({ session, budget: setTo }) : await h['session.get']({ session });
    if (!r.ok) return fail(engineError(io, r.error));
    io.stdout(json ? JSON.stringify({ budget: r.value.budget ?? null, usage: r.value.usage, cost: r.value.cost, budgetStop: r.value.budgetStop ?? null }) : `${r.value.ref}: ${budgetLine(r.value, t)}`);
    return EXIT_OK;
  });
}
