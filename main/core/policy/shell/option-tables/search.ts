import { flags, longFlags, longValues, program, type OptionTable } from './types';

/**
 * ripgrep 13/14. `--pre COMMAND` runs a program on every file searched. `-z`/`--search-zip` runs only the fixed
 * decompressors (gzip, bzip2, xz, lz4, lzma, brotli, zstd, uncompress) found on PATH, as `tar -z` runs gzip, so it is
 * a plain flag. ripgrep takes no abbreviations, and every `--no-NAME` undoes `--NAME`.
 */
export const RG: OptionTable = {
  abbreviations: false,
  exhaustive: true,
  permute: true,
  negations: true,
  short: {
    ...flags('bsclFLh.ivnxUI0NoPpqzSauVHw'),
    ...Object.fromEntries([...'ABCEgMmejtTrd'].map((c) => [c, 'value' as const])),
    f: 'read',
  },
  long: {
    ...longFlags(
      'auto-hybrid-regex', 'binary', 'block-buffered', 'byte-offset', 'case-sensitive', 'column', 'count', 'count-matches',
      'crlf', 'debug', 'trace', 'files', 'files-with-matches', 'files-without-match', 'fixed-strings', 'follow',
      'glob-case-insensitive', 'help', 'heading', 'hidden', 'ignore-case', 'ignore-file-case-insensitive', 'include-zero',
      'invert-match', 'json', 'line-buffered', 'line-number', 'line-regexp', 'max-columns-preview', 'mmap', 'multiline',
      'multiline-dotall', 'null', 'null-data', 'one-file-system', 'only-matching', 'passthru', 'passthrough', 'pcre2',
      'pcre2-version', 'pretty', 'quiet', 'search-zip', 'smart-case', 'stats', 'text', 'trim', 'type-list',
      'unrestricted', 'version', 'vimgrep', 'with-filename', 'word-regexp', 'stop-on-nonmatch', 'sort-files', 'ignore', 'messages', 'ignore-messages', 'require-git', 'unicode', 'pcre2-unicode', 'ignore-dot',
      'ignore-exclude', 'ignore-files', 'ignore-global', 'ignore-parent', 'ignore-vcs',
    ),
    ...longValues(
      'after-context', 'before-context', 'color', 'colors', 'context', 'context-separator', 'dfa-size-limit', 'encoding',
      'engine', 'field-context-separator', 'field-match-separator', 'glob', 'iglob', 'max-columns', 'max-count',
      'max-depth', 'maxdepth', 'max-filesize', 'path-separator', 'pre-glob', 'regex-size-limit', 'regexp', 'replace',
      'sort', 'sortr', 'threads', 'type', 'type-add', 'type-clear', 'type-not', 'hyperlink-format', 'generate',
    ),
    file: 'read',
    'ignore-file': 'read',
    pre: program('perFile'),
  },
};

/** GNU grep 3: no option runs a program or writes a file; `-f FILE` and `--exclude-from=FILE` read one. */
export const GREP: OptionTable = {
  abbreviations: true,
  exhaustive: true,
  permute: true,
  digitFlags: true,
  short: {
    ...flags('EFGPiywxzsvVbnHhoqaIrRLlcTZUu'),
    ...Object.fromEntries([...'emdDABC'].map((c) => [c, 'value' as const])),
    f: 'read',
    X: 'value',
  },
  long: {
    ...longFlags(
      'extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'ignore-case', 'no-ignore-case', 'word-regexp',
      'line-regexp', 'null-data', 'no-messages', 'invert-match', 'version', 'help', 'byte-offset', 'line-number',
      'no-line-number', 'line-buffered', 'with-filename', 'no-filename', 'only-matching', 'quiet', 'silent', 'text',
      'recursive', 'dereference-recursive', 'files-without-match', 'files-with-matches', 'count', 'initial-tab', 'null',
      'no-group-separator', 'binary', 'unix-byte-offsets',
    ),
    ...longValues(
      'regexp', 'max-count', 'label', 'binary-files', 'directories', 'devices', 'include', 'exclude', 'exclude-dir',
      'before-context', 'after-context', 'context', 'group-separator',
    ),
    color: 'optional',
    colour: 'optional',
    file: 'read',
    'exclude-from': 'read',
  },
};
