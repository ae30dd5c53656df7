import { parseArgs } from 'node:util';
import { withoutMsgs } from './format';
import type { RequestOutput } from '../../shared/api';
import type { Translator } from '../../shared/i18n';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { padEndColumns } from './text-width';
import { usage } from './usage';
import { withEngine } from './with-engine';

export const WORKTREE_USAGE = `paragents worktree diff SESSION [--json]
paragents worktree merge SESSION [--preview] [--json]
paragents worktree remove SESSION [--force] [--json]`;

type Sub = 'diff' | 'merge' | 'remove';
const SUBS: readonly Sub[] = ['diff', 'merge', 'remove'];

/** `paragents worktree …`: review and merge back the work of a session created with `run --worktree`. */
export async function runWorktreeCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const worktreeUsage = usage(t, WORKTREE_USAGE);
  const [sub, ...rest] = argv;
  if (!sub || !SUBS.includes(sub as Sub)) {
    io.stderr(worktreeUsage);
    return EXIT_USAGE;
  }
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, preview: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (e) {
    io.stderr(`paragents worktree ${sub}: ${parseArgsMessage(text, e)}\n${worktreeUsage}`);
    return EXIT_USAGE;
  }
  const session = positionals[0];
  if (!session || positionals.length > 1 || (values.preview && sub !== 'merge') || (values.force && sub !== 'remove')) {
    io.stderr(`paragents worktree ${sub}: ${t('cliTools.worktree.oneSession', { sub })}\n${worktreeUsage}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: `worktree ${sub}`, purpose: 'write' }, async (link) => {
    const h = link.handlers;
    const r =
      sub === 'diff' ? await h['worktree.diff']({ session })
      : sub === 'merge' ? await h['worktree.merge']({ session, preview: values.preview ?? false })
      : await h['worktree.remove']({ session, force: values.force ?? false });
    if (!r.ok) {
      io.stderr(`paragents worktree ${sub}: ${engineError(io, r.error)}`);
      return r.error.kind === 'not_found' || r.error.kind === 'ambiguous' ? EXIT_USAGE : EXIT_FAILED;
    }
    if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
    else if ('diff' in r.value) printDiff(io, t, r.value);
    else if ('merged' in r.value) printMerge(io, t, r.value);
    else {
      const committed = r.value.committed ? t('cliTools.worktree.committed', { commit: r.value.committed.slice(0, 12) }) : '';
      const branch = t(r.value.branchDeleted ? 'cliTools.worktree.branchDeleted' : 'cliTools.worktree.branchKept');
      io.stdout(t('cliTools.worktree.removed', { branch: r.value.branch, fate: branch, committed }));
    }
    return 'merged' in r.value && r.value.preview && !r.value.clean ? EXIT_FAILED : EXIT_OK;
  });
}

function printDiff(io: CliIo, t: Translator, d: RequestOutput<'worktree.diff'>): void {
  io.stdout(
    t('cliTools.worktree.diff', {
      branch: d.branch,
      base: d.baseRef ?? t('cliTools.worktree.itsBase'),
      commit: d.base.slice(0, 12),
      count: d.files.length,
      uncommitted: d.uncommitted ? t('cliTools.worktree.uncommitted') : '',
    }),
  );
  for (const f of d.files) io.stdout(`  ${padEndColumns(t(`cliTools.worktree.change.${f.change}`), 12)} ${f.path}`);
  if (d.diff) io.stdout(d.diff.replace(/\n$/, ''));
  if (d.truncated) io.stdout(t('cliTools.worktree.truncated'));
}

function printMerge(io: CliIo, t: Translator, m: RequestOutput<'worktree.merge'>): void {
  const names = { branch: m.branch, base: m.baseRef };
  const list = (paths: readonly string[]): string => paths.map((p) => `  ${p}`).join('\n');
  if (m.upToDate) io.stdout(t('cliTools.worktree.upToDate', names));
  else if (!m.clean) io.stdout(`${t('cliTools.worktree.wouldConflict', names)}\n${list(m.conflicts)}`);
  else if (m.preview) io.stdout(`${t('cliTools.worktree.clean', { ...names, count: m.files.length })}\n${list(m.files)}`);
  else io.stdout(t('cliTools.worktree.merged', { ...names, commit: m.mergeCommit?.slice(0, 12) ?? '?', count: m.files.length }));
}
