import { parseArgs } from 'node:util';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

export const SESSIONS_FORK_USAGE = 'usage: paragents sessions fork SESSION [--name N] [--json]';

/** A new session with the same workspace, mode and model view as SESSION's finished turns; SESSION is not changed. */
export async function runSessionsFork(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' }, json: { type: 'boolean' } } });
  } catch (e) {
    io.stderr(`paragents sessions fork: ${(e as Error).message}\n${SESSIONS_FORK_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`paragents sessions fork: name one session\n${SESSIONS_FORK_USAGE}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'sessions fork', purpose: 'write' }, async (link) => {
    const r = await link.handlers['session.fork']({ session: positionals[0] as string, ...(values.name ? { name: values.name } : {}) });
    if (!r.ok) {
      io.stderr(`paragents sessions fork: ${r.error.message}`);
      return EXIT_USAGE;
    }
    const f = r.value;
    if (values.json) {
      io.stdout(JSON.stringify(f));
      return EXIT_OK;
    }
    const from = f.forkedFrom.name ?? f.forkedFrom.ref;
    const to = f.session.name ? `${f.session.ref} "${f.session.name}"` : f.session.ref;
    const left = f.skippedPrompts > 0 ? ` (${f.skippedPrompts} unfinished prompt${f.skippedPrompts === 1 ? '' : 's'} left out)` : '';
    io.stdout(
      `forked session ${from} into ${to}: ${f.prompts} finished prompt${f.prompts === 1 ? '' : 's'} and ${f.messages} message${f.messages === 1 ? '' : 's'} copied${left}`,
    );
    io.stdout(`workspace: ${f.session.workspace}`);
    if (f.sharedWorktree) {
      io.stdout(
        `note: ${from} is an isolated session; the fork works in the same worktree folder (${f.sharedWorktree}), not in a new one: ` +
          `changes either session makes there are seen by both, and the branch, diff and merge stay with ${from}`,
      );
    }
    if (f.session.name) io.stdout(`continue it: paragents run --session ${f.session.name} --workspace ${f.session.workspace} --prompt "…"`);
    return EXIT_OK;
  });
}
