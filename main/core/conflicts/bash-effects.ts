import { statSync } from 'node:fs';
import path from 'node:path';
import { simpleCommands, tokenizeShell, type ShellToken } from './shell-words';

type Word = Extract<ShellToken, { kind: 'word' }>;

/** What the conflict checks need to know about a Bash command (a deliberately simple reading). */
export interface BashEffects {
  /** Absolute paths the command will create, overwrite, move or delete: redirect targets and known writers. */
  writes: string[];
  /** The simple command that must run alone in its folder (installs, git index operations, configured patterns). */
  exclusive: string | null;
  /** A git command that discards uncommitted work (checkout, reset --hard, stash, clean, restore). */
  destructiveGit: string | null;
}

const WRAPPERS = new Set(['sudo', 'env', 'time', 'nohup', 'command', 'exec', 'nice', 'stdbuf', 'timeout']);
const INSTALLERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const INSTALL_VERBS = new Set(['install', 'i', 'ci', 'add', 'remove', 'rm', 'uninstall', 'un', 'update', 'up', 'upgrade']);
const GIT_EXCLUSIVE = new Set([
  'add', 'commit', 'checkout', 'merge', 'rebase', 'reset', 'stash', 'switch', 'restore', 'pull', 'cherry-pick', 'revert',
  'am', 'apply', 'rm', 'mv', 'clean', 'tag', 'branch',
]);
const GIT_OPTS_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace']);

/** Argument words of a simple command with env assignments and wrappers (`sudo`, `env X=1`, `timeout 5`) removed. */
function commandWords(words: Word[]): Word[] {
  let i = 0;
  while (i < words.length) {
    const w = words[i] as Word;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.value)) i++;
    else if (WRAPPERS.has(w.value)) {
      i++;
      while (i < words.length && ((words[i] as Word).value.startsWith('-') || /^\d+[smhd]?$/.test((words[i] as Word).value))) i++;
    } else break;
  }
  return words.slice(i);
}

/** `git [global options] <sub> args…` → sub and args. */
function gitSub(argv: Word[]): { sub: string; args: string[] } | null {
  let i = 1;
  while (i < argv.length) {
    const v = (argv[i] as Word).value;
    if (GIT_OPTS_WITH_VALUE.has(v)) i += 2;
    else if (v.startsWith('-')) i++;
    else break;
  }
  const sub = argv[i];
  if (!sub) return null;
  return { sub: sub.value, args: argv.slice(i + 1).map((w) => w.value) };
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

/** Positional words: flags removed, and the value after each flag in `withValue`. */
function positional(args: Word[], withValue: readonly string[] = []): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = (args[i] as Word).value;
    if (withValue.includes(v)) i++;
    else if (!v.startsWith('-') || v === '-') out.push(args[i] as Word);
  }
  return out;
}

/** The files a known writer changes (beyond redirects), relative to its cwd. */
function writerTargets(argv: Word[], cwd: string): string[] {
  const name = path.basename(argv[0]?.value ?? '');
  const args = argv.slice(1);
  const literal = (ws: Word[]): string[] => ws.filter((w) => !w.dynamic && w.value !== '-').map((w) => path.resolve(cwd, w.value));
  switch (name) {
    case 'tee':
    case 'touch':
    case 'rm':
      return literal(positional(args));
    case 'truncate':
      return literal(positional(args, ['-s', '-r']));
    case 'cp':
    case 'mv': {
      const plain = positional(args, ['-t', '-S']);
      if (plain.length < 2) return [];
      const dest = plain[plain.length - 1] as Word;
      const sources = plain.slice(0, -1);
      if (dest.dynamic) return name === 'mv' ? literal(sources) : [];
      const destAbs = path.resolve(cwd, dest.value);
      let destIsDir = dest.value.endsWith('/');
      try {
        destIsDir ||= statSync(destAbs).isDirectory();
      } catch {
        // a new destination
      }
      const targets = destIsDir ? sources.filter((s) => !s.dynamic).map((s) => path.join(destAbs, path.basename(s.value))) : [destAbs];
      return name === 'mv' ? [...targets, ...literal(sources)] : targets;
    }
    case 'sed': {
      if (!args.some((w) => /^-[a-zA-Z]*i/.test(w.value) || w.value.startsWith('--in-place'))) return [];
      const scripted = args.some((w) => w.value === '-e' || w.value === '-f');
      const plain = positional(args, ['-e', '-f']);
      return literal(scripted ? plain : plain.slice(1));
    }
    case 'dd':
      return args.filter((w) => w.value.startsWith('of=') && !w.dynamic).map((w) => path.resolve(cwd, w.value.slice(3)));
    default:
      return [];
  }
}

export function bashEffects(command: string, workspace: string, exclusivePatterns: readonly string[] = []): BashEffects {
  const writes = new Set<string>();
  let exclusive: string | null = null;
  let destructiveGit: string | null = null;
  let cwd: string | null = workspace;
  for (const cmd of simpleCommands(tokenizeShell(command, { comments: true }))) {
    const argv = commandWords(cmd.words);
    const text = argv.map((w) => w.value).join(' ');
    const name = path.basename(argv[0]?.value ?? '');
    if (cwd !== null) {
      for (const o of cmd.outputs) if (!o.dynamic && !o.value.startsWith('/dev/')) writes.add(path.resolve(cwd, o.value));
      for (const t of writerTargets(argv, cwd)) if (!t.startsWith('/dev/')) writes.add(t);
    }
    if (name === 'cd') {
      const to = argv[1];
      cwd = to === undefined ? null : to.dynamic || cwd === null ? null : path.resolve(cwd, to.value);
      continue;
    }
    if (name === 'git') {
      const g = gitSub(argv);
      if (g && GIT_EXCLUSIVE.has(g.sub) && !(g.sub === 'branch' && g.args.length === 0) && !(g.sub === 'tag' && g.args.length === 0)) {
        exclusive ??= text;
      }
      if (g && destructiveGitOp(g.sub, g.args)) destructiveGit ??= text;
    }
    if (INSTALLERS.has(name) && (argv.length === 1 ? name === 'yarn' : INSTALL_VERBS.has(argv[1]?.value ?? ''))) exclusive ??= text;
    if (exclusivePatterns.some((p) => matchesPattern(p, text))) exclusive ??= text;
  }
  return { writes: [...writes], exclusive, destructiveGit };
}
