import path from 'node:path';
import picomatch from 'picomatch';
import { msg, type Msg } from '../../../../shared/i18n/message';
import { bashEffects } from '../../conflicts/bash-effects';
import { realPathOf } from '../../conflicts/real-path';
import type { PreparedCall } from '../../policy/prepare';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';

const inside = (p: string, dir: string): boolean => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The files a call will write: Write/Edit targets, and what its shell command writes by its parse. */
function writeTargets(call: PreparedCall): string[] {
  const out: string[] = [];
  for (const e of call.effects) {
    if (e.kind === 'write') out.push(e.path);
    if (e.kind === 'shell' && call.shell) for (const w of bashEffects(call.shell).writes) out.push(w.path);
  }
  return out.map((p) => realPathOf(p));
}

/**
 * A worktree child works in its worktree alone: a write aimed at its parent's checkout or a sibling's worktree is
 * refused before it runs (with the sandbox on, the OS refuses it too). Null: nothing of the call goes there.
 */
export function isolationRefusal(store: Store, session: SessionRow, call: PreparedCall): Msg | null {
  if (!session.parent_id) return null;
  const own = store.worktrees.get(session.id);
  if (!own) return null;
  const mine = realPathOf(own.path);
  const fenced: { dir: string; whose: string }[] = [{ dir: realPathOf(own.base_repo), whose: 'parent' }];
  for (const sib of store.agentChildren.ofParent(session.parent_id)) {
    if (sib.child_id === session.id) continue;
    const wt = store.worktrees.get(sib.child_id);
    if (wt) fenced.push({ dir: realPathOf(wt.path), whose: store.sessions.get(sib.child_id)?.ref ?? sib.child_id });
  }
  for (const target of writeTargets(call)) {
    if (inside(target, mine)) continue;
    const hit = fenced.find((f) => inside(target, f.dir));
    if (!hit) continue;
    return hit.whose === 'parent'
      ? msg('agents.writeInParent', { path: target, worktree: own.path })
      : msg('agents.writeInSibling', { path: target, sibling: hit.whose, worktree: own.path });
  }
  return null;
}

/**
 * A child that declared its outputs writes only there without asking: a write elsewhere in its workspace asks, on a
 * card naming the contract. Null: the call writes nothing outside it (or the child declared none).
 */
export function contractAsk(store: Store, session: SessionRow, call: PreparedCall): Msg | null {
  if (!session.parent_id) return null;
  const row = store.agentChildren.get(session.id);
  if (!row || row.outputs.length === 0) return null;
  const ws = realPathOf(session.workspace);
  const matchers = row.outputs.map((o) => picomatch(o.replace(/^\.\/+/, '').replace(/\/+$/, ''), { dot: true }));
  for (const target of writeTargets(call)) {
    const rel = path.relative(ws, target);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const covered = matchers.some((m) => m(rel)) || row.outputs.some((o) => inside(target, realPathOf(path.join(ws, o))));
    if (!covered) return msg('agents.outsideContract', { path: rel, outputs: row.outputs.join(', ') });
  }
  return null;
}
