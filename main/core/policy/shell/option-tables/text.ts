import { flags, longFlags, longValues, program, type OptionTable } from './types';

const GNU = { abbreviations: true, exhaustive: true, permute: true } as const;

/** GNU sort: `-o FILE` writes, `-T DIR` writes temporary files there, `--compress-program` runs a program. */
export const SORT: OptionTable = {
  ...GNU,
  short: { ...flags('bdfgiMhnRrVcCmsuz'), k: 'value', t: 'value', S: 'value', o: 'write', T: 'writeDir' },
  long: {
    ...longFlags(
      'ignore-leading-blanks', 'dictionary-order', 'ignore-case', 'general-numeric-sort', 'ignore-nonprinting', 'month-sort',
      'human-numeric-sort', 'numeric-sort', 'random-sort', 'reverse', 'version-sort', 'debug', 'merge', 'stable', 'unique',
      'zero-terminated', 'help', 'version',
    ),
    ...longValues('sort', 'batch-size', 'key', 'buffer-size', 'field-separator', 'parallel'),
    check: 'optional',
    'random-source': 'read',
    'files0-from': 'read',
    output: 'write',
    'temporary-directory': 'writeDir',
    'compress-program': program(),
  },
};

/** GNU shuf: `-o FILE` writes; with `-e` the operands are lines, with `-i` there are none. */
export const SHUF: OptionTable = {
  ...GNU,
  short: { ...flags('erz'), i: 'value', n: 'value', o: 'write' },
  long: {
    ...longFlags('echo', 'repeat', 'zero-terminated', 'help', 'version'),
    ...longValues('input-range', 'head-count'),
    output: 'write',
    'random-source': 'read',
  },
};

/** GNU uniq: the second operand is the output file. */
export const UNIQ: OptionTable = {
  ...GNU,
  short: { ...flags('cdDiuz'), f: 'value', s: 'value', w: 'value' },
  long: {
    ...longFlags('count', 'repeated', 'ignore-case', 'unique', 'zero-terminated', 'help', 'version'),
    ...longValues('skip-fields', 'skip-chars', 'check-chars'),
    'all-repeated': 'optional',
    group: 'optional',
  },
};

/** GNU split: writes PREFIXaa, PREFIXab, ...; `--filter=COMMAND` runs a shell command for every piece. */
export const SPLIT: OptionTable = {
  ...GNU,
  short: { ...flags('dxeu'), a: 'value', b: 'value', C: 'value', l: 'value', n: 'value', t: 'value' },
  long: {
    ...longFlags('elide-empty-files', 'unbuffered', 'verbose', 'help', 'version'),
    ...longValues('suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'lines', 'number', 'separator'),
    'numeric-suffixes': 'optional',
    'hex-suffixes': 'optional',
    filter: program(),
  },
};

/** GNU csplit: writes PREFIX00, PREFIX01, ... (`-f PREFIX`, default `xx`). */
export const CSPLIT: OptionTable = {
  ...GNU,
  short: { ...flags('ksz'), b: 'value', f: 'value', n: 'value' },
  long: {
    ...longFlags('keep-files', 'suppress-matched', 'quiet', 'silent', 'elide-empty-files', 'help', 'version'),
    ...longValues('suffix-format', 'prefix', 'digits'),
  },
};

/** GNU diff: `--from-file` / `--to-file` and `-X FILE` read files besides the operands. */
export const DIFF: OptionTable = {
  ...GNU,
  digitFlags: true,
  short: {
    ...flags('qscuenyptTlrNiEZbwBadv'),
    C: 'value', U: 'value', W: 'value', F: 'value', x: 'value', S: 'value', I: 'value', D: 'value', L: 'value',
    X: 'read',
  },
  long: {
    ...longFlags(
      'normal', 'brief', 'report-identical-files', 'ed', 'rcs', 'side-by-side', 'left-column', 'suppress-common-lines',
      'show-c-function', 'expand-tabs', 'initial-tab', 'suppress-blank-empty', 'paginate', 'recursive', 'no-dereference',
      'new-file', 'unidirectional-new-file', 'ignore-file-name-case', 'no-ignore-file-name-case', 'ignore-case',
      'ignore-tab-expansion', 'ignore-trailing-space', 'ignore-space-change', 'ignore-all-space', 'ignore-blank-lines',
      'text', 'strip-trailing-cr', 'minimal', 'speed-large-files', 'help', 'version',
    ),
    ...longValues(
      'width', 'show-function-line', 'label', 'tabsize', 'exclude', 'starting-file', 'ignore-matching-lines', 'ifdef',
      'old-group-format', 'new-group-format', 'unchanged-group-format', 'changed-group-format', 'line-format',
      'old-line-format', 'new-line-format', 'unchanged-line-format', 'horizon-lines', 'palette',
    ),
    context: 'optional',
    unified: 'optional',
    color: 'optional',
    'exclude-from': 'read',
    'from-file': 'read',
    'to-file': 'read',
  },
};
