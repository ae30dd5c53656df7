import { parseArgs } from 'node:util';
import { withoutMsgs } from './format';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';
import { withEngine } from './with-engine';

export const SESSIONS_FORK_USAGE = 'paragents sessions fork SESSION [--name N] [--json]';

/** A new session with the same workspace, mode and model view as SESSION's finished turns; SESSION is not changed. */
export async function runSessionsFork(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' }, json: { type: 'boolean' } } });
  } catch (e) {
    io.stderr(`paragents sessions fork: ${parseArgsMessage(text, e)}\n${usage(t, SESSIONS_FORK_USAGE)}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`paragents sessions fork: ${t('cliSessions.nameOne')}\n${usage(t, SESSIONS_FORK_USAGE)}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'sessions fork', purpose: 'write' }, async (link) => {
    const r = await link.handlers['session.fork']({ session: positionals[0] as string, ...(values.name ? { name: values.name } : {}) });
    if (!r.ok) {
      io.stderr(`paragents sessions fork: ${engineError(io, r.error)}`);
      return EXIT_USAGE;
    }
    const f = r.value;
    if (values.json) {
      io.stdout(JSON.stringify(f, withoutMsgs));
      return EXIT_OK;
    }
    const from = f.forkedFrom.name ?? f.forkedFrom.ref;
    const to = f.session.name ? `${f.session.ref} "${f.session.name}"` : f.session.ref;
    const left = f.skippedPrompts > 0 ? t('cliSessions.fork.leftOut', { count: f.skippedPrompts }) : '';
    io.stdout(
      t('cliSessions.fork.done', {
        from,
        to,
        prompts: t('cliSessions.fork.prompts', { count: f.prompts }),
        messages: t('cliSessions.fork.messages', { count: f.messages }),
        left,
      }),
    );
    io.stdout(t('cliSessions.fork.workspace', { workspace: f.session.workspace }));
    if (f.sharedWorktree) io.stdout(t('cliSessions.fork.sharedWorktree', { from, folder: f.sharedWorktree }));
    if (f.session.name) io.stdout(t('cliSessions.fork.continue', { command: `paragents run --session ${f.session.name} --workspace ${f.session.workspace} --prompt "…"` }));
    return EXIT_OK;
  });
}
