import { program, programFlag, type OptionEntry, type OptionTable } from './types';

/**
 * Options of git subcommands that write a file, read one outside the repository or run a program. Git has far
 * too many options to list, so these tables are not exhaustive: any other option counts as a flag.
 * `abbreviations` mirrors git: subcommands that hand unknown options on to the revision parser (log, diff, show,
 * format-patch, ...) take only full names; the others take any unambiguous prefix.
 */
const table = (abbreviations: boolean, short: Record<string, OptionEntry>, long: Record<string, OptionEntry>): OptionTable => ({
  abbreviations, exhaustive: false, permute: true, short, long,
});

/** Diff output options shared by every command that shows diffs. */
const DIFF_LONG: Record<string, OptionEntry> = {
  output: 'write',
  'ext-diff': programFlag(),
  textconv: programFlag(),
  'orderfile': 'read',
  'ignore-matching-lines': 'value',
  'word-diff-regex': 'value',
  'src-prefix': 'value',
  'dst-prefix': 'value',
  'line-prefix': 'value',
  'output-indicator-new': 'value',
  'output-indicator-old': 'value',
  'output-indicator-context': 'value',
  'diff-filter': 'value',
  'diff-algorithm': 'value',
  'anchored': 'value',
  'relative': 'optional',
  'stat': 'optional',
  'color': 'optional',
  'color-moved': 'optional',
};
/** Revision options that take a separate value (`--author NAME`), so the value is not read as a path. */
const REV_LONG: Record<string, OptionEntry> = {
  author: 'value', committer: 'value', grep: 'value', 'grep-reflog': 'value', since: 'value', until: 'value',
  after: 'value', before: 'value', 'max-count': 'value', skip: 'value', 'min-parents': 'value', 'max-parents': 'value',
  format: 'value', pretty: 'optional', date: 'value', encoding: 'value', decorate: 'optional', 'exclude': 'value',
};
const DIFF_SHORT: Record<string, OptionEntry> = { O: 'read', S: 'value', G: 'value', I: 'value', n: 'value', L: 'value' };

const LOG_LIKE = table(false, DIFF_SHORT, { ...DIFF_LONG, ...REV_LONG });

const PROGRAM_NAME = program();

export const GIT_SUBCOMMAND_OPTIONS: Record<string, OptionTable> = {
  log: LOG_LIKE,
  show: LOG_LIKE,
  whatchanged: LOG_LIKE,
  reflog: LOG_LIKE,
  diff: table(false, DIFF_SHORT, { ...DIFF_LONG, 'no-index': 'flag' }),
  'diff-tree': LOG_LIKE,
  'diff-index': LOG_LIKE,
  'diff-files': LOG_LIKE,
  'range-diff': LOG_LIKE,
  'format-patch': table(false, { ...DIFF_SHORT, o: 'writeDir', v: 'value' }, {
    ...DIFF_LONG, ...REV_LONG, 'output-directory': 'writeDir', 'signature-file': 'read', 'subject-prefix': 'value',
    'reroll-count': 'value', 'in-reply-to': 'value', to: 'value', cc: 'value', from: 'optional', 'add-header': 'value',
    'cover-from-description': 'value', 'base': 'value', 'interdiff': 'value', 'range-diff': 'value',
  }),
  archive: table(false, { o: 'write' }, { output: 'write', exec: PROGRAM_NAME, remote: 'value', prefix: 'value', format: 'value' }),
  blame: table(true, { S: 'read', L: 'value', C: 'optional', M: 'optional' }, {
    contents: 'read', 'ignore-revs-file': 'read', 'ignore-rev': 'value', textconv: programFlag(),
  }),
  'cat-file': table(true, {}, { textconv: programFlag(), filters: programFlag() }),
  grep: table(true, { O: { role: 'optionalProgram', why: 'program' }, f: 'read', e: 'value', A: 'value', B: 'value', C: 'value', m: 'value' }, {
    'open-files-in-pager': { role: 'optionalProgram', why: 'program' }, textconv: programFlag(),
  }),
  fetch: table(true, {}, { 'upload-pack': PROGRAM_NAME }),
  pull: table(true, {}, { 'upload-pack': PROGRAM_NAME }),
  clone: table(true, { u: PROGRAM_NAME }, { 'upload-pack': PROGRAM_NAME, template: PROGRAM_NAME }),
  'ls-remote': table(true, {}, { 'upload-pack': PROGRAM_NAME }),
  push: table(true, {}, { 'receive-pack': PROGRAM_NAME, exec: PROGRAM_NAME }),
  'send-pack': table(true, {}, { 'receive-pack': PROGRAM_NAME, exec: PROGRAM_NAME }),
  rebase: table(true, { x: PROGRAM_NAME }, { exec: PROGRAM_NAME }),
  difftool: table(true, { x: PROGRAM_NAME }, { extcmd: PROGRAM_NAME }),
};
