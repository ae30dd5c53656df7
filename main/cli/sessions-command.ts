import { parseArgs } from 'node:util';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';
import { compactTokens, contextMeterText } from '../../shared/token-format';
import { formatUsd } from '../../shared/cost';
import type { SessionSummary } from '../../shared/models';
import { modeText } from '../../shared/session-mode';

export async function runSessionsCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'show') return (await import('./sessions-show')).runSessionsShow(rest, io);
  if (sub === 'fork') return (await import('./sessions-fork')).runSessionsFork(rest, io);
  if (sub === 'budget') return (await import('./sessions-budget')).runSessionsBudget(rest, io);
  if (sub !== 'list') {
    io.stderr('usage: paragents sessions list [--all] [--json] | sessions show SESSION [--json|--markdown|--events|--context] | sessions fork SESSION [--name N] | sessions budget SESSION [LIMIT|off]');
    return EXIT_USAGE;
  }
  let values;
  try {
    ({ values } = parseArgs({ args: rest, options: { json: { type: 'boolean' }, all: { type: 'boolean' } } }));
  } catch (e) {
    io.stderr(`paragents sessions list: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'sessions list', purpose: 'read' }, async (link) => {
    const r = await link.handlers['session.list']({ includeClosed: values.all ?? false });
    if (!r.ok) {
      io.stderr(`paragents sessions list: ${r.error.message}`);
      return EXIT_USAGE;
    }
    if (values.json) {
      for (const s of r.value) io.stdout(JSON.stringify(s));
    } else if (r.value.length === 0) {
      io.stdout('no sessions');
    } else {
      for (const s of r.value) {
        const name = s.name ?? '-';
        io.stdout(`${s.ref}  ${name.padEnd(16)} ${s.status.padEnd(16)} mode=${modeText(s.mode, s.modeSource)} queue=${s.queueLength} tokens=${s.usage.totalTokens}${costField(s)}${s.context ? ` ctx=${contextMeterText(s.context)}` : ''}  ${s.workspace}`);
      }
    }
    return EXIT_OK;
  });
}

/**
 * ` cost=$0.0123` when any of the session's tokens had a price (` unpriced=1200` beside it for the tokens that had
 * none), ` budget=200k` or ` budget=$2.00`, and ` budget-reached` while a prompt waits at it.
 */
function costField(s: SessionSummary): string {
  const priced = s.cost && s.cost.unpricedTokens < s.usage.totalTokens;
  const cost = priced && s.cost ? ` cost=${formatUsd(s.cost.usd)}${s.cost.unpricedTokens > 0 ? ` unpriced=${s.cost.unpricedTokens}` : ''}` : '';
  const budget = s.budget ? ` budget=${s.budget.unit === 'usd' ? formatUsd(s.budget.limit) : compactTokens(s.budget.limit)}` : '';
  return `${cost}${budget}${s.budgetStop ? ' budget-reached' : ''}`;
}
