import { msg, type Msg } from '../../../../shared/i18n/message';

/**
 * A command with bash's line continuations (backslash-newline) removed, as bash's reader removes them before
 * the lexer sees a character: `r\<newline>m` is `rm`, `"$\<newline>(id)"` a command substitution.
 */
export interface JoinedSource {
  text: string;
  /** Offsets in `text` where a backslash-newline was removed. */
  removed: number[];
  /** Offsets in `text` of backslash-newlines bash keeps as text (single quotes, `$'...'`, comments, quoted here-documents). */
  kept: number[];
  /** Set when the scan met a construct it cannot follow the way bash reads it. */
  unsure: Msg | null;
}

/** Nesting deeper than this is not followed (the command then asks). */
const MAX_NESTING = 500;

const DELIMITERS = ' \t\n;&|()<>';

class TooDeep extends Error {}

interface PendingHereDoc {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
  /** Nesting level of the command context that started it. */
  level: number;
}

/** Reads a command the way bash's reader and lexer do, only as far as needed to place each backslash-newline. */
class Joiner {
  private i = 0;
  out = '';
  readonly removed: number[] = [];
  readonly kept: number[] = [];
  unsure: Msg | null = null;
  private pending: PendingHereDoc[] = [];
  private level = 0;

  constructor(private readonly src: string) {}

  private doubt(reason: Msg): void {
    this.unsure ??= reason;
  }

  /** Bash removes a backslash-newline before the lexer reads the next character. */
  private skipJoins(): void {
    while (this.src[this.i] === '\\' && this.src[this.i + 1] === '\n') {
      this.removed.push(this.out.length);
      this.i += 2;
    }
  }

  /** The next character the lexer will see, continuations skipped; not consumed. */
  private peek(): string | undefined {
    let j = this.i;
    while (this.src[j] === '\\' && this.src[j + 1] === '\n') j += 2;
    return this.src[j];
  }

  private next(): string | undefined {
    this.skipJoins();
    const c = this.src[this.i];
    if (c !== undefined) {
      this.i++;
      this.out += c;
    }
    return c;
  }

  private raw(): string | undefined {
    const c = this.src[this.i];
    if (c !== undefined) {
      this.i++;
      this.out += c;
    }
    return c;
  }

  /** After an unquoted or double-quoted backslash the next character is taken as it is. */
  private escaped(inCommand: boolean): void {
    if (this.src[this.i] === '\r' && this.src[this.i + 1] === '\n') {
      if (inCommand) {
        // Bash reads `\<CR>` as a quoted carriage return; the parser would take `\<CR><LF>` for a continuation.
        this.out = this.out.slice(0, -1) + "$'\\r'";
        this.i++;
        return;
      }
      this.doubt(msg('reasons.continuationCr'));
    }
    this.raw();
  }

  private nest(fn: () => void): void {
    if (++this.level > MAX_NESTING) throw new TooDeep();
    fn();
    this.level--;
  }

  /** Unquoted command text, up to the `)` that closes `$(` when nested. */
  command(nested: boolean): void {
    let parens = 0;
    let wordStart = true;
    for (;;) {
      const c = this.next();
      if (c === undefined) return;
      switch (c) {
        case '\\':
          this.escaped(true);
          break;
        case "'":
          this.single();
          break;
        case '"':
          this.nest(() => this.double());
          break;
        case '`':
          this.nest(() => this.backquote());
          break;
        case '$':
          this.dollar(false);
          break;
        case '#':
          if (wordStart) this.comment();
          break;
        case '\n':
          this.hereDocBodies();
          break;
        case '<':
          if (this.peek() === '<') {
            this.next();
            if (this.peek() === '<') this.next();
            else {
              const stripTabs = this.peek() === '-';
              if (stripTabs) this.next();
              this.hereDocStart(stripTabs);
            }
          }
          break;
        case '(':
          if (this.peek() === '(') {
            this.next();
            this.nest(() => this.arithmetic());
          } else parens++;
          break;
        case ')':
          if (parens > 0) parens--;
          else if (nested) return;
          break;
        default:
          break;
      }
      wordStart = DELIMITERS.includes(c) && c !== '\\';
    }
  }

  private single(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === "'") {
        this.raw();
        return;
      }
      if (c === '\\' && this.src[this.i + 1] === '\n') this.kept.push(this.out.length);
      this.raw();
    }
  }

  private ansiC(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === "'") {
        this.raw();
        return;
      }
      if (c === '\\') {
        if (this.src[this.i + 1] === '\n') this.kept.push(this.out.length);
        this.raw();
      }
      this.raw();
    }
  }

  private comment(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === '\n') return;
      if (c === '\\' && this.src[this.i + 1] === '\n') this.kept.push(this.out.length);
      this.raw();
    }
  }

  private double(): void {
    for (;;) {
      const c = this.next();
      if (c === undefined || c === '"') return;
      if (c === '\\') this.escaped(false);
      else if (c === '$') this.dollar(true);
      else if (c === '`') this.nest(() => this.backquote());
    }
  }

  /** Bash reads the text between backquotes first (removing every continuation in it), then parses it. */
  private backquote(): void {
    for (;;) {
      const c = this.next();
      if (c === undefined || c === '`') return;
      if (c === '\\') this.escaped(false);
    }
  }

  private dollar(inDouble: boolean): void {
    const n = this.peek();
    if (n === "'" && !inDouble) {
      this.next();
      this.ansiC();
    } else if (n === '"' && !inDouble) {
      this.next();
      this.nest(() => this.double());
    } else if (n === '(') {
      this.next();
      if (this.peek() === '(') {
        this.next();
        this.nest(() => this.arithmetic());
      } else this.nest(() => this.command(true));
    } else if (n === '{') {
      this.next();
      this.nest(() => this.parameter(inDouble));
    } else if (n === '[') {
      this.doubt(msg('reasons.continuationOldArithmetic'));
    }
  }

  private parameter(inDouble: boolean): void {
    let braces = 0;
    for (;;) {
      const c = this.next();
      if (c === undefined) return;
      if (c === '\\') this.escaped(false);
      else if (c === "'") {
        // Inside double quotes a single quote in `${...}` is an ordinary character.
        if (!inDouble) this.single();
      } else if (c === '"') this.nest(() => this.double());
      else if (c === '`') this.nest(() => this.backquote());
      else if (c === '$') this.dollar(inDouble);
      else if (c === '{') braces++;
      else if (c === '}') {
        if (braces === 0) return;
        braces--;
      }
    }
  }

  /** `$((...))` and `((...))`, up to the closing `))`. */
  private arithmetic(): void {
    let parens = 0;
    for (;;) {
      const c = this.next();
      if (c === undefined) return;
      if (c === '\\') this.escaped(false);
      else if (c === "'") this.single();
      else if (c === '"') this.nest(() => this.double());
      else if (c === '`') this.nest(() => this.backquote());
      else if (c === '$') this.dollar(false);
      else if (c === '(') parens++;
      else if (c === ')') {
        if (parens > 0) parens--;
        else if (this.peek() === ')') {
          this.next();
          return;
        }
      }
    }
  }

  private hereDocStart(stripTabs: boolean): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.next();
    let delimiter = '';
    let quoted = false;
    for (;;) {
      const c = this.peek();
      if (c === undefined || DELIMITERS.includes(c)) break;
      this.next();
      if (c === "'") {
        quoted = true;
        const start = this.out.length;
        this.single();
        delimiter += this.out.slice(start, -1);
      } else if (c === '"') {
        quoted = true;
        for (;;) {
          const d = this.next();
          if (d === undefined || d === '"') break;
          if (d === '$' || d === '`') this.doubt(msg('reasons.hereDocDelimiterExpands'));
          if (d === '\\' && this.src[this.i] !== undefined && '$`"\\'.includes(this.src[this.i] as string)) {
            delimiter += this.raw() ?? '';
          } else delimiter += d;
        }
      } else if (c === '\\') {
        quoted = true;
        delimiter += this.raw() ?? '';
      } else if (c === '$' || c === '`') {
        this.doubt(msg('reasons.hereDocDelimiterExpands'));
        delimiter += c;
      } else delimiter += c;
    }
    if (delimiter === '' || delimiter.includes('\n')) this.doubt(msg('reasons.hereDocDelimiterUnread'));
    this.pending.push({ delimiter, quoted, stripTabs, level: this.level });
  }

  /** At the end of a command line bash reads the bodies of the here-documents started on it. */
  private hereDocBodies(): void {
    if (this.pending.length === 0) return;
    if (this.pending.some((h) => h.level !== this.level)) this.doubt(msg('reasons.hereDocInSubstitution'));
    const docs = this.pending;
    this.pending = [];
    for (const doc of docs) {
      for (;;) {
        const line = doc.quoted ? this.rawLine() : this.expandedLine();
        if (line === null) return;
        if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
      }
    }
  }

  /** One line of a quoted here-document: taken as it is. Null at the end of the input. */
  private rawLine(): string | null {
    if (this.i >= this.src.length) return null;
    let line = '';
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined) return line;
      if (c === '\\' && this.src[this.i + 1] === '\n') this.kept.push(this.out.length);
      this.raw();
      if (c === '\n') return line;
      line += c;
    }
  }

  /** One line of an unquoted here-document: continuations join it with the next line before bash compares it. */
  private expandedLine(): string | null {
    this.skipJoins();
    if (this.i >= this.src.length) return null;
    let line = '';
    for (;;) {
      const c = this.next();
      if (c === undefined || c === '\n') return line;
      line += c;
      if (c === '\\') {
        const start = this.out.length;
        this.escaped(false);
        line += this.out.slice(start);
      }
    }
  }
}

/** Removes bash's line continuations from a command, recording where each was removed or kept. */
export function joinContinuations(source: string): JoinedSource {
  if (!source.includes('\\\n') && !source.includes('\\\r')) return { text: source, removed: [], kept: [], unsure: null };
  const joiner = new Joiner(source);
  try {
    joiner.command(false);
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    return { text: source, removed: [], kept: [], unsure: msg('reasons.continuationTooDeep') };
  }
  return { text: joiner.out, removed: joiner.removed, kept: joiner.kept, unsure: joiner.unsure };
}
