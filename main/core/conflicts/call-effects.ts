import type { CallGate } from '../engine/turn-context';
import type { ConflictContext } from './context';
import { bashEffects } from './bash-effects';
import { realPathOf } from './real-path';

export type GateCall = Parameters<CallGate['beforeCall']>[0];

/** What one tool call does that the conflict checks care about; paths are real (symlinks resolved). */
export type CallEffects =
  | { kind: 'none' }
  | { kind: 'read'; path: string }
  | {
      kind: 'write';
      /** Every file written: leased, locked, journaled. */
      writes: string[];
      /** The writes that overwrite or edit an existing file's content: the stale-read check applies. */
      edits: ReadonlySet<string>;
      exclusive: string | null;
      destructive: string | null;
    };

export async function callEffects(ctx: ConflictContext, call: GateCall, ws: string): Promise<CallEffects> {
  const effects = call.tool.effects(call.input, { workspace: call.workspace });
  switch (call.tool.name) {
    case 'Read': {
      const target = effects.reads[0];
      return target ? { kind: 'read', path: realPathOf(target) } : { kind: 'none' };
    }
    case 'Write':
    case 'Edit': {
      const writes = [...new Set(effects.writes.map(realPathOf))];
      return { kind: 'write', writes, edits: new Set(writes), exclusive: null, destructive: null };
    }
    case 'Bash': {
      const be = await bashEffects(effects.command ?? '', call.workspace, ctx.exclusivePatterns(ws));
      if (be.writes.length === 0 && !be.exclusive && !be.destructiveGit) return { kind: 'none' };
      const writes = [...new Set(be.writes.map((w) => realPathOf(w.path)))];
      const edits = new Set(be.writes.filter((w) => w.edit).map((w) => realPathOf(w.path)));
      return { kind: 'write', writes, edits, exclusive: be.exclusive, destructive: be.destructiveGit };
    }
    default:
      return { kind: 'none' };
  }
}
