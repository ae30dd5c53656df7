import type { PreparedCall } from '../policy/prepare';
import { bashEffects } from './bash-effects';
import { realPathOf } from './real-path';

/** What one tool call does that the conflict checks care about; paths are real (symlinks resolved). */
export type CallEffects =
  | { kind: 'none' }
  | {
      kind: 'read';
      /** Files whose content the call reads: their version is recorded for the stale-read check. */
      paths: string[];
    }
  | {
      kind: 'write';
      /** Every file written: leased, locked, journaled. */
      writes: string[];
      /** The writes that overwrite or change an existing file's content: the stale-read check applies. */
      mustKnow: ReadonlySet<string>;
      /** The writes that put the whole content: once the call succeeds, the session knows the new version. */
      wholeContent: ReadonlySet<string>;
      exclusive: string | null;
      destructive: string | null;
    };

/**
 * The conflict reading of a prepared call's declared effects. A call that writes is treated as a write (the
 * files it also reads are not recorded); listing, searching, fetching and MCP calls touch nothing guarded.
 */
export function callEffects(call: PreparedCall, exclusivePatterns: readonly string[]): CallEffects {
  const reads: string[] = [];
  const writes: string[] = [];
  const mustKnow = new Set<string>();
  const wholeContent = new Set<string>();
  let exclusive: string | null = null;
  let destructive: string | null = null;
  for (const effect of call.effects) {
    switch (effect.kind) {
      case 'read':
        reads.push(realPathOf(effect.path));
        break;
      case 'write': {
        const real = realPathOf(effect.path);
        writes.push(real);
        mustKnow.add(real);
        if (!effect.edit) wholeContent.add(real);
        break;
      }
      case 'shell': {
        if (!call.shell || call.shell.command !== effect.command) throw new Error(`the command of ${call.name} was not parsed`);
        const be = bashEffects(call.shell, exclusivePatterns);
        for (const w of be.writes) {
          const real = realPathOf(w.path);
          writes.push(real);
          if (w.edit) mustKnow.add(real);
        }
        exclusive ??= be.exclusive;
        destructive ??= be.destructiveGit;
        break;
      }
      case 'list':
      case 'search':
      case 'fetch':
      case 'mcp':
      case 'agent':
      case 'plan':
      case 'opaque':
        break;
      default: {
        const never: never = effect;
        return never;
      }
    }
  }
  if (writes.length > 0 || exclusive !== null || destructive !== null) {
    return { kind: 'write', writes: [...new Set(writes)], mustKnow, wholeContent, exclusive, destructive };
  }
  if (reads.length > 0) return { kind: 'read', paths: [...new Set(reads)] };
  return { kind: 'none' };
}
