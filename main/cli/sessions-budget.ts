import { parseArgs } from 'node:util';
import { budgetStopText, budgetText, costText, parseBudget, type BudgetAction } from '../../shared/cost';
import { compactTokens } from '../../shared/token-format';
import type { SessionSummary } from '../../shared/models';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';
import { drivePrompts } from './drive-prompts';

export const SESSIONS_BUDGET_USAGE =
  'usage: paragents sessions budget SESSION [LIMIT | off] [--json]   (LIMIT: tokens like 200k, or dollars like $2)\n' +
  '       paragents sessions budget SESSION --raise LIMIT | --resume-once | --stop   (answers its prompt paused at a budget)';

/** "budget 200k tokens; used 12.3k tokens · $0.0123": a session's budget and what it used. */
export function budgetLine(s: SessionSummary): string {
  const money = costText(s.cost, s.usage.totalTokens);
  const used = `${compactTokens(s.usage.totalTokens)} tokens${money ? ` · ${money}` : ''}`;
  const stopped = s.budgetStop ? `; paused: ${budgetStopText(s.budgetStop)}` : '';
  return `${budgetText(s.budget)}; used ${used}${stopped}`;
}

/**
 * Shows or sets a session's budget, or answers its prompt paused at one (the panel's "Budget reached" card from
 * a terminal): `--raise LIMIT` sets a higher limit and `--resume-once` goes past it for that prompt, both following
 * the turn to its end like `paragents resume`; `--stop` cancels it.
 */
export async function runSessionsBudget(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, raise: { type: 'string' }, 'resume-once': { type: 'boolean' }, stop: { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents sessions budget: ${(e as Error).message}\n${SESSIONS_BUDGET_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const answers = [values.raise !== undefined, values['resume-once'] === true, values.stop === true].filter(Boolean).length;
  if (positionals.length < 1 || positionals.length > 2 || answers > 1 || (answers === 1 && positionals.length === 2)) {
    io.stderr(`paragents sessions budget: name one session, and either a limit or one answer\n${SESSIONS_BUDGET_USAGE}`);
    return EXIT_USAGE;
  }
  const [session, limitText] = positionals as [string, string | undefined];
  const setTo = limitText === undefined ? undefined : limitText === 'off' ? null : parseBudget(limitText);
  if (setTo === null && limitText !== 'off') {
    io.stderr(`paragents sessions budget: "${limitText}" is not a budget: give tokens (200k) or dollars ($2), or off\n${SESSIONS_BUDGET_USAGE}`);
    return EXIT_USAGE;
  }
  const raiseTo = values.raise === undefined ? undefined : parseBudget(values.raise);
  if (raiseTo === null) {
    io.stderr(`paragents sessions budget: --raise "${values.raise}" is not a limit: give tokens (200k) or dollars ($2)\n${SESSIONS_BUDGET_USAGE}`);
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
      if (!detail.ok) return fail(detail.error.message);
      const paused = detail.value.prompts.find((p) => p.status === 'paused');
      if (!paused || !detail.value.budgetStop) return fail(`session ${detail.value.ref} has no prompt paused at a budget`);
      if (raiseTo && raiseTo.unit !== detail.value.budgetStop.unit) {
        return fail(`the budget it stopped at is in ${detail.value.budgetStop.unit === 'usd' ? 'dollars ($2)' : 'tokens (200k)'}: --raise takes the same unit`);
      }
      if (action.kind === 'stop') {
        const r = await h['budget.resolve']({ prompt: paused.id, action });
        if (!r.ok) return fail(r.error.message);
        io.stdout(json ? JSON.stringify(r.value) : `prompt ${r.value.ref}: ${r.value.status}`);
        return EXIT_OK;
      }
      // The turn goes on: followed to its end like `paragents resume` (its events printed, its approvals asked).
      return drivePrompts(link, io, { json, approve: 'ask', onConflict: 'wait' }, interrupts, async (track) => {
        const r = await h['budget.resolve']({ prompt: paused.id, action });
        if (!r.ok) return fail(r.error.message);
        track(r.value);
        return null;
      });
    }
    const r = setTo !== undefined ? await h['session.setBudget']({ session, budget: setTo }) : await h['session.get']({ session });
    if (!r.ok) return fail(r.error.message);
    io.stdout(json ? JSON.stringify({ budget: r.value.budget ?? null, usage: r.value.usage, cost: r.value.cost, budgetStop: r.value.budgetStop ?? null }) : `${r.value.ref}: ${budgetLine(r.value)}`);
    return EXIT_OK;
  });
}
