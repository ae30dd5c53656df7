import { msg, type Msg } from '../../../../../shared/i18n/message';
import { isInertEnv } from '../env-vars';
import type { FileAccess, FileOp, ShellWord } from '../types';
import type { OptionUse, TableScan } from './scan';
import type { ProgramWhy } from './types';

/** What a command's options (and operands, read with its option table) mean to the policy. */
export interface OptionEffects {
  /** Why no wildcard or prefix rule may approve the command: an option runs a program, or cannot be read. */
  neverPrefix: Msg | null;
  /** Reasons that force a question whatever the rules say. */
  forceAsk: Msg[];
  /** Files the command reads or writes through its options and operands, checked like redirections. */
  files: FileAccess[];
}

export function programReason(what: string, why: ProgramWhy): Msg {
  switch (why) {
    case 'program':
      return msg('reasons.optionRunsProgram', { what });
    case 'perFile':
      return msg('reasons.optionRunsProgramPerFile', { what });
    case 'settings':
      return msg('reasons.optionReadsSettings', { what });
  }
}

export function dynamicReason(command: string): Msg {
  return msg('reasons.dynamicOption', { command });
}

export function fileAccess(op: FileOp, word: ShellWord, cwd: string | null, via: string, recursive = false): FileAccess {
  return { op, word, cwd, via, recursive: recursive || word.glob };
}

/** An option's output file: written with new content, which the conflict checks treat like a redirect's. */
export function optionFileAccess(op: FileOp, word: ShellWord, cwd: string | null, via: string, intoFolder: boolean): FileAccess {
  const access = fileAccess(op, word, cwd, via, intoFolder);
  return op === 'write' && !intoFolder ? { ...access, replaces: true } : access;
}

const FILE_OPS: Record<string, FileOp> = { read: 'read', write: 'write', readwrite: 'readwrite', writeDir: 'write' };

/** Does a program-running option run one with this value (`--checkpoint-action=dot` runs none)? */
export function runsProgram(use: OptionUse): boolean {
  const role = use.rule.role;
  if (role === 'programFlag' || role === 'optionalProgram') return true;
  if (role !== 'program') return false;
  const value = use.value?.value;
  return !(use.rule.when && value !== null && value !== undefined && !use.rule.when.test(value));
}

/**
 * The effects every table-carrying command shares: options that run programs make it exact-rule-only (the reason
 * names the option), options that name files add reads and writes, an option the table does not know or a word
 * only known at run time where an option could be makes it exact-rule-only.
 */
export function commonEffects(command: string, scan: TableScan, cwd: string | null, risky: boolean): OptionEffects {
  const out: OptionEffects = { neverPrefix: null, forceAsk: [], files: [] };
  for (const use of scan.uses) {
    if (runsProgram(use)) {
      out.neverPrefix ??= programReason(`${command} ${use.spelled}`, use.rule.why ?? 'program');
      continue;
    }
    const op = FILE_OPS[use.rule.role];
    if (op !== undefined && use.value !== null) {
      out.files.push(optionFileAccess(op, use.value, cwd, `${command} ${use.spelled}`, use.rule.role === 'writeDir'));
    }
    if (command === 'xargs' && use.name === 'process-slot-var') {
      const name = use.value?.value ?? null;
      if (name === null) out.forceAsk.push(msg('reasons.variableNameRuntime', { program: command }));
      else if (!isInertEnv(name)) out.forceAsk.push(msg('reasons.settingChangesCommand', { name }));
    }
  }
  if (scan.unknown !== null) out.neverPrefix ??= scan.unknown;
  if (scan.dynamic !== null && risky) out.neverPrefix ??= dynamicReason(command);
  return out;
}
