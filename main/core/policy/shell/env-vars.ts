import type { ShellWord } from './types';

/**
 * Environment prefixes that cannot change which program runs or what it loads. Everything else (PATH, LD_*,
 * GIT_*, NODE_OPTIONS, PYTHONPATH, BASH_ENV, ...) forces a question.
 */
const INERT = new Set([
  'CI', 'NODE_ENV', 'DEBUG', 'FORCE_COLOR', 'NO_COLOR', 'CLICOLOR', 'CLICOLOR_FORCE', 'COLORTERM', 'TERM',
  'LANG', 'LANGUAGE', 'TZ', 'COLUMNS', 'LINES', 'VERBOSE', 'RUST_BACKTRACE', 'RUST_LOG', 'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE', 'PYTHONIOENCODING', 'PAGER', 'GIT_PAGER', 'NPM_CONFIG_COLOR', 'TIMING', 'LOG_LEVEL',
  'JEST_WORKER_ID', 'VITEST', 'HUSKY',
]);

export function isInertEnv(name: string): boolean {
  if (name === 'PAGER' || name === 'GIT_PAGER') return false; // pagers are programs
  return INERT.has(name) || name.startsWith('LC_');
}

/** Options of `read` and `mapfile` whose argument is a separate word. */
const READ_VALUE_OPTIONS = 'adinNptu';
const MAPFILE_VALUE_OPTIONS = 'dnOsuCc';

function operandsAfterOptions(args: ShellWord[], valueOptions: string): (string | null)[] {
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]?.value;
    if (v === null || v === undefined) break;
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    const withValue = [...v.slice(1)].findIndex((c) => valueOptions.includes(c));
    if (withValue >= 0 && withValue === v.length - 2) i++;
  }
  return args.slice(i).map((w) => w.value);
}

/**
 * Variables a builtin sets (`read NAME`, `printf -v NAME`, `mapfile NAME`, `getopts SPEC NAME`); null stands for
 * a name only known at run time.
 */
export function builtinAssignedNames(argv: ShellWord[]): (string | null)[] {
  const name = argv[0]?.value;
  const args = argv.slice(1);
  if (name === 'read') {
    const arrays = args.flatMap((w, i) => (/^-[^-]*a$/.test(w.value ?? '') ? [args[i + 1]?.value ?? null] : []));
    return [...arrays, ...operandsAfterOptions(args, READ_VALUE_OPTIONS)];
  }
  if (name === 'printf') {
    const names: (string | null)[] = [];
    for (const [i, w] of args.entries()) {
      if (w.value === '--' || (w.value !== null && !w.value.startsWith('-'))) break;
      if (w.value === '-v') names.push(args[i + 1]?.value ?? null);
      else if (w.value?.startsWith('-v')) names.push(w.value.slice(2));
    }
    return names;
  }
  if (name === 'mapfile' || name === 'readarray') return operandsAfterOptions(args, MAPFILE_VALUE_OPTIONS).slice(0, 1);
  if (name === 'getopts') return args.slice(1, 2).map((w) => w.value);
  return [];
}

/**
 * A plain `name=value` (no command) only changes later commands when bash or an exported variable uses the
 * name: lower-case names are local unless they are proxy settings.
 */
export function isHarmlessShellVariable(name: string): boolean {
  if (isInertEnv(name)) return true;
  return /^[a-z_][a-z0-9_]*$/.test(name) && !name.endsWith('_proxy') && name !== '_';
}
