import { flags, program, type OptionTable } from './types';

/**
 * curl: only the options that name files or programs, and the short options that take a value (so the value is
 * not read as a URL). curl takes unambiguous prefixes of long options. `-O` / `--remote-name` and `-J` write a file
 * named by the server into `--output-dir` or the current folder (read in `index.ts`).
 */
export const CURL: OptionTable = {
  abbreviations: true,
  exhaustive: false,
  permute: true,
  short: {
    ...Object.fromEntries([...'AbCdeEFHmPQrtuUwxXyYz'].map((c) => [c, 'value' as const])),
    o: 'write',
    D: 'write',
    c: 'write',
    T: 'read',
    K: program('settings'),
  },
  long: {
    output: 'write',
    'output-dir': 'writeDir',
    'dump-header': 'write',
    'cookie-jar': 'write',
    trace: 'write',
    'trace-ascii': 'write',
    stderr: 'write',
    libcurl: 'write',
    'etag-save': 'write',
    'etag-compare': 'read',
    hsts: 'readwrite',
    'alt-svc': 'readwrite',
    'upload-file': 'read',
    cookie: 'value',
    cacert: 'read',
    capath: 'read',
    cert: 'read',
    key: 'read',
    'netrc-file': 'read',
    config: program('settings'),
    'remote-name': 'flag',
    'remote-name-all': 'flag',
    'remote-header-name': 'flag',
  },
};

/**
 * GNU Wget: the options that name files or programs. Without `-O` it saves into `-P DIR` or the current folder
 * (read in `index.ts`). `-e` runs a wgetrc command and `--config` reads a wgetrc file: either can set any option,
 * output files included. `-n` takes its letters as a value (`-nv`, `-nc`).
 */
export const WGET: OptionTable = {
  abbreviations: true,
  exhaustive: false,
  permute: true,
  short: {
    ...flags('VhbqvdFcNSxrkKEpmH46'),
    ...Object.fromEntries([...'tTwQlARDIXUBn'].map((c) => [c, 'value' as const])),
    O: 'write',
    o: 'write',
    a: 'write',
    P: 'writeDir',
    i: 'read',
    e: program('settings'),
  },
  long: {
    'output-document': 'write',
    'output-file': 'write',
    'append-output': 'write',
    'directory-prefix': 'writeDir',
    'input-file': 'read',
    'save-cookies': 'write',
    'load-cookies': 'read',
    'post-file': 'read',
    'body-file': 'read',
    'warc-file': 'write',
    'rejected-log': 'write',
    'hsts-file': 'readwrite',
    'ca-certificate': 'read',
    certificate: 'read',
    'private-key': 'read',
    execute: program('settings'),
    config: program('settings'),
    'use-askpass': program(),
  },
};

/** GNU findutils xargs: `-a FILE` reads; the command it runs is read by the wrapper reader. */
export const XARGS: OptionTable = {
  abbreviations: true,
  exhaustive: false,
  permute: false,
  short: { ...flags('0oprtx'), a: 'read', d: 'value', E: 'value', I: 'value', L: 'value', n: 'value', P: 'value', s: 'value', e: 'optional', i: 'optional', l: 'optional' },
  long: {
    'arg-file': 'read',
    delimiter: 'value',
    eof: 'optional',
    replace: 'optional',
    'max-lines': 'value',
    'max-args': 'value',
    'max-procs': 'value',
    'max-chars': 'value',
    'process-slot-var': 'value',
  },
};
