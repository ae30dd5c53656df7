import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

export const JOURNAL_USAGE = `usage: paragents journal list [--session S] [--path P] [--json]
       paragents journal undo SESSION [--dry-run] [--json]`;

/** Who changed which file (the change journal), and undo of one session's writes. */
export async function runJournalCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'list' && sub !== 'undo') {
    io.stderr(JOURNAL_USAGE);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { session: { type: 'string' }, path: { type: 'string' }, json: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents journal: ${(e as Error).message}\n${JOURNAL_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (sub === 'undo' && positionals.length !== 1) {
    io.stderr(`paragents journal undo: name one session\n${JOURNAL_USAGE}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: `journal ${sub}`, purpose: sub === 'list' ? 'read' : 'write' }, async (link) => {
    if (sub === 'list') {
      const r = await link.handlers['journal.list']({
        ...(values.session ? { session: values.session } : {}),
        // Relative paths are the person's: resolved against the folder the command runs in.
        ...(values.path ? { path: values.session ? values.path : resolve(values.path) } : {}),
      });
      if (!r.ok) {
        io.stderr(`paragents journal list: ${r.error.message}`);
        return EXIT_USAGE;
      }
      if (values.json) for (const e of r.value) io.stdout(JSON.stringify(e));
      else if (r.value.length === 0) io.stdout('no recorded writes');
      else {
        for (const e of r.value) {
          const change = e.beforeSha === null ? 'created' : e.afterSha === null ? 'deleted' : 'changed';
          const undone = e.undoneAt ? ' (undone)' : '';
          io.stdout(`${e.createdAt}  ${e.sessionRef}  ${e.tool.padEnd(5)} ${change.padEnd(7)} ${e.path}${undone}`);
        }
      }
      return EXIT_OK;
    }
    const r = await link.handlers['journal.undo']({ session: positionals[0] as string, dryRun: values['dry-run'] ?? false });
    if (!r.ok) {
      io.stderr(`paragents journal undo: ${r.error.message}`);
      return EXIT_USAGE;
    }
    if (values.json) io.stdout(JSON.stringify(r.value));
    else {
      const verb = values['dry-run'] ? 'would ' : '';
      for (const p of r.value.restored) io.stdout(`${verb}restore ${p}`);
      for (const p of r.value.deleted) io.stdout(`${verb}delete ${p}`);
      for (const x of r.value.refused) io.stdout(`left alone ${x.path}: ${x.reason}`);
      if (r.value.restored.length + r.value.deleted.length + r.value.refused.length === 0) io.stdout('nothing to undo');
    }
    return r.value.refused.length > 0 ? EXIT_FAILED : EXIT_OK;
  });
}
