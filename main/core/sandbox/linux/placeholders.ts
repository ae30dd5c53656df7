import { mkdirSync, rmdirSync } from 'node:fs';

/**
 * The empty folders that stand, during a command, where a protected folder does not exist yet (`.paragents`,
 * `.git/hooks` …): bubblewrap mounts an empty read-only folder there, so the command cannot create it. Commands of
 * several sessions may share one; the last to end removes it, and only while it is still empty.
 */
export class Placeholders {
  private readonly held = new Map<string, number>();

  /** Makes the folders that are missing; returns the ones this call holds (to give back with `release`). */
  hold(dirs: readonly string[]): string[] {
    const out: string[] = [];
    for (const dir of dirs) {
      const n = this.held.get(dir) ?? 0;
      if (n === 0) {
        try {
          mkdirSync(dir);
        } catch (e) {
          // Made since the plan looked (by someone else): it is no longer ours to make or remove.
          if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw e;
        }
      }
      this.held.set(dir, n + 1);
      out.push(dir);
    }
    return out;
  }

  release(dirs: readonly string[]): void {
    for (const dir of dirs) {
      const n = (this.held.get(dir) ?? 1) - 1;
      if (n > 0) {
        this.held.set(dir, n);
        continue;
      }
      this.held.delete(dir);
      try {
        rmdirSync(dir);
      } catch {
        // Not empty any more (something outside the sandbox wrote there): it stays.
      }
    }
  }
}
