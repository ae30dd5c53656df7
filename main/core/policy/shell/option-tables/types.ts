/**
 * What one option of a command does with its argument. `flag`: takes none; `value`: an argument that names no
 * file; `optional`: a long option with an optional `=value` (a short one takes only an attached value);
 * `read` / `write` / `readwrite`: a file; `writeDir`: a folder the command creates files in; `program`: a program
 * or shell command the command runs; `programFlag`: takes no argument but makes the command run programs;
 * `optionalProgram`: runs a program with or without its optional value (`man -H[BROWSER]`).
 */
export type OptionRole =
  | 'flag' | 'value' | 'optional' | 'read' | 'write' | 'readwrite' | 'writeDir' | 'program' | 'programFlag' | 'optionalProgram';

/**
 * What a program-running option does, for its message: `program` runs one, `perFile` runs one on every file searched,
 * `settings` reads a file of settings or commands that can name programs to run and files to write.
 */
export type ProgramWhy = 'program' | 'perFile' | 'settings';

export interface OptionRule {
  role: OptionRole;
  why?: ProgramWhy;
  /** Only values matching this are a program (`--checkpoint-action=exec=CMD`); other values are plain values. */
  when?: RegExp;
}

export type OptionEntry = OptionRole | OptionRule;

export interface OptionTable {
  short: Record<string, OptionEntry>;
  long: Record<string, OptionEntry>;
  /** getopt_long and less take any unambiguous prefix of a long option (`--outp=F` is `--output=F`). */
  abbreviations: boolean;
  /**
   * The table lists every option of the command, so an option it does not list is unknown and only an exact rule
   * may approve the command. Tables of huge option sets (curl, wget, git) list only the options that matter and
   * take any other option for a flag.
   */
  exhaustive: boolean;
  /** GNU style: options may follow operands until `--` (false: the first operand ends the options). */
  permute: boolean;
  /** tar: a first word without a dash is a cluster of options whose arguments are the next words (`tar czf a.tgz`). */
  oldStyle?: boolean;
  /** rg: every `--no-NAME` is a flag that undoes `--NAME`. */
  negations?: boolean;
  /** Digits are flags (`grep -5` for five lines of context). */
  digitFlags?: boolean;
}

export const flags = (letters: string): Record<string, OptionEntry> => Object.fromEntries([...letters].map((c) => [c, 'flag' as const]));

export const longFlags = (...names: string[]): Record<string, OptionEntry> => Object.fromEntries(names.map((n) => [n, 'flag' as const]));

export const longValues = (...names: string[]): Record<string, OptionEntry> => Object.fromEntries(names.map((n) => [n, 'value' as const]));

export const program = (why: ProgramWhy = 'program', when?: RegExp): OptionRule => (when ? { role: 'program', why, when } : { role: 'program', why });

export const programFlag = (why: ProgramWhy = 'program'): OptionRule => ({ role: 'programFlag', why });

export function ruleOf(entry: OptionEntry): OptionRule {
  return typeof entry === 'string' ? { role: entry } : entry;
}
