import { parseArgs } from 'node:util';
import type { RequestOutput } from '../../shared/api';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

export const WORKTREE_USAGE = `usage: paragents worktree diff SESSION [--json]
       paragents worktree merge SESSION [--preview] [--json]
       paragents worktree remove SESSION [--force] [--json]`;

type Sub = 'diff' | 'merge' | 'remove';
const SUBS: readonly Sub[] = ['diff', 'merge', 'remove'];

/** `paragents worktree …`: review and merge back the work of a session created with `run --worktree`. */
export async function runWorktreeCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || !SUBS.includes(sub as Sub)) {
    io.stderr(WORKTREE_USAGE);
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
    io.stderr(`paragents worktree ${sub}: ${(e as Error).message}\n${WORKTREE_USAGE}`);
    return EXIT_USAGE;
  }
  const session = positionals[0];
  if (!session || positionals.length > 1 || (values.preview && sub !== 'merge') || (values.force && sub !== 'remove')) {
    io.stderr(`paragents worktree ${sub}: expected one SESSION (name or ref) and only the options of ${sub}\n${WORKTREE_USAGE}`);
    return EXIT_USAGE;
  }
  return withEngine(io, { name: `worktree ${sub}`, purpose: 'write' }, async (link) => {
    const h = link.handlers;
    const r =
      sub === 'diff' ? await h['worktree.diff']({ session })
      : sub === 'merge' ? await h['worktree.merge']({ session, preview: values.preview ?? false })
      : await h['worktree.remove']({ session, force: values.force ?? false });
    if (!r.ok) {
      io.stderr(`paragents worktree ${sub}: ${r.error.message}`);
      return r.error.kind === 'not_found' || r.error.kind === 'ambiguous' ? EXIT_USAGE : EXIT_FAILED;
    }
    if (values.json) io.stdout(JSON.stringify(r.value));
    else if ('diff' in r.value) printDiff(io, r.value);
    else if ('merged' in r.value) printMerge(io, r.value);
    else io.stdout(`removed the worktree of ${r.value.branch}; branch ${r.value.branchDeleted ? 'deleted (merged)' : 'kept'}${r.value.committed ? `; uncommitted files committed as ${r.value.committed.slice(0, 12)}` : ''}`);
    return 'merged' in r.value && r.value.preview && !r.value.clean ? EXIT_FAILED : EXIT_OK;
  });
}

function printDiff(io: CliIo, d: RequestOutput<'worktree.diff'>): void {
  io.stdout(`${d.branch} against ${d.baseRef ?? 'its base'} (${d.base.slice(0, 12)}): ${d.files.length} file(s)${d.uncommitted ? ', with uncommitted changes' : ''}`);
  for (const f of d.files) io.stdout(`  ${f.change.padEnd(12)} ${f.path}`);
  if (d.diff) io.stdout(d.diff.replace(/\n$/, ''));
  if (d.truncated) io.stdout('… (diff truncated)');
}

function printMerge(io: CliIo, m: RequestOutput<'worktree.merge'>): void {
  const what = `${m.branch} into ${m.baseRef}`;
  if (m.upToDate) io.stdout(`nothing to merge: ${m.baseRef} already contains ${m.branch}`);
  else if (!m.clean) io.stdout(`merging ${what} would conflict in:\n${m.conflicts.map((p) => `  ${p}`).join('\n')}`);
  else if (m.preview) io.stdout(`merging ${what} is clean; it changes ${m.files.length} file(s):\n${m.files.map((p) => `  ${p}`).join('\n')}`);
  else io.stdout(`merged ${what} as ${m.mergeCommit?.slice(0, 12) ?? '?'} (${m.files.length} file(s))`);
}
