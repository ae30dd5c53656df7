import type { Msg } from '../../../../shared/i18n/message';

/** One shell word as bash will see it after quote removal; `value` is null when expansion makes it unknown. */
export interface ShellWord {
  value: string | null;
  /** Source text, for messages. */
  text: string;
  /** Unquoted glob characters (`*`, `?`, `[`): bash expands the word against the file system. */
  glob: boolean;
  /** A process substitution (`<(...)`): a /dev/fd path, not a user file. */
  procSub: boolean;
}

export interface Assignment {
  name: string;
  text: string;
}

/** A simple command found anywhere in the tree (lists, pipelines, substitutions, bodies, code strings). */
export interface SimpleCommand {
  /** Name and arguments, env prefixes removed. Empty for a bare assignment. */
  argv: ShellWord[];
  /** `NAME=value` prefixes (or declared/exported names for declaration commands). */
  assignments: Assignment[];
  /** The directory the command runs in, tracked through `cd`; null when it cannot be known. */
  cwd: string | null;
  /** Reads stdin from a pipe. */
  piped: boolean;
  /** Has a heredoc or here-string as stdin. */
  hereDoc: boolean;
  /** `declaration_command` (export/declare/local/readonly/typeset): no program runs. */
  declaration: boolean;
  text: string;
  depth: number;
}

export type FileOp = 'read' | 'write' | 'readwrite';

export interface FileAccess {
  op: FileOp;
  word: ShellWord;
  cwd: string | null;
  /** What caused it, for messages: a redirect operator or a command name. */
  via: string;
  /** The access covers a whole folder tree (recursive rm/cp, grep -r). */
  recursive: boolean;
  /** The write gives the file new content, as a redirect does (an option's output file: `sort -o`, `git log --output`). */
  replaces?: boolean;
  /** The names written below the folder are chosen when the command runs (an archive's entries). */
  namesBelowUnknown?: boolean;
}

/** A heredoc or here-string body; `dynamic` when bash expands parts of it before use. */
export interface HereDoc {
  text: string;
  dynamic: boolean;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  files: FileAccess[];
  hereDocs: HereDoc[];
  /** Reasons the whole call must ask (parse errors, dynamic code, limits). */
  issues: Msg[];
  /** Places where bash runs code hidden in a value (arithmetic, names taken from values): they ask in every mode. */
  hiddenCode: Msg[];
}
