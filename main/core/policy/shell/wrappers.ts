import { msg, type Msg } from '../../../../shared/i18n/message';
import { basename, scanOptions, type OptionSpec } from './options';
import type { Assignment, ShellWord } from './types';

/**
 * The folder a wrapped command runs in: the wrapper's own (null), one named by an option (`env -C DIR`), or
 * 'unknown' (a new root folder, as with chroot, gives every path another meaning).
 */
export type WrappedDir = ShellWord | 'unknown' | null;

/** What a wrapper command runs: another argv, a code string, or nothing it can see. */
export type Unwrapped =
  | { kind: 'argv'; argv: ShellWord[]; env: Assignment[]; dir: WrappedDir }
  | { kind: 'code'; code: ShellWord[]; env: Assignment[]; dir: WrappedDir }
  | { kind: 'none' }
  | { kind: 'unknown'; reason: Msg };

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface WrapperSpec extends OptionSpec {
  /** Operands to skip before the command (timeout's duration, taskset's mask, chroot's root). */
  skip?: number;
  /** Options whose argument is code run by a shell. */
  codeOptions?: string[];
  /** Options after which there is no command (pid modes, listings). */
  noCommand?: string[];
  /** NAME=value operands before the command set the environment (env, sudo). */
  envOperands?: boolean;
  /** Options that run the command in another folder. */
  chdirOptions?: string[];
  /** The command runs under another root folder (always, or with one of these options). */
  newRoot?: true | string[];
}

export const WRAPPERS: Record<string, WrapperSpec> = {
  timeout: { short: 'sk', long: ['signal', 'kill-after'], skip: 1 },
  nice: { short: 'n', long: ['adjustment'] },
  nohup: {},
  stdbuf: { short: 'ioe', long: ['input', 'output', 'error'] },
  command: {},
  builtin: {},
  exec: { short: 'a' },
  setsid: {},
  time: {},
  coproc: {},
  env: {
    short: 'uCS', long: ['unset', 'chdir', 'split-string'], codeOptions: ['S', 'split-string'], envOperands: true,
    chdirOptions: ['C', 'chdir'],
  },
  sudo: {
    short: 'ughpCDRrtUT',
    long: ['user', 'group', 'host', 'prompt', 'close-from', 'chdir', 'chroot', 'role', 'type', 'other-user', 'command-timeout'],
    noCommand: ['l', 'list', 'v', 'validate', 'k', 'K', 'reset-timestamp', 'remove-timestamp', 'e', 'edit', 'V', 'version'],
    envOperands: true,
    chdirOptions: ['D', 'chdir'],
    newRoot: ['R', 'chroot'],
  },
  doas: { short: 'uC' },
  xargs: {
    // -e, -i and -l (--eof, --replace) take only an attached value: `xargs -i rm {}` runs rm.
    short: 'adEILnPs',
    long: ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
  },
  watch: { short: 'nqd', long: ['interval', 'equexit'] },
  flock: { short: 'wEc', long: ['timeout', 'wait', 'conflict-exit-code', 'command'], codeOptions: ['c', 'command'], skip: 1 },
  ionice: { short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'], noCommand: ['p', 'P', 'u', 'pid', 'pgid', 'uid'] },
  taskset: { noCommand: ['p', 'pid'], skip: 1 },
  unshare: {
    short: 'SGRwl', long: ['setuid', 'setgid', 'root', 'wd', 'propagation', 'setgroups'],
    chdirOptions: ['w', 'wd'], newRoot: ['R', 'root'],
  },
  script: { short: 'cEIOBTt', long: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format'], codeOptions: ['c', 'command'] },
  chroot: { long: ['userspec', 'groups'], skip: 1, newRoot: true },
  su: { short: 'cgGsw', long: ['command', 'group', 'supp-group', 'shell', 'whitelist-environment', 'session-command'], codeOptions: ['c', 'command', 'session-command'] },
  runuser: { short: 'cgGsuw', long: ['command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment', 'session-command'], codeOptions: ['c', 'command', 'session-command'] },
  strace: { short: 'eoOpPsuEaIXbS', long: ['output', 'attach', 'user', 'env'] },
  ltrace: { short: 'eoOpuEaFlnsAD', long: ['output'] },
  caffeinate: { short: 'tw' },
  chrt: { skip: 1 },
  'proxychains': { short: 'f' },
  'proxychains4': { short: 'f' },
};

function envSplit(words: ShellWord[]): { env: Assignment[]; rest: ShellWord[] } {
  const env: Assignment[] = [];
  let i = 0;
  for (; i < words.length; i++) {
    const v = words[i]?.value;
    if (v === null || v === undefined || !ENV_NAME.test(v)) break;
    env.push({ name: v.slice(0, v.indexOf('=')), text: v });
  }
  return { env, rest: words.slice(i) };
}

/** Sees through a known wrapper (`timeout 5 rm x` runs `rm x`); null when argv[0] is no wrapper. */
export function unwrap(argv: ShellWord[]): Unwrapped | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined) return null;
  const name = basename(program);
  if (name === 'busybox') {
    const rest = argv.slice(1);
    if (rest[0]?.value?.startsWith('-')) return { kind: 'none' };
    return rest.length ? { kind: 'argv', argv: rest, env: [], dir: null } : { kind: 'none' };
  }
  const spec = WRAPPERS[name];
  if (!spec) return null;
  const args = argv.slice(1);
  const scanned = scanOptions(args, spec);
  if (scanned.unknown) return { kind: 'unknown', reason: msg('reasons.cannotTellWhat', { name }) };
  for (const opt of spec.noCommand ?? []) if (scanned.options.has(opt)) return { kind: 'none' };
  let env: Assignment[] = [];
  let dir: WrappedDir = null;
  for (const opt of spec.chdirOptions ?? []) {
    const target = scanned.options.get(opt);
    if (target !== undefined) dir = target ?? 'unknown';
  }
  const newRoot = spec.newRoot === true || (spec.newRoot ?? []).some((opt) => scanned.options.has(opt));
  if (newRoot) dir = 'unknown';
  let rest = args.slice(scanned.operandIndex);
  if (name === 'env' && args.some((w) => w.value === '-')) rest = rest.filter((w) => w.value !== '-');
  for (const opt of spec.codeOptions ?? []) {
    const code = scanned.options.get(opt);
    if (code !== undefined) {
      if (code === null) return { kind: 'unknown', reason: msg('reasons.noArgument', { name, opt }) };
      return { kind: 'code', code: [code, ...(name === 'env' ? rest : [])], env: [], dir };
    }
  }
  if (spec.envOperands) {
    const split = envSplit(rest);
    env = split.env;
    rest = split.rest;
  }
  rest = rest.slice(spec.skip ?? 0);
  if (name === 'flock' && (rest[0]?.value === '-c' || rest[0]?.value === '--command')) {
    // `flock FILE -c CODE`: the option may follow the lock file.
    return rest[1] ? { kind: 'code', code: [rest[1]], env: [], dir } : { kind: 'unknown', reason: msg('reasons.noArgument', { name: 'flock', opt: 'c' }) };
  }
  if (name === 'flock' && /^\d+$/.test(args[scanned.operandIndex]?.value ?? '')) return { kind: 'none' };
  if (name === 'watch' && !(scanned.options.has('x') || scanned.options.has('exec'))) {
    // watch joins its arguments with spaces and runs them with `sh -c`.
    return rest.length ? { kind: 'code', code: rest, env, dir } : { kind: 'none' };
  }
  if (rest.length === 0) return { kind: 'none' };
  return { kind: 'argv', argv: rest, env, dir };
}

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'rbash']);

export type ShellInvocation =
  | { kind: 'code'; code: ShellWord }
  | { kind: 'script'; script: ShellWord }
  | { kind: 'stdin' }
  | { kind: 'unknown'; reason: Msg };

/** `bash -c CODE`, `zsh -lc CODE`, `sh script.sh`, or a shell reading commands from stdin. */
export function shellInvocation(argv: ShellWord[]): ShellInvocation | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined || !SHELLS.has(basename(program))) return null;
  const scanned = scanOptions(argv.slice(1), { short: 'oO', long: ['rcfile', 'init-file'], plus: true });
  if (scanned.unknown) return { kind: 'unknown', reason: msg('reasons.shellUnknown') };
  const operand = argv[1 + scanned.operandIndex];
  if (scanned.options.has('c') || scanned.options.has('command')) {
    return operand ? { kind: 'code', code: operand } : { kind: 'unknown', reason: msg('reasons.shellNoCode') };
  }
  if (operand && !scanned.options.has('s')) return { kind: 'script', script: operand };
  return { kind: 'stdin' };
}

/** `eval ARGS` and `trap CODE SIGNAL...` run their arguments as code. */
export function builtinCode(argv: ShellWord[]): ShellWord[] | null {
  const name = argv[0]?.value;
  if (name === 'eval') return argv.slice(1);
  if (name === 'trap') {
    const args = argv.slice(1).filter((w) => !(w.value !== null && /^-[lp]+$/.test(w.value)));
    if (args[0]?.value === '--') args.shift();
    if (args.length < 2) return [];
    const code = args[0] as ShellWord;
    if (code.value === '-' || code.value === '') return [];
    return [code];
  }
  return null;
}

/** A command `find` runs for each match; `-execdir`/`-okdir` run it in the match's folder. */
export interface FindExec {
  argv: ShellWord[];
  inMatchFolder: boolean;
}

/** Commands `find -exec/-execdir/-ok/-okdir` will run (for deny see-through). */
export function findExecCommands(argv: ShellWord[]): FindExec[] {
  const out: FindExec[] = [];
  for (let i = 1; i < argv.length; i++) {
    const v = argv[i]?.value;
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') {
      const cmd: ShellWord[] = [];
      let j = i + 1;
      for (; j < argv.length; j++) {
        const t = argv[j]?.value;
        if (t === ';' || t === '+') break;
        cmd.push(argv[j] as ShellWord);
      }
      if (cmd.length) out.push({ argv: cmd, inMatchFolder: v === '-execdir' || v === '-okdir' });
      i = j;
    }
  }
  return out;
}
