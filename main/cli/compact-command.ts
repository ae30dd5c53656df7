import { parseArgs } from 'node:util';
import { withoutMsgs } from './format';
import { cliText, countText, engineError, parseArgsMessage } from './cli-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';
import { withEngine } from './with-engine';

export const COMPACT_USAGE = 'paragents compact SESSION [--focus TEXT] [--json]';

/** Compacts a session's model view now: old tool outputs pruned, older turns summarised, every prompt kept. */
export async function runCompactCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const n = (value: number): string => countText(text, value);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { focus: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  } catch (e) {
    io.stderr(`paragents compact: ${parseArgsMessage(text, e)}\n${usage(t, COMPACT_USAGE)}`);
    return EXIT_USAGE;
  }
  const [session, ...extra] = parsed.positionals;
  if (!session || extra.length > 0) {
    io.stderr(`paragents compact: ${t('cliSessions.compact.oneSession')}\n${usage(t, COMPACT_USAGE)}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'compact', purpose: 'write' }, async (link) => {
    const r = await link.handlers['session.compact']({ session, ...(parsed.values.focus ? { focus: parsed.values.focus } : {}) });
    if (!r.ok) {
      io.stderr(`paragents compact: ${engineError(io, r.error)}`);
      return r.error.kind === 'not_found' || r.error.kind === 'invalid_input' ? EXIT_USAGE : EXIT_FAILED;
    }
    const c = r.value;
    if (parsed.values.json) io.stdout(JSON.stringify(c, withoutMsgs));
    else if (!c.compacted) io.stdout(t('cliSessions.compact.nothing', { tokens: n(c.tokensAfter) }));
    else {
      io.stdout(t('cliSessions.compact.done', { before: n(c.tokensBefore), after: n(c.tokensAfter), pruned: n(c.prunedToolOutputs), summary: n(c.summaryTokens) }));
      if (c.summaryError) io.stdout(t('cliSessions.compact.noSummary', { error: c.summaryError }));
    }
    return EXIT_OK;
  });
}
