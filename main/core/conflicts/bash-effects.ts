import { basename } from '../policy/shell/options';
import type { ShellWord } from '../policy/shell/types';
import type { ParsedShell } from '../policy/prepare';
import { bashWrites, type BashWrite } from './bash-writes';

/** What the conflict checks need to know about a Bash command, read by the policy's bash grammar analysis. */
export interface BashEffects {
  /** Files the command will create, overwrite, edit, move or delete (absolute; see bash-writes.ts). */
  writes: BashWrite[];
  /** Writes that cannot be known before the run (dynamic names, globs, a dynamic cd), with the reason. */
  unknown: string[];
  /** The simple command that must run alone in its folder (installs, git index operations, configured patterns). */
  exclusive: string | null;
  /** A git command that discards uncommitted work (checkout, reset --hard, stash, clean, restore). */
  destructiveGit: string | null;
}

const INSTALLERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const INSTALL_VERBS = new Set(['install', 'i', 'ci', 'add', 'remove', 'rm', 'uninstall', 'un', 'update', 'up', 'upgrade']);
const GIT_EXCLUSIVE = new Set([
  'add', 'commit', 'checkout', 'merge', 'rebase', 'reset', 'stash', 'switch', 'restore', 'pull', 'cherry-pick', 'revert',
  'am', 'apply', 'rm', 'mv', 'clean', 'tag', 'branch',
]);
const GIT_OPTS_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace']);

/** `git [global options] <sub> args…` → sub and args. */
function gitSub(argv: string[]): { sub: string; args: string[] } | null {
  let i = 1;
  while (i < argv.length) {
    const v = argv[i] as string;
    if (GIT_OPTS_WITH_VALUE.has(v)) i += 2;
    else if (v.startsWith('-')) i++;
    else break;
  }
  const sub = argv[i];
  if (sub === undefined) return null;
  return { sub, args: argv.slice(i + 1) };
}

export function destructiveGitOp(sub: string, args: string[]): boolean {
  const has = (...flags: string[]): boolean => args.some((a) => flags.includes(a));
  switch (sub) {
    case 'checkout':
      return true;
    case 'reset':
      return has('--hard', '--merge', '--keep');
    case 'stash':
      return !['list', 'show', 'branch', 'create'].includes(args[0] ?? '');
    case 'clean':
      return !has('-n', '--dry-run');
    case 'restore':
      return !(has('--staged', '-S') && !has('--worktree', '-W'));
    case 'switch':
      return has('-f', '--force', '--discard-changes');
    default:
      return false;
  }
}

/** A configured pattern: the command text, where `*` matches anything (`make deploy*`). */
export function matchesPattern(pattern: string, command: string): boolean {
  const re = new RegExp(`^${pattern.trim().split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(command.trim());
}

/** Exclusive and destructive-git readings of one argv (a simple command, or what a wrapper runs). */
function classify(argv: ShellWord[], patterns: readonly string[]): { exclusive: string | null; destructive: string | null } {
  const words = argv.map((w) => w.value ?? w.text);
  const text = words.join(' ');
  const name = basename(argv[0]?.value ?? '');
  let exclusive: string | null = null;
  let destructive: string | null = null;
  if (name === 'git') {
    const g = gitSub(words);
    if (g && GIT_EXCLUSIVE.has(g.sub) && !((g.sub === 'branch' || g.sub === 'tag') && g.args.length === 0)) exclusive = text;
    if (g && destructiveGitOp(g.sub, g.args)) destructive = text;
  }
  if (INSTALLERS.has(name) && (argv.length === 1 ? name === 'yarn' : INSTALL_VERBS.has(argv[1]?.value ?? ''))) exclusive ??= text;
  if (patterns.some((p) => matchesPattern(p, text))) exclusive ??= text;
  return { exclusive, destructive };
}

/**
 * Reads the command's parse (the policy's bash analysis with tree-sitter-bash, made once per call): every simple
 * command anywhere in the tree — lists, pipelines, subshells, `$( )`, heredocs fed to a shell, `bash -c '…'`,
 * `eval`, and what wrappers such as sudo, env, timeout and xargs run — each with the folder it runs in.
 *
 * Where the analysis cannot know, the gate stays as conservative as it was with its old tokenizer: a write
 * to a name only known at run time is not leased, locked or stale-checked (there is no path to check), and
 * an unparsable command contributes what tree-sitter's error recovery still finds (bash itself would not run
 * a line it cannot parse). The policy asks a person about such commands anyway.
 */
export function bashEffects(shell: ParsedShell, exclusivePatterns: readonly string[] = []): BashEffects {
  const { plan } = shell;
  const { writes, unknown } = bashWrites(plan);
  let exclusive: string | null = null;
  let destructiveGit: string | null = null;
  for (const part of plan.parts) {
    for (const argv of part.variants) {
      const c = classify(argv, exclusivePatterns);
      exclusive ??= c.exclusive;
      destructiveGit ??= c.destructive;
    }
  }
  // One entry per path; an edit anywhere in the command makes the path an edit.
  const byPath = new Map<string, BashWrite>();
  for (const w of writes) byPath.set(w.path, { path: w.path, edit: w.edit || (byPath.get(w.path)?.edit ?? false) });
  return { writes: [...byPath.values()], unknown, exclusive, destructiveGit };
}
