import picomatch from 'picomatch';

/** Matchers above this many are dropped and compiled again on use (rules are few; this only bounds odd inputs). */
const MAX_MATCHERS = 2000;

/** Compiled picomatch matchers by glob, owned by one policy engine: every decision tests the same rules again. */
export class GlobMatchers {
  private readonly compiled = new Map<string, (s: string) => boolean>();

  get(glob: string): (s: string) => boolean {
    let m = this.compiled.get(glob);
    if (!m) {
      if (this.compiled.size >= MAX_MATCHERS) this.compiled.clear();
      m = picomatch(glob, { dot: true, nonegate: true });
      this.compiled.set(glob, m);
    }
    return m;
  }
}
