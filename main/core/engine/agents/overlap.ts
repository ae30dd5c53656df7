import picomatch from 'picomatch';

/** A pattern's fixed folder prefix (`src/a/**` → `src/a`), and whether it is a glob at all. */
function scan(pattern: string): { base: string; glob: boolean } {
  const s = picomatch.scan(pattern);
  return { base: s.isGlob ? s.base : pattern, glob: s.isGlob };
}

const norm = (p: string): string => p.replace(/^\.\/+/, '').replace(/\/+$/, '');

/** Whether two declared outputs (paths or globs, relative to the workspace) can name the same file. */
export function patternsOverlap(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  const sx = scan(x);
  const sy = scan(y);
  if (!sx.glob && !sy.glob) return x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
  // A plain path names a file or a whole folder: it meets a glob that matches it or reaches inside it.
  const meets = (path: string, glob: string, base: string): boolean =>
    picomatch(glob, { dot: true })(path) || base === path || base.startsWith(`${path}/`) || base === '';
  if (!sx.glob) return meets(x, y, sy.base);
  if (!sy.glob) return meets(y, x, sx.base);
  // Two globs: they can meet when one's fixed folder lies inside the other's (or either has none).
  const bx = sx.base;
  const by = sy.base;
  return bx === '' || by === '' || bx === by || bx.startsWith(`${by}/`) || by.startsWith(`${bx}/`);
}

/** The outputs of `mine` that overlap any of `theirs`. */
export function overlapping(mine: readonly string[], theirs: readonly string[]): string[] {
  return mine.filter((m) => theirs.some((t) => patternsOverlap(m, t)));
}
