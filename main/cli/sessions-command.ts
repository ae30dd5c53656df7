import { parseArgs } from 'node:util';
import { withoutMsgs } from './format';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';
import { compactTokens, contextMeterText } from '../../shared/token-format';
import { formatUsd } from '../../shared/cost';
import type { Translator } from '../../shared/i18n';
import type { SessionSummary } from '../../shared/models';
import { cliText, engineError, modeWords, parseArgsMessage } from './cli-text';
import { padEndColumns } from './text-width';
import { usage } from './usage';

export const SESSIONS_USAGE =
  'paragents sessions list [--all] [--json] | sessions show SESSION [--json|--markdown|--events|--context] | sessions fork SESSION [--name N] | sessions budget SESSION [LIMIT|off]';

export async function runSessionsCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  const text = cliText(io);
  const { t } = text;
  if (sub === 'show') return (await import('./sessions-show')).runSessionsShow(rest, io);
  if (sub === 'fork') return (await import('./sessions-fork')).runSessionsFork(rest, io);
  if (sub === 'budget') return (await import('./sessions-budget')).runSessionsBudget(rest, io);
  if (sub !== 'list') {
    io.stderr(usage(t, SESSIONS_USAGE));
    return EXIT_USAGE;
  }
  let values;
  try {
    ({ values } = parseArgs({ args: rest, options: { json: { type: 'boolean' }, all: { type: 'boolean' } } }));
  } catch (e) {
    io.stderr(`paragents sessions list: ${parseArgsMessage(text, e)}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'sessions list', purpose: 'read' }, async (link) => {
    const r = await link.handlers['session.list']({ includeClosed: values.all ?? false });
    if (!r.ok) {
      io.stderr(`paragents sessions list: ${engineError(io, r.error)}`);
      return EXIT_USAGE;
    }
    if (values.json) {
      for (const s of r.value) io.stdout(JSON.stringify(s, withoutMsgs));
    } else if (r.value.length === 0) {
      io.stdout(t('cliSessions.list.none'));
    } else {
      for (const { s, depth } of nested(r.value)) {
        const name = s.name ?? '-';
        const indent = '  '.repeat(depth);
        const fields = t('cliSessions.list.fields', { mode: modeWords(t, s.mode, s.modeSource), queue: s.queueLength, tokens: s.usage.totalTokens });
        const ctx = s.context ? t('cliSessions.list.context', { meter: contextMeterText(s.context) }) : '';
        // Columns by terminal width: a Chinese name or status takes two columns a character.
        io.stdout(`${indent}${s.ref}  ${padEndColumns(name, 16)} ${padEndColumns(t(`cliSessions.status.${s.status}`), 16)} ${fields}${costField(t, s)}${ctx}  ${s.workspace}`);
      }
    }
    return EXIT_OK;
  });
}

/**
 * ` cost=$0.0123` when any of the session's tokens had a price (` unpriced=1200` beside it for the tokens that had
 * none), ` budget=200k` or ` budget=$2.00`, and ` budget-reached` while a prompt waits at it.
 */
function costField(t: Translator, s: SessionSummary): string {
  const priced = s.cost && s.cost.unpricedTokens < s.usage.totalTokens;
  const unpriced = s.cost && s.cost.unpricedTokens > 0 ? t('cliSessions.list.unpriced', { tokens: s.cost.unpricedTokens }) : '';
  const cost = priced && s.cost ? t('cliSessions.list.cost', { cost: formatUsd(s.cost.usd), unpriced }) : '';
  const budget = s.budget ? t('cliSessions.list.budget', { amount: s.budget.unit === 'usd' ? formatUsd(s.budget.limit) : compactTokens(s.budget.limit) }) : '';
  const tree = s.treeCost ? t('cliSessions.list.treeCost', { cost: formatUsd(s.treeCost.usd) }) : '';
  return `${cost}${tree}${budget}${s.budgetStop ? t('cliSessions.list.budgetReached') : ''}`;
}

/**
 * Sessions in list order with each child right under its parent (in the order they were made), indented by depth. A
 * child whose parent is not in the list (closed and not asked for) stays at the top.
 */
export function nested(list: readonly SessionSummary[]): { s: SessionSummary; depth: number }[] {
  const refs = new Set(list.map((s) => s.ref));
  const children = new Map<string, SessionSummary[]>();
  for (const s of list) {
    if (s.parent && refs.has(s.parent)) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);
  }
  const out: { s: SessionSummary; depth: number }[] = [];
  const walk = (s: SessionSummary, depth: number): void => {
    out.push({ s, depth });
    const kids = [...(children.get(s.ref) ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const c of kids) walk(c, depth + 1);
  };
  for (const s of list) if (!(s.parent && refs.has(s.parent))) walk(s, 0);
  return out;
}
