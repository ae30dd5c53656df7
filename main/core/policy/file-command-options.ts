/**
 * What each option of the common file commands takes (GNU coreutils and sed). `flag`: no argument;
 * `value`: an argument that names no file; `dir`: a folder the command writes into (`cp -t DIR`); `read`: a file it
 * reads (`touch -r FILE`); `suffix`: a backup suffix; `optional`: a long option with an optional `=value`;
 * `inPlace`: sed's `-i[SUFFIX]`; `script` / `scriptFile`: sed's `-e SCRIPT` / `-f FILE`.
 */
export type OptionRole = 'flag' | 'value' | 'dir' | 'read' | 'suffix' | 'optional' | 'inPlace' | 'script' | 'scriptFile';

export interface CommandOptions {
  short: Record<string, OptionRole>;
  long: Record<string, OptionRole>;
}

const flags = (letters: string): Record<string, OptionRole> => Object.fromEntries([...letters].map((c) => [c, 'flag' as const]));
const longFlags = (...names: string[]): Record<string, OptionRole> => Object.fromEntries(names.map((n) => [n, 'flag' as const]));
const COMMON = longFlags('help', 'version', 'verbose');

const BACKUP: Record<string, OptionRole> = {
  backup: 'optional', suffix: 'suffix', 'target-directory': 'dir', 'no-target-directory': 'flag',
};

export const FILE_COMMAND_OPTIONS: Record<string, CommandOptions> = {
  rm: {
    short: flags('fiIrRdv'),
    long: {
      ...COMMON, ...longFlags('force', 'one-file-system', 'no-preserve-root', 'recursive', 'dir'),
      interactive: 'optional', 'preserve-root': 'optional',
    },
  },
  rmdir: { short: flags('pv'), long: { ...COMMON, ...longFlags('ignore-fail-on-non-empty', 'parents') } },
  unlink: { short: {}, long: longFlags('help', 'version') },
  mkdir: { short: { ...flags('pvZ'), m: 'value' }, long: { ...COMMON, ...longFlags('parents'), mode: 'value', context: 'optional' } },
  touch: {
    short: { ...flags('acfhm'), d: 'value', t: 'value', r: 'read' },
    long: { ...COMMON, ...longFlags('no-create', 'no-dereference'), date: 'value', time: 'value', reference: 'read' },
  },
  mv: {
    short: { ...flags('bfinuvTZ'), S: 'suffix', t: 'dir' },
    long: {
      ...COMMON, ...BACKUP, ...longFlags('debug', 'exchange', 'force', 'interactive', 'no-clobber', 'no-copy', 'strip-trailing-slashes'),
      update: 'optional', context: 'optional',
    },
  },
  cp: {
    short: { ...flags('abdfHilLnpPrRsuvxTZ'), S: 'suffix', t: 'dir' },
    long: {
      ...COMMON, ...BACKUP,
      ...longFlags(
        'archive', 'attributes-only', 'copy-contents', 'debug', 'force', 'interactive', 'link', 'dereference', 'no-clobber',
        'no-dereference', 'parents', 'recursive', 'remove-destination', 'strip-trailing-slashes', 'symbolic-link',
        'keep-directory-symlink', 'one-file-system',
      ),
      preserve: 'optional', 'no-preserve': 'value', reflink: 'optional', sparse: 'value', update: 'optional', context: 'optional',
    },
  },
  ln: {
    short: { ...flags('bdFfiLnPrsTv'), S: 'suffix', t: 'dir' },
    long: {
      ...COMMON, ...BACKUP,
      ...longFlags('directory', 'force', 'interactive', 'logical', 'no-dereference', 'physical', 'relative', 'symbolic'),
    },
  },
  tee: { short: flags('aip'), long: { ...COMMON, ...longFlags('append', 'ignore-interrupts'), 'output-error': 'optional' } },
  truncate: {
    short: { ...flags('co'), s: 'value', r: 'read' },
    long: { ...COMMON, ...longFlags('no-create', 'io-blocks'), size: 'value', reference: 'read' },
  },
  sed: {
    short: { ...flags('nrEsuzb'), e: 'script', f: 'scriptFile', l: 'value', i: 'inPlace' },
    long: {
      ...COMMON,
      ...longFlags(
        'quiet', 'silent', 'debug', 'follow-symlinks', 'null-data', 'zero-terminated', 'posix', 'regexp-extended',
        'separate', 'sandbox', 'unbuffered', 'binary',
      ),
      expression: 'script', file: 'scriptFile', 'in-place': 'inPlace', 'line-length': 'value',
    },
  },
};

/** getopt_long takes any unambiguous prefix of a long option (`--target=DIR` is `--target-directory=DIR`). */
export function longOption(spec: CommandOptions, written: string): string | null {
  if (Object.hasOwn(spec.long, written)) return written;
  const found = Object.keys(spec.long).filter((name) => name.startsWith(written));
  return found.length === 1 ? (found[0] as string) : null;
}
