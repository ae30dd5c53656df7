import type { Node } from 'web-tree-sitter';
import type { JoinedSource } from './continuations';

/*
 * The second half of reading line continuations: after the joined text is parsed, each removed or kept
 * backslash-newline is checked against where the parse says it sits (continuations.ts places them the way bash's
 * reader does).
 */

function quotedHereDoc(body: Node): boolean {
  const start = body.parent?.children.find((c) => c?.type === 'heredoc_start');
  return start ? /['"\\]/.test(start.text) : false;
}

/** What a node says about a backslash-newline inside it: kept as text, removed, or nothing. */
function ruleOf(node: Node): 'kept' | 'removed' | null {
  switch (node.type) {
    case 'raw_string':
    case 'ansi_c_string':
    case 'comment':
      return 'kept';
    case 'command_substitution':
      // Bash removes every continuation between backquotes before it parses them.
      return node.child(0)?.type === '`' ? 'removed' : null;
    case 'heredoc_body':
      return quotedHereDoc(node) ? 'kept' : null;
    default:
      return null;
  }
}

/**
 * Whether the parse puts an offset inside text bash keeps as it is (single quotes, `$'...'`, a comment, a quoted
 * here-document). `between` asks about the gap before the character at `pos` (where a continuation was removed).
 * The outermost node with a rule decides: quotes inside backquotes do not protect a continuation.
 */
function literalAt(root: Node, pos: number, between: boolean): boolean {
  const holds = (n: Node): boolean => (between ? n.startIndex < pos && pos < n.endIndex : n.startIndex <= pos && pos < n.endIndex);
  let node: Node | null = between ? root.descendantForIndex(Math.max(pos - 1, 0), pos) : root.descendantForIndex(pos, pos);
  while (node && !holds(node)) node = node.parent;
  let rule: 'kept' | 'removed' | null = null;
  for (; node; node = node.parent) rule = ruleOf(node) ?? rule;
  return rule === 'kept';
}

/**
 * Checks the parse of the joined text against the join: every removed continuation must sit where bash removes
 * it, every kept one where bash keeps it. A disagreement means the parser and bash may read different commands.
 */
export function joinMatchesParse(root: Node, joined: JoinedSource): boolean {
  return joined.kept.every((k) => literalAt(root, k, false)) && joined.removed.every((p) => !literalAt(root, p, true));
}
