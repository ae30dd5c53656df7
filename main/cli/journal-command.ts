import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cliText, engineError, parseArgsMessage, timeText } from './cli-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { displayWidth, padEndColumns } from './text-width';
import { usage } from './usage';
import { withEngine } from './with-engine';
import { withoutMsgs } from './format';
import { shownText } from '../../shared/i18n';

export const JOURNAL_USAGE = `paragents journal list [--session S] [--path P] [--json]
paragents journal undo SESSION [--dry-run] [--json]`;

/** Who changed which file (the change journal), and undo of one session's writes. */
export async function runJournalCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const journalUsage = usage(t, JOURNAL_USAGE);
  const [sub, ...rest] = argv;
  if (sub !== 'list' && sub !== 'undo') {
    io.stderr(journalUsage);
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
    io.stderr(`paragents journal: ${parseArgsMessage(text, e)}\n${journalUsage}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (sub === 'undo' && positionals.length !== 1) {
    io.stderr(`paragents journal undo: ${t('cliSessions.nameOne')}\n${journalUsage}`);
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
        io.stderr(`paragents journal list: ${engineError(io, r.error)}`);
        return EXIT_USAGE;
      }
      if (values.json) for (const e of r.value) io.stdout(JSON.stringify(e, withoutMsgs));
      else if (r.value.length === 0) io.stdout(t('commands.out.noWrites'));
      else {
        // The change column is as wide as its widest word in the language (by terminal columns).
        const words = { created: t('commands.out.change.created'), deleted: t('commands.out.change.deleted'), changed: t('commands.out.change.changed') };
        const width = Math.max(7, ...Object.values(words).map(displayWidth));
        // Times as the language writes them, padded to the widest (English keeps the ISO text).
        const when = r.value.map((e) => timeText(text, e.createdAt));
        const whenWidth = Math.max(...when.map(displayWidth));
        for (const [i, e] of r.value.entries()) {
          const change = e.beforeSha === null ? words.created : e.afterSha === null ? words.deleted : words.changed;
          const undone = e.undoneAt ? t('commands.out.undone') : '';
          io.stdout(`${padEndColumns(when[i] ?? e.createdAt, whenWidth)}  ${e.sessionRef}  ${e.tool.padEnd(5)} ${padEndColumns(change, width)} ${e.path}${undone}`);
        }
      }
      return EXIT_OK;
    }
    const r = await link.handlers['journal.undo']({ session: positionals[0] as string, dryRun: values['dry-run'] ?? false });
    if (!r.ok) {
      io.stderr(`paragents journal undo: ${engineError(io, r.error)}`);
      return EXIT_USAGE;
    }
    if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
    else {
      const dry = values['dry-run'] ?? false;
      for (const p of r.value.restored) io.stdout(t(dry ? 'commands.out.wouldRestore' : 'commands.out.restore', { path: p }));
      for (const p of r.value.deleted) io.stdout(t(dry ? 'commands.out.wouldDelete' : 'commands.out.delete', { path: p }));
      for (const x of r.value.refused) io.stdout(t('commands.out.leftAlone', { path: x.path, reason: shownText(text.lang, x.reason, x.reasonMsg) }));
      if (r.value.restored.length + r.value.deleted.length + r.value.refused.length === 0) io.stdout(t('cliTools.journal.nothing'));
    }
    return r.value.refused.length > 0 ? EXIT_FAILED : EXIT_OK;
  });
}
