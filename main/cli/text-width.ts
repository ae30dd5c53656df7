/*
 * Terminal columns of a text: East Asian wide and fullwidth characters (Chinese, Japanese, Korean, fullwidth
 * punctuation) take two columns, so that tables stay aligned when a name or a label is in Chinese.
 */

const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function isWide(code: number): boolean {
  for (const [from, to] of WIDE) if (code >= from && code <= to) return true;
  return false;
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += isWide(ch.codePointAt(0) ?? 0) ? 2 : 1;
  return width;
}

/** `text` padded with spaces on the right to `columns` terminal columns (as padEnd does for narrow text). */
export function padEndColumns(text: string, columns: number): string {
  return text + ' '.repeat(Math.max(0, columns - displayWidth(text)));
}

/** `text` padded with spaces on the left to `columns` terminal columns. */
export function padStartColumns(text: string, columns: number): string {
  return ' '.repeat(Math.max(0, columns - displayWidth(text))) + text;
}
