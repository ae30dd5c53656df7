import { ToolError } from './errors';

/**
 * The Codex CLI patch format (the one OpenAI models are trained to write), parsed without touching the disk:
 *
 *   *** Begin Patch
 *   *** Add File: path        then lines each starting with '+'
 *   *** Delete File: path
 *   *** Update File: path
 *   *** Move to: newpath      optional, right after Update File
 *   @@ optional header        then ' ' context, '-' removed and '+' added lines
 *   *** End of File           optional: the hunk sits at the end of the file
 *   *** End Patch
 */

/** One line of a hunk: context (` `), removed (`-`) or added (`+`). */
export interface HunkLine {
  sign: ' ' | '-' | '+';
  text: string;
}

export interface PatchHunk {
  /** The text after `@@ `: a line the hunk comes after (usually a function or class line); null for a bare `@@`. */
  header: string | null;
  /** Context and removed lines, in file order: what must be in the file. */
  oldLines: string[];
  /** Context and added lines: what replaces them. */
  newLines: string[];
  /** The lines in patch order, so context lines can keep the file's own spelling of them. */
  body: HunkLine[];
  /** `*** End of File` closed the hunk: its old lines end the file. */
  atEnd: boolean;
  /** Line of the patch the hunk starts at (1-based), for messages. */
  line: number;
}

export type PatchOp =
  | { kind: 'add'; path: string; content: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo: string | null; hunks: PatchHunk[] };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARK = '*** End of File';

function fail(text: string): never {
  throw new ToolError(`apply_patch: ${text}`);
}

/** A line as the message shows it: quoted in backticks, cut when long. */
export function quoteLine(text: string): string {
  const cut = text.length > 120 ? `${text.slice(0, 117)}…` : text;
  return `\`${cut}\``;
}

function isFileHeader(line: string): boolean {
  return line.startsWith(ADD) || line.startsWith(DELETE) || line.startsWith(UPDATE) || line === END;
}

/** Reads the patch line by line; `at` is the 0-based index of the next line, `line(i)` its 1-based number. */
class Cursor {
  at = 0;
  constructor(readonly lines: readonly string[]) {}
  get done(): boolean {
    return this.at >= this.lines.length;
  }
  /** The next line with trailing whitespace (and a CR) removed, as markers are compared. */
  peekMarker(): string {
    return (this.lines[this.at] ?? '').trimEnd();
  }
  peekRaw(): string {
    return this.lines[this.at] ?? '';
  }
  get lineNo(): number {
    return this.at + 1;
  }
}

function pathAfter(marker: string, cur: Cursor): string {
  const p = cur.peekMarker().slice(marker.length).trim();
  if (p === '') fail(`line ${cur.lineNo}: the path after \`${marker.trim()}\` is empty; give the file's path.`);
  return p;
}

function parseAdd(cur: Cursor): PatchOp {
  const path = pathAfter(ADD, cur);
  cur.at++;
  const body: string[] = [];
  while (!cur.done && !cur.peekMarker().startsWith('*** ')) {
    const raw = cur.peekRaw().replace(/\r$/, '');
    if (!raw.startsWith('+')) {
      fail(`line ${cur.lineNo}: every line of an added file must start with \`+\`, but it is ${quoteLine(raw)}.`);
    }
    body.push(raw.slice(1));
    cur.at++;
  }
  return { kind: 'add', path, content: body.length === 0 ? '' : `${body.join('\n')}\n` };
}

function parseHunk(cur: Cursor, first: boolean): PatchHunk {
  const start = cur.lineNo;
  let header: string | null = null;
  const opening = cur.peekMarker();
  if (opening === '@@' || opening.startsWith('@@ ')) {
    header = opening === '@@' ? null : opening.slice(3).trim() || null;
    cur.at++;
  } else if (!first) {
    fail(`line ${cur.lineNo}: expected \`@@\` to start the next hunk, but it is ${quoteLine(cur.peekRaw())}.`);
  }
  const hunk: PatchHunk = { header, oldLines: [], newLines: [], body: [], atEnd: false, line: start };
  let body = 0;
  // Blank lines a model leaves before the next header are not context; those at the end are dropped below.
  let trailingBlank = 0;
  while (!cur.done) {
    const marker = cur.peekMarker();
    if (marker === EOF_MARK) {
      if (body === 0) fail(`line ${cur.lineNo}: \`${EOF_MARK}\` must follow the lines of a hunk, but the hunk at line ${start} has none.`);
      hunk.atEnd = true;
      cur.at++;
      break;
    }
    if (marker.startsWith('*** ') || marker === '@@' || marker.startsWith('@@ ')) break;
    const raw = cur.peekRaw().replace(/\r$/, '');
    const sign = raw[0];
    const text = raw.slice(1);
    if (raw === '') {
      hunk.body.push({ sign: ' ', text: '' });
      trailingBlank++;
    } else if (sign === ' ' || sign === '-' || sign === '+') {
      hunk.body.push({ sign, text });
      trailingBlank = 0;
    } else {
      fail(
        `line ${cur.lineNo}: expected a hunk line starting with \` \` (context), \`-\` (removed) or \`+\` (added), ` +
          `an \`@@\` line or a \`*** \` header, but it is ${quoteLine(raw)}.`,
      );
    }
    body++;
    cur.at++;
  }
  if (!hunk.atEnd && trailingBlank > 0) {
    hunk.body.splice(hunk.body.length - trailingBlank);
    body -= trailingBlank;
  }
  for (const l of hunk.body) {
    if (l.sign !== '+') hunk.oldLines.push(l.text);
    if (l.sign !== '-') hunk.newLines.push(l.text);
  }
  if (body === 0) fail(`line ${start}: the hunk has no lines; give the context, \`-\` and \`+\` lines after \`@@\`.`);
  return hunk;
}

function parseUpdate(cur: Cursor): PatchOp {
  const headerLine = cur.lineNo;
  const path = pathAfter(UPDATE, cur);
  cur.at++;
  let moveTo: string | null = null;
  if (!cur.done && cur.peekMarker().startsWith(MOVE)) {
    moveTo = pathAfter(MOVE, cur);
    cur.at++;
  }
  const hunks: PatchHunk[] = [];
  while (!cur.done && !isFileHeader(cur.peekMarker())) {
    const marker = cur.peekMarker();
    if (marker.startsWith('*** ')) {
      fail(
        `line ${cur.lineNo}: ${quoteLine(marker)} is not a patch line; expected \`@@\`, a hunk line, ` +
          `\`*** Add File: \`, \`*** Delete File: \`, \`*** Update File: \` or \`${END}\`.`,
      );
    }
    // A blank line between hunks separates them; it is not context.
    if (marker === '') {
      cur.at++;
      continue;
    }
    hunks.push(parseHunk(cur, hunks.length === 0));
  }
  if (hunks.length === 0 && moveTo === null) {
    fail(`line ${headerLine}: \`${UPDATE}${path}\` has no hunk; add \`@@\` and the lines to change.`);
  }
  return { kind: 'update', path, moveTo, hunks };
}

/** Parses a whole patch; a malformed one throws a ToolError naming the line and what was expected there. */
export function parsePatch(text: string): PatchOp[] {
  const lines = text.split('\n');
  // Blank lines around the patch (a final newline, an indented heredoc) carry nothing.
  let first = 0;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  let last = lines.length - 1;
  while (last >= first && (lines[last] ?? '').trim() === '') last--;
  if (first > last) fail('the patch is empty; send it from `*** Begin Patch` to `*** End Patch`.');
  // Lines past the last non-blank one are left out, so the end check below sees only what the model wrote.
  const body = new Cursor(lines.slice(0, last + 1));
  body.at = first;
  if (body.peekMarker().trim() !== BEGIN) {
    fail(`line ${body.lineNo} must be \`${BEGIN}\`, but it is ${quoteLine(body.peekRaw())}.`);
  }
  body.at++;
  const ops: PatchOp[] = [];
  for (;;) {
    if (body.done) fail(`the patch ends at line ${last + 1} without \`${END}\`; end it with that line.`);
    const marker = body.peekMarker();
    if (marker.trim() === END) {
      body.at++;
      break;
    }
    if (marker.startsWith(ADD)) ops.push(parseAdd(body));
    else if (marker.startsWith(DELETE)) {
      ops.push({ kind: 'delete', path: pathAfter(DELETE, body) });
      body.at++;
    } else if (marker.startsWith(UPDATE)) ops.push(parseUpdate(body));
    else if (marker === '') body.at++;
    else {
      fail(
        `line ${body.lineNo}: expected \`*** Add File: \`, \`*** Delete File: \`, \`*** Update File: \` or ` +
          `\`${END}\`, but it is ${quoteLine(body.peekRaw())}.`,
      );
    }
  }
  if (!body.done) fail(`line ${body.lineNo}: nothing may follow \`${END}\`, but it is ${quoteLine(body.peekRaw())}.`);
  if (ops.length === 0) fail('the patch changes no file; add an `*** Add File: `, `*** Delete File: ` or `*** Update File: ` section.');
  return ops;
}
