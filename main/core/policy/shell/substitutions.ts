import type { Node, Parser } from 'web-tree-sitter';

/** The first command or process substitution that starts right after `: ` (offset 2). */
function firstSubstitution(node: Node): Node | null {
  if ((node.type === 'command_substitution' || node.type === 'process_substitution') && node.startIndex === 2) return node;
  for (const c of node.children) {
    if (!c || c.startIndex > 2) continue;
    const found = firstSubstitution(c);
    if (found) return found;
  }
  return null;
}

/**
 * The `$( )`, backtick and `<( )` substitutions written in a static text, each as bash would read it if the text
 * were expanded (an array subscript in a value evaluated as arithmetic is); an unclosed one runs to the end.
 */
export function substitutionsIn(parser: Parser, text: string): string[] {
  const out: string[] = [];
  const starts = /\\.|\$\(|`|<\(|>\(/gs;
  for (let m = starts.exec(text); m !== null; m = starts.exec(text)) {
    if (m[0].startsWith('\\')) continue; // an escaped character stays text
    const tree = parser.parse(`: ${text.slice(m.index)}`);
    if (!tree) continue;
    try {
      const found = firstSubstitution(tree.rootNode);
      const code = found ? found.text : text.slice(m.index);
      out.push(code);
      starts.lastIndex = m.index + Math.max(code.length, 1);
    } finally {
      tree.delete();
    }
  }
  return out;
}

/**
 * The code of each backtick substitution in text bash expands (an unquoted here-document's body): a backslash
 * escapes the next character outside, and inside only `\$`, `` \` `` and `\\` lose their backslash.
 */
export function backtickBodies(text: string): string[] {
  const out: string[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '`') continue;
    if (open < 0) open = i;
    else {
      out.push(text.slice(open + 1, i).replace(/\\([$`\\])/g, '$1'));
      open = -1;
    }
  }
  // An unclosed backtick runs to the end of the body, as bash reads it.
  if (open >= 0) out.push(text.slice(open + 1));
  return out;
}
