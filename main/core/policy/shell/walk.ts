import path from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import { joinContinuations } from './continuations';
import { joinMatchesParse } from './continuations-parse-check';
import { scanHiddenCode } from './hidden-code';
import { backtickBodies, substitutionsIn } from './substitutions';
import { evalWord, staticWord } from './words';
import type { Assignment, FileOp, ShellAnalysis, ShellWord, SimpleCommand } from './types';

/** Nested code (`bash -c`, `eval`, backticks, heredocs fed to shells) deeper than this asks. */
export const MAX_CODE_DEPTH = 6;

interface Frame {
  piped: boolean;
  hereDoc: boolean;
}

const NO_FRAME: Frame = { piped: false, hereDoc: false };

/** A reason is listed once: two sentences that read the same are the same reason. */
function said(list: readonly Msg[], m: Msg): boolean {
  const text = english(m);
  return list.some((x) => english(x) === text);
}

/** Walks a tree-sitter-bash tree and records every simple command, file redirect and heredoc in it. */
export class ShellWalker {
  readonly result: ShellAnalysis = { commands: [], files: [], hereDocs: [], issues: [], hiddenCode: [] };
  private cwd: string | null;
  /** ERROR nodes already explained (the `<>` operator, which tree-sitter-bash does not know). */
  private readonly explained = new Set<number>();

  constructor(
    private readonly parser: Parser,
    private readonly home: string,
    cwd: string | null,
    private readonly depth: number,
  ) {
    this.cwd = cwd;
  }

  walkSource(source: string): void {
    if (this.depth > MAX_CODE_DEPTH) {
      this.result.issues.push(msg('reasons.nestedTooDeep'));
      return;
    }
    // The parser reads a backslash-newline as a space; bash joins the two lines first, so parse what bash reads.
    const joined = joinContinuations(source);
    const tree = this.parser.parse(joined.text);
    if (!tree) {
      this.result.issues.push(msg('reasons.notParsed'));
      return;
    }
    try {
      if (joined.unsure !== null) this.issue(msg('reasons.continuation', { why: joined.unsure }));
      else if (!joinMatchesParse(tree.rootNode, joined)) {
        this.issue(msg('reasons.continuation', { why: msg('reasons.bashReadsDifferently') }));
      }
      this.visit(tree.rootNode, NO_FRAME);
      this.hiddenCode(tree.rootNode);
    } finally {
      tree.delete();
    }
  }

  /**
   * Code bash may run from a value (arithmetic, names taken from values) asks; and since the value can be any
   * static text of the command, the substitutions written in such text are checked as commands too, so a deny
   * rule or the critical list still sees `rm` in `x='a[$(rm -rf ~)]'`.
   */
  private hiddenCode(root: Node): void {
    const found = scanHiddenCode(root, this.home);
    for (const reason of found.reasons) if (!said(this.result.hiddenCode, reason)) this.result.hiddenCode.push(reason);
    for (const literal of found.literals) {
      for (const code of substitutionsIn(this.parser, literal)) {
        // Where and when the value is evaluated is not known, so neither is the folder it runs in.
        const nested = new ShellWalker(this.parser, this.home, null, this.depth + 1);
        nested.walkSource(`: ${code}`);
        this.merge({ ...nested.result, hereDocs: [] });
      }
    }
  }

  private issue(message: Msg): void {
    if (!said(this.result.issues, message)) this.result.issues.push(message);
  }

  private scoped(fn: () => void): void {
    const saved = this.cwd;
    fn();
    this.cwd = saved;
  }

  private visitChildren(node: Node, frame: Frame): void {
    for (const child of node.children) if (child) this.visit(child, frame);
  }

  private visit(node: Node, frame: Frame): void {
    if (node.isMissing) this.issue(msg('reasons.incomplete', { what: JSON.stringify(node.type) }));
    switch (node.type) {
      case 'comment':
        return;
      case 'ERROR':
        if (!this.explained.has(node.id)) this.issue(msg('reasons.notParsedBash'));
        this.visitChildren(node, NO_FRAME);
        return;
      case 'command':
        this.command(node, frame);
        return;
      case 'declaration_command':
      case 'unset_command':
        this.declaration(node);
        return;
      case 'variable_assignment':
        this.bareAssignment(node);
        return;
      case 'for_statement':
        this.loopVariable(node);
        this.visitChildren(node, frame);
        return;
      case 'redirected_statement':
        this.redirected(node, frame);
        return;
      case 'pipeline':
        this.pipeline(node, frame);
        return;
      case 'subshell':
      case 'process_substitution':
        this.scoped(() => this.visitChildren(node, NO_FRAME));
        return;
      case 'command_substitution':
        this.commandSubstitution(node);
        return;
      case 'file_redirect':
        this.fileRedirect(node, false);
        return;
      case 'heredoc_redirect':
        this.heredoc(node);
        return;
      case 'herestring_redirect':
        this.herestring(node);
        return;
      default:
        this.visitChildren(node, frame);
    }
  }

  private pipeline(node: Node, frame: Frame): void {
    let piped = frame.piped;
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === '|' || child.type === '|&') {
        piped = true;
        continue;
      }
      const inner: Frame = { piped, hereDoc: frame.hereDoc && !piped };
      this.scoped(() => this.visit(child, inner));
    }
  }

  private redirected(node: Node, frame: Frame): void {
    let hereDoc = frame.hereDoc;
    const children = node.children.filter((c): c is Node => c !== null);
    const bodyId = node.childForFieldName('body')?.id;
    children.forEach((child, i) => {
      if (child.type === 'heredoc_redirect' || child.type === 'herestring_redirect') hereDoc = true;
      if (child.type === 'ERROR' && this.isSplitReadWrite(child, children[i + 1])) this.explained.add(child.id);
    });
    for (const [i, child] of children.entries()) {
      if (child.type === 'file_redirect') {
        const prev = children[i - 1];
        this.fileRedirect(child, prev !== undefined && this.explained.has(prev.id));
      } else if (child.type === 'ERROR' && this.explained.has(child.id)) {
        continue;
      } else if (child.id === bodyId) {
        this.visit(child, { piped: frame.piped, hereDoc });
      } else {
        this.visit(child, frame);
      }
    }
  }

  /** `cmd <> file` parses as ERROR("<") followed by a `>` redirect. */
  private isSplitReadWrite(error: Node, next: Node | undefined): boolean {
    if (!next || next.type !== 'file_redirect' || error.endIndex !== next.startIndex) return false;
    if (error.childCount !== 1 || error.child(0)?.type !== '<') return false;
    return next.children.some((c) => c?.type === '>');
  }

  private fileRedirect(node: Node, splitReadWrite: boolean): void {
    let op: string | null = null;
    let readWrite = splitReadWrite;
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === 'ERROR' && op === '<' && child.childCount === 1 && child.child(0)?.type === '>') {
        // `3<> file` parses as "<" ERROR(">") destination.
        readWrite = true;
        this.explained.add(child.id);
        continue;
      }
      if (!child.isNamed && op === null) op = child.type;
    }
    const dest = node.childForFieldName('destination');
    if (!dest || op === null) {
      this.visitChildren(node, NO_FRAME);
      return;
    }
    this.visitChildren(dest, NO_FRAME);
    const word = evalWord(dest, this.home);
    let fileOp: FileOp;
    if (readWrite) fileOp = 'readwrite';
    else if (op === '<') fileOp = 'read';
    else if (op === '<&' || op === '>&' || op === '<&-' || op === '>&-') {
      if (word.value !== null && /^(\d+-?|-)$/.test(word.value)) return; // fd duplication / close
      if (op === '<&' || op === '<&-') return; // bash refuses `<&file`
      fileOp = 'write';
    } else fileOp = 'write';
    this.result.files.push({ op: fileOp, word, cwd: this.cwd, via: readWrite ? '<>' : op, recursive: false });
  }

  private heredoc(node: Node): void {
    const start = node.children.find((c) => c?.type === 'heredoc_start');
    const quoted = start ? /['"\\]/.test(start.text) : false;
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === 'heredoc_body') {
        const dynamic = !quoted && child.namedChildren.some((c) => c !== null && c.type !== 'heredoc_content');
        const backticks = quoted ? [] : this.heredocBackticks(child);
        this.result.hereDocs.push({ text: child.text, dynamic: dynamic || backticks.length > 0 });
        if (!quoted) this.visitChildren(child, NO_FRAME);
        for (const code of backticks) this.nestedCode(code);
      } else if (child.type === 'pipeline' || child.type === 'command') {
        // `cat <<EOF | bash`: the rest of the pipeline hangs below the heredoc.
        const first = child.children[0];
        const piped = child.type === 'pipeline' && (first?.type === '|' || first?.type === '|&');
        this.scoped(() => this.visit(child, { piped, hereDoc: false }));
      } else {
        this.visit(child, NO_FRAME);
      }
    }
  }

  private herestring(node: Node): void {
    const body = node.namedChildren.find((c) => c !== null);
    if (!body) return;
    this.visitChildren(node, NO_FRAME);
    const word = evalWord(body, this.home);
    this.result.hereDocs.push({ text: word.value ?? body.text, dynamic: word.value === null });
  }

  private commandSubstitution(node: Node): void {
    if (node.child(0)?.type !== '`') {
      this.scoped(() => this.visitChildren(node, NO_FRAME));
      return;
    }
    // Inside backticks bash first removes the backslash before $, ` and \, then parses the text again.
    this.nestedCode(node.text.slice(1, -1).replace(/\\([$`\\])/g, '$1'));
  }

  private nestedCode(code: string): void {
    const nested = new ShellWalker(this.parser, this.home, this.cwd, this.depth + 1);
    nested.walkSource(code);
    this.merge(nested.result);
  }

  /** An unquoted here-document runs its backtick substitutions, which the grammar leaves as text. */
  private heredocBackticks(body: Node): string[] {
    const texts = body.namedChildren.length === 0 ? [body.text] : body.namedChildren.filter((c) => c?.type === 'heredoc_content').map((c) => (c as Node).text);
    return texts.flatMap(backtickBodies);
  }

  merge(other: ShellAnalysis): void {
    this.result.commands.push(...other.commands);
    this.result.files.push(...other.files);
    this.result.hereDocs.push(...other.hereDocs);
    for (const i of other.issues) this.issue(i);
    for (const h of other.hiddenCode) if (!said(this.result.hiddenCode, h)) this.result.hiddenCode.push(h);
  }

  private assignment(node: Node): Assignment {
    const name = node.childForFieldName('name')?.text ?? node.text;
    const value = node.childForFieldName('value');
    if (value) this.visit(value, NO_FRAME);
    for (const child of node.children) {
      // `a[$(cmd)]=x`: subscripts are evaluated too.
      if (child && child !== value && child.type === 'subscript') this.visit(child, NO_FRAME);
    }
    return { name: name.replace(/\[.*$/s, ''), text: node.text };
  }

  private bareAssignment(node: Node): void {
    const a = this.assignment(node);
    this.record([], [a], NO_FRAME, node.text, true);
  }

  /** `for NAME in ...` assigns NAME before each pass, as `NAME=value` would. */
  private loopVariable(node: Node): void {
    const variable = node.childForFieldName('variable');
    if (!variable) return;
    const keyword = node.child(0)?.text ?? 'for';
    this.record([], [{ name: variable.text, text: `${keyword} ${variable.text}` }], NO_FRAME, `${keyword} ${variable.text}`, true);
  }

  private declaration(node: Node): void {
    const argv: ShellWord[] = [];
    const assignments: Assignment[] = [];
    for (const child of node.children) {
      if (!child) continue;
      if (!child.isNamed) argv.push(staticWord(child.type));
      else if (child.type === 'variable_assignment') assignments.push(this.assignment(child));
      else {
        this.visit(child, NO_FRAME);
        argv.push(evalWord(child, this.home));
      }
    }
    this.record(argv, assignments, NO_FRAME, node.text, true);
  }

  private command(node: Node, frame: Frame): void {
    const assignments: Assignment[] = [];
    const argv: ShellWord[] = [];
    let hereDoc = frame.hereDoc;
    for (const child of node.children) {
      if (!child) continue;
      switch (child.type) {
        case 'variable_assignment':
          assignments.push(this.assignment(child));
          break;
        case 'command_name': {
          const inner = child.namedChildren[0] ?? child;
          this.visit(inner, NO_FRAME);
          argv.push(evalWord(inner, this.home));
          break;
        }
        case 'file_redirect':
          this.fileRedirect(child, false);
          break;
        case 'heredoc_redirect':
        case 'herestring_redirect':
          hereDoc = true;
          this.visit(child, NO_FRAME);
          break;
        default:
          if (!child.isNamed) break;
          this.visit(child, NO_FRAME);
          argv.push(evalWord(child, this.home));
      }
    }
    this.record(argv, assignments, { piped: frame.piped, hereDoc }, node.text, false);
    this.trackCd(argv);
  }

  private record(argv: ShellWord[], assignments: Assignment[], frame: Frame, text: string, declaration: boolean): void {
    const cmd: SimpleCommand = {
      argv,
      assignments,
      cwd: this.cwd,
      piped: frame.piped,
      hereDoc: frame.hereDoc,
      declaration,
      text,
      depth: this.depth,
    };
    this.result.commands.push(cmd);
  }

  private trackCd(words: ShellWord[]): void {
    let argv = words;
    // `builtin cd` and `command cd` change the folder too.
    while (argv[0]?.value === 'builtin' || argv[0]?.value === 'command') {
      argv = argv.slice(argv[1]?.value === '-p' ? 2 : 1);
    }
    const name = argv[0]?.value;
    if (name === 'eval' || name === 'trap') {
      // Code run by eval, or by a trap before later commands (DEBUG), can change the folder as well.
      if (argv.slice(1).some((w) => w.value === null || /\b(cd|pushd|popd)\b/.test(w.value))) this.cwd = null;
      return;
    }
    if (name === 'popd') {
      this.cwd = null;
      return;
    }
    if (name !== 'cd' && name !== 'pushd') return;
    const args = argv.slice(1).filter((w) => !(w.value !== null && /^-[LPe@]+$/.test(w.value)));
    if (args[0]?.value === '--') args.shift();
    const target = args[0];
    if (!target) {
      this.cwd = name === 'cd' ? this.home : null;
      return;
    }
    // `-`, `pushd +1`, `pushd -n dir`: a folder from the stack, or none.
    if (target.value === null || /^[-+]/.test(target.value) || target.glob || this.cwd === null) {
      this.cwd = null;
      return;
    }
    this.cwd = path.resolve(this.cwd, target.value);
  }
}
