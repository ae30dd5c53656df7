import { flags, longFlags, longValues, program, type OptionTable } from './types';

/**
 * less 590 and later. `-o FILE` / `-O FILE` copy the input to a log file; a lesskey file can set LESSOPEN, which
 * runs a program on every file. `+cmd` words (an initial command, `+!cmd` runs a shell) are read by `less.ts`.
 * Long options are case-sensitive and may be abbreviated.
 */
export const LESS: OptionTable = {
  abbreviations: true,
  exhaustive: true,
  permute: true,
  short: {
    ...flags('?aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~+'),
    ...Object.fromEntries([...'bDhjpPtxyz"#'].map((c) => [c, 'value' as const])),
    o: 'write',
    O: 'write',
    T: 'read',
    k: program('settings'),
  },
  long: {
    ...longFlags(
      'help', 'search-skip-screen', 'SEARCH-SKIP-SCREEN', 'auto-buffers', 'clear-screen', 'CLEAR-SCREEN', 'dumb',
      'quit-at-eof', 'QUIT-AT-EOF', 'force', 'quit-if-one-screen', 'hilite-search', 'HILITE-SEARCH', 'ignore-case',
      'IGNORE-CASE', 'status-column', 'quit-on-intr', 'no-lessopen', 'long-prompt', 'LONG-PROMPT', 'line-numbers',
      'LINE-NUMBERS', 'quiet', 'QUIET', 'silent', 'SILENT', 'raw-control-chars', 'RAW-CONTROL-CHARS',
      'squeeze-blank-lines', 'chop-long-lines', 'underline-special', 'UNDERLINE-SPECIAL', 'version', 'hilite-unread',
      'HILITE-UNREAD', 'no-init', 'tilde', 'file-size', 'follow-name', 'incsearch', 'mouse', 'MOUSE', 'no-keypad',
      'no-histdups', 'save-marks', 'use-backslash', 'use-color', 'no-number-headers', 'no-search-headers', 'no-vbell',
      'redraw-on-quit', 'exit-follow-on-close', 'show-preproc-errors', 'wordwrap', 'status-line', 'no-edit-warn',
    ),
    ...longValues(
      'buffers', 'color', 'max-back-scroll', 'jump-target', 'pattern', 'prompt', 'tag', 'tabs', 'max-forw-scroll',
      'window', 'quotes', 'shift', 'line-num-width', 'rscroll', 'status-col-width', 'wheel-lines', 'header', 'intr',
      'search-options', 'modelines', 'proc-backspace', 'proc-tab', 'proc-return', 'autosave',
    ),
    'log-file': 'write',
    'LOG-FILE': 'write',
    'tag-file': 'read',
    'lesskey-file': program('settings'),
    'lesskey-src': program('settings'),
    'lesskey-content': program('settings'),
  },
};

/** man-db 2.x. `-P` / `--pager`, `-H` / `--html` (a browser) and a `-C` configuration file name programs it runs. */
export const MAN: OptionTable = {
  abbreviations: true,
  exhaustive: true,
  permute: true,
  short: {
    ...flags('dDfkKlwWciIau7tZV?h'),
    ...Object.fromEntries([...'RLmMSsepEr'].map((c) => [c, 'value' as const])),
    T: 'optional',
    X: 'optional',
    P: program(),
    H: { role: 'optionalProgram', why: 'program' },
    C: program('settings'),
  },
  long: {
    ...longFlags(
      'debug', 'default', 'whatis', 'apropos', 'global-apropos', 'local-file', 'where', 'path', 'location', 'where-cat',
      'location-cat', 'catman', 'ignore-case', 'match-case', 'regex', 'wildcard', 'names-only', 'all', 'update',
      'no-subpages', 'ascii', 'no-hyphenation', 'nh', 'no-justification', 'nj', 'troff', 'ditroff', 'help', 'usage',
      'version',
    ),
    ...longValues('recode', 'locale', 'systems', 'manpath', 'sections', 'extension', 'prompt', 'encoding', 'preprocessor'),
    warnings: 'optional',
    'troff-device': 'optional',
    gxditview: 'optional',
    pager: program(),
    html: { role: 'optionalProgram', why: 'program' },
    'config-file': program('settings'),
  },
};

/** tree 1.8 / 2.x: `-o FILE` writes the listing; `-R` writes `00Tree.html` into every folder (read in `index.ts`). */
export const TREE: OptionTable = {
  abbreviations: false,
  exhaustive: true,
  permute: true,
  short: {
    ...flags('adlfxRugshDFqNQpiASnCXJvtcUr?'),
    L: 'value', P: 'value', I: 'value', H: 'value', T: 'value',
    o: 'write',
  },
  long: {
    ...longFlags(
      'help', 'version', 'inodes', 'device', 'noreport', 'nolinks', 'dirsfirst', 'filesfirst', 'si', 'du', 'prune',
      'ignore-case', 'matchdirs', 'fromfile', 'fromtabfile', 'fflinks', 'gitignore', 'info', 'metafirst', 'condense',
      'hyperlink',
    ),
    ...longValues('charset', 'filelimit', 'timefmt', 'sort', 'scheme', 'authority', 'opt-toggle'),
    gitfile: 'read',
    infofile: 'read',
    hintro: 'read',
    houtro: 'read',
  },
};
