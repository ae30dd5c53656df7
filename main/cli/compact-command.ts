import { parseArgs } from 'node:util';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

export const COMPACT_USAGE = 'usage: paragents compact SESSION [--focus TEXT] [--json]';

/** Compacts a session's model view now: old tool outputs pruned, older turns summarised, every prompt kept. */
export async function runCompactCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { focus: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  } catch (e) {
    io.stderr(`paragents compact: ${(e as Error).message}\n${COMPACT_USAGE}`);
    return EXIT_USAGE;
  }
  const [session, ...extra] = parsed.positionals;
  if (!session || extra.length > 0) {
    io.stderr(`paragents compact: give exactly one session\n${COMPACT_USAGE}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'compact', purpose: 'write' }, async (link) => {
    const r = await link.handlers['session.compact']({ session, ...(parsed.values.focus ? { focus: parsed.values.focus } : {}) });
    if (!r.ok) {
      io.stderr(`paragents compact: ${r.error.message}`);
      return r.error.kind === 'not_found' || r.error.kind === 'invalid_input' ? EXIT_USAGE : EXIT_FAILED;
    }
    const c = r.value;
    if (parsed.values.json) io.stdout(JSON.stringify(c));
    else if (!c.compacted) io.stdout(`nothing to compact: the view is ${c.tokensAfter} tokens`);
    else {
      io.stdout(`compacted: ${c.tokensBefore} → ${c.tokensAfter} tokens, ${c.prunedToolOutputs} tool outputs pruned, summary ${c.summaryTokens} tokens`);
      if (c.summaryError) io.stdout(`no new summary (${c.summaryError}); older turns were pruned instead`);
    }
    return EXIT_OK;
  });
}
