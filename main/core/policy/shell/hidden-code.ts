import type { Node } from 'web-tree-sitter';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import { builtinAssignedNames } from './env-vars';
import { expansionShape, isLiteralArithmetic, splitSubscript, subscriptRunsArithmetic } from './arithmetic-text';
import { decodeAnsiC, evalWord, unescapeDoubleQuoted } from './words';

/**
 * Places where bash turns a value into code the parse cannot see: arithmetic contexts (a name's value is evaluated
 * again, and an array subscript in it runs `$( )`), variable names taken from values (`${!x}`, `unset "$x"`,
 * `read "$x"`, namerefs), integer variables, and `@P`/`@E` transformations. Each place is a reason the whole
 * command asks a person, whatever the mode or the rules say.
 */
export interface HiddenCode {
  reasons: Msg[];
  /** Static text in the command that holds `$( )`, backticks or `<( )`: code a hidden evaluation may run. */
  literals: string[];
}

const ARITHMETIC_TEST_OPERATORS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
/** `[[ -v name ]]` and `[[ -R name ]]` read a variable name, subscript included. */
const NAME_TEST_OPERATORS = new Set(['-v', '-R']);
const CODE_TRIGGERS = /\$\(|`|<\(|>\(/;
/** Variables whose value bash expands as a prompt (with `$( )`) or runs as a command later. */
const CODE_VARIABLES = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4', 'PROMPT_COMMAND']);

/** The source a reason quotes, on one line and short, between backticks. */
function show(node: Node): string {
  const one = node.text.replace(/\s+/g, ' ').trim();
  const short = one.length > 60 ? `${one.slice(0, 57)}...` : one;
  return '`' + short + '`';
}

/** One bash word given as adjacent nodes (`unset a[k]` parses as `a` next to `[k]`). */
function wordsOf(nodes: Node[], home: string): { value: string | null; node: Node }[] {
  const out: { value: string | null; node: Node; end: number }[] = [];
  for (const n of nodes) {
    const value = evalWord(n, home).value;
    const last = out[out.length - 1];
    if (last && last.end === n.startIndex) {
      last.value = last.value === null || value === null ? null : last.value + value;
      last.end = n.endIndex;
    } else out.push({ value, node: n, end: n.endIndex });
  }
  return out;
}

function optionLetters(words: { value: string | null }[]): string {
  return words.map((w) => (w.value !== null && /^[-+][A-Za-z]+$/.test(w.value) ? w.value.slice(1) : '')).join('');
}

class Scanner {
  readonly reasons: Msg[] = [];
  /** A value may become code, and the command already asks for another reason (a name only known at run time). */
  suspicious = false;
  readonly associative = new Set<string>();
  readonly integers = new Set<string>();

  constructor(private readonly home: string) {}

  private add(reason: Msg): void {
    const text = english(reason);
    if (!this.reasons.some((r) => english(r) === text)) this.reasons.push(reason);
  }

  private arithmetic(node: Node, text: string | null): void {
    if (text !== null && isLiteralArithmetic(text)) return;
    const shown = show(node);
    this.add(msg('reasons.hiddenArithmetic', { snippet: shown }));
  }

  /**
   * A word bash reads as a variable name: unknown names and subscripts other than literal numbers can run code.
   * `askedElsewhere`: the analysis already asks for a name only known at run time (`read`, `printf -v`, `declare`).
   */
  private variableName(node: Node, value: string | null, askedElsewhere = false): void {
    if (value === null && askedElsewhere) {
      this.suspicious = true;
      return;
    }
    if (value === null) {
      const shown = show(node);
      this.add(msg('reasons.hiddenName', { snippet: shown }));
      return;
    }
    const sub = splitSubscript(value);
    if (sub && subscriptRunsArithmetic(sub.array, sub.index, this.associative)) this.arithmetic(node, sub.index);
  }

  private integerAssignment(node: Node): void {
    const shown = show(node);
    this.add(msg('reasons.hiddenInteger', { snippet: shown }));
  }

  /** First pass: which names are associative arrays and which are integers in this command. */
  collect(node: Node): void {
    if (node.type === 'declaration_command') {
      const named = node.children.filter((c): c is Node => c !== null && c.isNamed);
      const letters = optionLetters(wordsOf(named.filter((c) => c.type === 'word'), this.home));
      for (const c of named) {
        const name = c.type === 'variable_assignment' ? (c.childForFieldName('name')?.text ?? '') : c.type === 'word' || c.type === 'variable_name' ? c.text : '';
        const base = name.replace(/\[.*$/s, '');
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(base)) continue;
        if (letters.includes('A')) this.associative.add(base);
        if (letters.includes('i')) this.integers.add(base);
      }
    }
    for (const c of node.children) if (c) this.collect(c);
  }

  scan(node: Node): void {
    switch (node.type) {
      case 'arithmetic_expansion': {
        const open = node.child(0)?.type === '$[' ? 2 : 3;
        const close = open === 2 ? 1 : 2;
        this.arithmetic(node, node.text.slice(open, node.text.length - close));
        break;
      }
      case 'command_substitution':
        // In a here-document the grammar reads `$((x))` as `$( (x) )`; bash reads arithmetic.
        if (node.text.startsWith('$((') && node.text.endsWith('))')) this.arithmetic(node, node.text.slice(3, -2));
        break;
      case 'compound_statement':
        if (node.child(0)?.type === '((') this.arithmetic(node, this.between(node, '((', '))'));
        break;
      case 'c_style_for_statement':
        this.arithmetic(node, this.between(node, '((', '))'));
        break;
      case 'test_command':
        this.testCommand(node);
        break;
      case 'expansion':
        this.expansion(node);
        break;
      case 'subscript':
        if (node.parent?.type !== 'expansion') this.subscript(node);
        break;
      case 'variable_assignment':
        this.assignment(node);
        break;
      case 'for_statement': {
        const variable = node.childForFieldName('variable')?.text;
        if (variable && this.integers.has(variable)) this.integerAssignment(node);
        break;
      }
      case 'declaration_command':
        this.declaration(node);
        break;
      case 'unset_command':
        this.unset(node, node.children.slice(1).filter((c): c is Node => c !== null && c.isNamed));
        break;
      case 'command':
        this.command(node);
        break;
      default:
        break;
    }
    for (const c of node.children) if (c) this.scan(c);
  }

  /** The source text between two tokens of a node (`((` … `))`). */
  private between(node: Node, open: string, close: string): string | null {
    const children = node.children.filter((c): c is Node => c !== null);
    const start = children.find((c) => c.type === open);
    const end = [...children].reverse().find((c) => c.type === close);
    if (!start || !end || end.startIndex < start.endIndex) return null;
    return node.text.slice(start.endIndex - node.startIndex, end.startIndex - node.startIndex);
  }

  private operandText(node: Node): string | null {
    const value = evalWord(node, this.home).value;
    if (value !== null) return value;
    // `"$#"` and `$?` are dynamic words but always numbers.
    const raw = node.type === 'string' ? node.text.slice(1, -1) : node.text;
    return isLiteralArithmetic(raw) ? raw : null;
  }

  private testCommand(node: Node): void {
    const double = node.child(0)?.type === '[[';
    const visit = (n: Node): void => {
      if (n.type === 'command_substitution' || n.type === 'process_substitution') return;
      if (n.type === 'binary_expression' && double) {
        const op = n.children.find((c) => c?.type === 'test_operator')?.text;
        if (op && ARITHMETIC_TEST_OPERATORS.has(op)) {
          for (const side of n.namedChildren) {
            if (side && side.type !== 'test_operator') this.arithmetic(node, this.operandText(side));
          }
        }
      }
      if (n.type === 'unary_expression') {
        const op = n.children.find((c) => c?.type === 'test_operator')?.text;
        const operands = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'test_operator');
        if (op && NAME_TEST_OPERATORS.has(op)) {
          for (const w of wordsOf(operands, this.home)) this.variableName(node, w.value);
        }
      }
      for (const c of n.namedChildren) if (c) visit(c);
    };
    for (const c of node.namedChildren) if (c) visit(c);
  }

  private expansion(node: Node): void {
    const shape = expansionShape(node.text);
    if (shape === null) return;
    const shown = show(node);
    if (shape.indirect) this.add(msg('reasons.hiddenIndirect', { snippet: shown }));
    if (shape.subscript !== null && subscriptRunsArithmetic(shape.name, shape.subscript, this.associative)) {
      if (!isLiteralArithmetic(shape.subscript)) this.arithmetic(node, null);
    }
    if (shape.substring !== null) this.arithmetic(node, shape.substring);
    if (shape.transform === 'P' || shape.transform === 'E') {
      this.add(msg('reasons.hiddenTransform', { snippet: shown }));
    }
  }

  private subscript(node: Node): void {
    const array = node.childForFieldName('name')?.text ?? node.namedChildren[0]?.text ?? '';
    const sub = splitSubscript(node.text);
    if (sub && subscriptRunsArithmetic(array, sub.index, this.associative) && !isLiteralArithmetic(sub.index)) {
      this.arithmetic(node, null);
    }
  }

  private assignment(node: Node): void {
    const nameNode = node.childForFieldName('name');
    const name = (nameNode?.text ?? '').replace(/\[.*$/s, '');
    // The analysis asks for setting these; their value is code, so what it runs is checked too.
    if (CODE_VARIABLES.has(name)) this.suspicious = true;
    const value = node.childForFieldName('value');
    const integer = this.integers.has(name);
    if (value?.type === 'array') {
      for (const element of value.namedChildren) {
        if (!element) continue;
        // `([i]=v)`: the index of an indexed array's element is arithmetic.
        const m = /^\[(.*?)\]\+?=/s.exec(element.text);
        if (m && subscriptRunsArithmetic(name, m[1] as string, this.associative) && !isLiteralArithmetic(m[1] as string)) {
          this.arithmetic(node, null);
        }
        const elementValue = m ? element.text.slice(m[0].length) : this.operandText(element);
        if (integer && (elementValue === null || !isLiteralArithmetic(elementValue))) this.integerAssignment(node);
      }
      return;
    }
    if (integer && (value === null || !isLiteralArithmetic(this.operandText(value) ?? '$'))) this.integerAssignment(node);
  }

  private declaration(node: Node): void {
    const named = node.children.filter((c): c is Node => c !== null && c.isNamed);
    const words = wordsOf(named.filter((c) => c.type !== 'variable_assignment'), this.home);
    const letters = optionLetters(words);
    if (letters.includes('f') || letters.includes('F') || letters.includes('p')) return;
    for (const w of words) {
      if (w.value !== null && /^[-+][A-Za-z]+$/.test(w.value)) continue;
      this.variableName(node, w.value, true);
    }
    if (!letters.includes('n')) return;
    // A nameref's value is a variable name, subscript included, read at every use.
    for (const a of named) {
      if (a.type !== 'variable_assignment') continue;
      const value = a.childForFieldName('value');
      this.variableName(node, value ? evalWord(value, this.home).value : '');
    }
  }

  private unset(node: Node, args: Node[]): void {
    const words = wordsOf(args, this.home);
    if (optionLetters(words).includes('f')) return;
    for (const w of words) {
      if (w.value !== null && /^-[A-Za-z]+$/.test(w.value)) continue;
      this.variableName(node, w.value);
    }
  }

  private command(node: Node): void {
    const nameNode = node.childForFieldName('name');
    const args = node.children.filter((c): c is Node => c !== null && c.isNamed && c !== nameNode && c.type !== 'variable_assignment' && !c.type.endsWith('redirect'));
    const program = nameNode ? evalWord(nameNode.namedChildren[0] ?? nameNode, this.home).value : null;
    const words = wordsOf(args, this.home);
    switch (program) {
      case 'let':
        for (const w of words) this.arithmetic(node, w.value);
        return;
      case 'unset':
        this.unset(node, args);
        return;
      case 'test':
      case '[':
        words.forEach((w, i) => {
          const next = words[i + 1];
          if (w.value !== null && NAME_TEST_OPERATORS.has(w.value) && next) this.variableName(node, next.value);
        });
        return;
      case 'wait':
        words.forEach((w, i) => {
          if (w.value === '-p' && words[i + 1]) this.variableName(node, words[i + 1]?.value ?? null);
        });
        return;
      case 'eval':
      case 'source':
      case '.':
        // Code read at run time may assign an integer variable of this command.
        if (this.integers.size > 0) this.integerAssignment(node);
        return;
      default: {
        if (program === null) return;
        const argv = [{ value: program, text: program, glob: false, procSub: false }, ...words.map((w) => ({ value: w.value, text: w.node.text, glob: false, procSub: false }))];
        for (const name of builtinAssignedNames(argv)) {
          if (name !== null && this.integers.has(name.replace(/\[.*$/s, ''))) this.integerAssignment(node);
          this.variableName(node, name, true);
        }
      }
    }
  }
}

/** Static text of a node that bash would hand on as a value, for the literal search. */
function staticText(node: Node, home: string): string | null {
  switch (node.type) {
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'string_content':
      return unescapeDoubleQuoted(node.text);
    case 'heredoc_content':
      return node.text;
    case 'word':
      return evalWord(node, home).value;
    default:
      return null;
  }
}

function collectLiterals(node: Node, home: string, out: string[]): void {
  const text = staticText(node, home);
  if (text !== null && CODE_TRIGGERS.test(text) && !out.includes(text)) out.push(text);
  for (const c of node.children) if (c) collectLiterals(c, home, out);
}

/** The reasons a command hides code from the parse, and the static text such hidden code could come from. */
export function scanHiddenCode(root: Node, home: string): HiddenCode {
  const scanner = new Scanner(home);
  scanner.collect(root);
  scanner.scan(root);
  const literals: string[] = [];
  if (scanner.reasons.length > 0 || scanner.suspicious) collectLiterals(root, home, literals);
  return { reasons: scanner.reasons, literals };
}
