import path from 'node:path';
import { msg, type Msg } from '../../../../shared/i18n/message';
import { dynamicReason, fileAccess, optionFileAccess, programReason, runsProgram } from './option-tables/effects';
import { GIT_SUBCOMMAND_OPTIONS } from './option-tables/git';
import { isRisky } from './option-tables';
import { scanTable } from './option-tables/scan';
import { basename } from './options';
import type { FileAccess, ShellWord } from './types';

/** Why a `git ...` rule granted for the workspace does not cover this git command. */
export interface GitReasons {
  /** Git runs in a folder outside the workspace (after `cd`): no rule covers it, the command asks. */
  forceAsk: Msg | null;
  /** Git is pointed at another repository or given configuration on the command line: only an exact rule allows it. */
  neverPrefix: Msg | null;
  /** Files the subcommand's options and operands write or read (`log --output=FILE`, `diff --no-index A B`). */
  files: FileAccess[];
}

/** Global options whose argument is a separate word and changes nothing about which repository git uses. */
const HARMLESS_VALUE_OPTIONS = new Set(['--namespace', '--attr-source', '--super-prefix', '--list-cmds']);

/** `git config` forms that only read. */
const CONFIG_READS = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', '--show-origin', '--show-scope']);

export function isInside(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function subcommandReason(sub: string, args: ShellWord[]): Msg | null {
  if (sub === 'config') {
    const values = args.map((w) => w.value);
    if (values.some((v) => v === null)) return msg('reasons.gitConfigRuntime');
    const operands = values.filter((v) => !(v as string).startsWith('-'));
    const reads = values.some((v) => CONFIG_READS.has(v as string)) || ['get', 'list'].includes(operands[0] ?? '');
    if (reads || (operands.length === 1 && !values.some((v) => v !== null && /^--(unset|add|replace|edit|rename|remove)|^-e$/.test(v)))) return null;
    return msg('reasons.gitConfigChanges');
  }
  if (sub === 'submodule' && args.some((w) => w.value === 'foreach')) return msg('reasons.gitRunsCommand', { what: 'git submodule foreach' });
  if (sub === 'bisect' && args[0]?.value === 'run') return msg('reasons.gitRunsCommand', { what: 'git bisect run' });
  return null;
}

const FILE_OPS = { read: 'read', write: 'write', readwrite: 'readwrite', writeDir: 'write' } as const;

/**
 * What a subcommand's options do, read with its table (option-tables/git.ts): options that name a program make
 * it exact-rule-only, options that name files (`log --output=FILE`, `format-patch -o DIR`) and the operands of
 * `diff --no-index` and `bundle create` are file accesses checked like redirections. `dir` is where git runs.
 */
function subcommandOptions(sub: string, args: ShellWord[], dir: string | null): { neverPrefix: Msg | null; files: FileAccess[] } {
  const out: { neverPrefix: Msg | null; files: FileAccess[] } = { neverPrefix: null, files: [] };
  // `git stash show` takes the options of `git show`.
  const name = sub === 'stash' && args[0]?.value === 'show' ? 'show' : sub;
  const rest = name === sub ? args : args.slice(1);
  if (sub === 'bundle' && args[0]?.value === 'create' && args[1]) {
    out.files.push(fileAccess('write', args[1], dir, 'git bundle create'));
  }
  const table = GIT_SUBCOMMAND_OPTIONS[name];
  if (!table || !Object.hasOwn(GIT_SUBCOMMAND_OPTIONS, name)) return out;
  const what = `git ${sub === name ? sub : `${sub} ${name}`}`;
  const scan = scanTable(what, table, rest);
  for (const use of scan.uses) {
    if (runsProgram(use)) {
      out.neverPrefix ??=
        use.rule.role === 'programFlag' ? programReason(`${what} ${use.spelled}`, 'program') : msg('reasons.gitNamesProgram', { what: `${what} ${use.spelled}` });
      continue;
    }
    const role = use.rule.role;
    if (use.value !== null && (role === 'read' || role === 'write' || role === 'readwrite' || role === 'writeDir')) {
      out.files.push(optionFileAccess(FILE_OPS[role], use.value, dir, `${what} ${use.spelled}`, role === 'writeDir'));
    }
  }
  if (scan.dynamic !== null && isRisky(table)) out.neverPrefix ??= dynamicReason(what);
  if (name === 'diff') {
    // Two paths, one outside the repository, make `git diff` compare files as `--no-index` does.
    const operands = scan.operands.map((o) => o.word);
    if (scan.uses.some((u) => u.name === 'no-index') || operands.length === 2) {
      for (const w of operands) out.files.push(fileAccess('read', w, dir, 'git diff'));
    }
  }
  return out;
}

/**
 * A git rule granted for the workspace (`Bash(git *)`, `Bash(git status)`) is about the workspace's repository.
 * Git that runs elsewhere (a `cd` out of the workspace, `-C`, `--git-dir`, `--work-tree`, `--bare`) or that is
 * given configuration on the command line (`-c`, `--config-env`, `--exec-path=`: config can name a pager, an
 * fsmonitor or an alias that runs anything) is something else. `cwd` is where the command runs (null when a
 * dynamic `cd` hides it); `appended` says more arguments come from elsewhere (xargs).
 */
export function gitReasons(argv: ShellWord[], cwd: string | null, workspace: string, appended: boolean): GitReasons {
  const reasons: GitReasons = { forceAsk: null, neverPrefix: null, files: [] };
  const program = argv[0]?.value;
  if (program === null || program === undefined || basename(program) !== 'git') return reasons;
  if (cwd === null) reasons.forceAsk = msg('reasons.gitRuntimeFolder');
  else if (!isInside(workspace, cwd)) reasons.forceAsk = msg('reasons.gitOutside', { cwd });
  const never = (why: Msg): void => {
    reasons.neverPrefix ??= why;
  };
  let dir = cwd;
  let movedBy: string | null = null;
  let i = 1;
  for (; i < argv.length; i++) {
    const v = (argv[i] as ShellWord).value;
    if (v === null) {
      never(msg('reasons.gitOptionsRuntime'));
      return reasons;
    }
    if (!v.startsWith('-')) break;
    const inline = v.startsWith('--') && v.includes('=');
    const name = inline ? v.slice(0, v.indexOf('=')) : v;
    if (v.startsWith('-C')) {
      const target = v === '-C' ? (argv[++i]?.value ?? null) : v.slice(2);
      movedBy = `git -C ${target ?? '(unknown)'}`;
      dir = target === null || dir === null ? null : path.resolve(dir, target);
    } else if (v.startsWith('-c') || name === '--config-env') {
      never(msg('reasons.gitSetsConfig', { what: `git ${v.startsWith('-c') ? '-c' : name}` }));
      if (!inline && (v === '-c' || v === '--config-env')) i++;
    } else if (name === '--git-dir' || name === '--work-tree') {
      never(msg('reasons.gitOtherRepo', { what: `git ${name}` }));
      if (!inline) i++;
    } else if (name === '--exec-path' && inline) {
      never(msg('reasons.gitExecPath'));
    } else if (name === '--bare') {
      never(msg('reasons.gitBare'));
    } else if (HARMLESS_VALUE_OPTIONS.has(name) && !inline) {
      i++;
    }
  }
  if (movedBy !== null && (dir === null || !isInside(workspace, dir))) never(msg('reasons.runsInOtherRepo', { what: movedBy }));
  const sub = argv[i]?.value;
  if (sub === undefined) {
    if (appended) never(msg('reasons.xargsGit'));
    return reasons;
  }
  if (sub === null) {
    never(msg('reasons.gitSubcommandRuntime'));
    return reasons;
  }
  const why = subcommandReason(sub, argv.slice(i + 1));
  if (why) never(why);
  const options = subcommandOptions(sub, argv.slice(i + 1), dir);
  if (options.neverPrefix) never(options.neverPrefix);
  reasons.files = options.files;
  return reasons;
}
