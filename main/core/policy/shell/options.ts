import type { ShellWord } from './types';

export interface OptionSpec {
  /** Short options that take an argument (`-n 5` or `-n5`). */
  short?: string;
  /** Long options that take an argument (`--signal TERM` or `--signal=TERM`). */
  long?: string[];
  /** `+o` style options as in bash. */
  plus?: boolean;
}

export interface ScannedOptions {
  /** Option name (without dashes) → its argument ('' when none). Repeated options keep the last. */
  options: Map<string, ShellWord | null>;
  /** Index of the first operand in args, or args.length. */
  operandIndex: number;
  /** A dynamic word stood where an option could be. */
  unknown: boolean;
}

/** Scans leading options of a command (getopt style) up to the first operand or `--`. */
export function scanOptions(args: ShellWord[], spec: OptionSpec, stopAtOperand = true): ScannedOptions {
  const options = new Map<string, ShellWord | null>();
  const shortArg = spec.short ?? '';
  const longArg = new Set(spec.long ?? []);
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (v === null) return { options, operandIndex: i, unknown: true };
    if (v === '--') return { options, operandIndex: i + 1, unknown: false };
    if (v.startsWith('--') && v.length > 2) {
      const eq = v.indexOf('=');
      const name = eq < 0 ? v.slice(2) : v.slice(2, eq);
      if (eq >= 0) options.set(name, { ...w, value: v.slice(eq + 1) });
      else if (longArg.has(name)) {
        options.set(name, args[i + 1] ?? null);
        i++;
      } else options.set(name, null);
      continue;
    }
    const isShort = (v.startsWith('-') || (spec.plus === true && v.startsWith('+'))) && v.length > 1;
    if (!isShort) {
      if (stopAtOperand) break;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j] as string;
      if (shortArg.includes(c)) {
        const rest = v.slice(j + 1);
        if (rest !== '') options.set(c, { ...w, value: rest });
        else {
          options.set(c, args[i + 1] ?? null);
          i++;
        }
        break;
      }
      options.set(c, null);
    }
  }
  return { options, operandIndex: i, unknown: false };
}

/** Operands of a command whose option arities are unknown: every word that is not an option. */
export function looseOperands(args: ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  let ended = false;
  for (const w of args) {
    if (!ended && w.value === '--') {
      ended = true;
      continue;
    }
    if (!ended && w.value !== null && w.value.startsWith('-') && w.value !== '-') continue;
    out.push(w);
  }
  return out;
}

export function hasOption(args: ShellWord[], shortFlags: string, longFlags: string[] = []): boolean {
  for (const w of args) {
    const v = w.value;
    if (v === null) continue;
    if (v === '--') return false;
    if (v.startsWith('--')) {
      if (longFlags.includes(v.slice(2).split('=')[0] as string)) return true;
      continue;
    }
    if (v.startsWith('-') && v.length > 1 && [...v.slice(1)].some((c) => shortFlags.includes(c))) return true;
  }
  return false;
}

export function basename(program: string): string {
  const i = program.lastIndexOf('/');
  return i < 0 ? program : program.slice(i + 1);
}
