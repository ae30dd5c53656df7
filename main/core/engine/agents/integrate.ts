import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AgentsConfig } from '../../../../shared/config';
import type { IntegrationReport } from '../../../../shared/agents';
import { msg } from '../../../../shared/i18n/message';
import { err, ok, type Result } from '../../../../shared/result';
import type { ConflictStore } from '../../conflicts/conflict-store';
import { sha256 } from '../../conflicts/file-stamp';
import { realPathOf } from '../../conflicts/real-path';
import type { StampBook } from '../../conflicts/stamp-book';
import type { EventBus } from '../../kernel/event-bus';
import type { AgentChildPatch, AgentChildRow } from '../../store/agent-children';
import type { Store } from '../../store/store';
import type { Git } from '../../worktree/git';
import { inspectWorkspace } from '../../worktree/repo';
import { applyMergedTree, bringUpToDate, changedFiles, concludeChild, previewIntegration, snapshotCommit } from '../../worktree/children';
import { pathList } from '../../worktree/merge';
import { journalMerge } from './journal-merge';

export interface Integrator {
  /** What the child changed: its worktree against the snapshot it started from, or its journal in a shared folder. */
  changedFiles(row: AgentChildRow): Promise<string[]>;
  /** The child enters its parent's queue; resolves once its turn there is over (merged, sent back, or left for a person). */
  integrateInTurn(row: AgentChildRow, signal: AbortSignal): Promise<void>;
  /** A person's `agents.integrate`: the preview, or the merge when it is clean. */
  byPerson(row: AgentChildRow, preview: boolean): Promise<Result<IntegrationReport>>;
}

interface Pending {
  row: AgentChildRow;
  /** The job: a child's integration turn, or a person's merge. It never throws. */
  run: () => Promise<void>;
  done: () => void;
}

/** One child's changes against the parent's workspace now: the three-way preview and what it needs. */
interface Plan {
  parentTop: string;
  childTop: string;
  ours: string;
  theirs: string;
  preview: { clean: boolean; tree: string; conflicts: string[]; files: string[] };
}

/**
 * The integration queue of each parent: children's branches merged into the parent's workspace one at a time, as
 * uncommitted changes recorded in the change journal as the child's writes. Children whose files overlap no other
 * pending child go first, then in finishing order. A conflict changes nothing in the parent: the child's worktree is
 * brought up to the parent's state with the conflicts marked, and the child is asked to resolve them.
 */
export function createIntegrator(d: {
  store: Store;
  bus: EventBus;
  git: Git;
  journal: ConflictStore;
  stamps: StampBook;
  config: () => AgentsConfig;
  patch: (childId: string, p: AgentChildPatch) => AgentChildRow;
  refOf: (sessionId: string) => string;
  followUp: (row: AgentChildRow, text: string) => AgentChildRow;
}): Integrator {
  const { store, bus, git } = d;
  const queues = new Map<string, { pending: Pending[]; busy: boolean }>();

  const queueOf = (parentId: string): { pending: Pending[]; busy: boolean } => {
    let q = queues.get(parentId);
    if (!q) {
      q = { pending: [], busy: false };
      queues.set(parentId, q);
    }
    return q;
  };

  /** Children whose files overlap no other pending child's first; then the one that finished first. */
  const pick = (pending: Pending[]): Pending => {
    const overlapsOthers = (p: Pending): boolean =>
      pending.some((o) => o !== p && o.row.files.some((f) => p.row.files.includes(f)));
    const byFinish = (a: Pending, b: Pending): number => (a.row.finished_at ?? '').localeCompare(b.row.finished_at ?? '') || a.row.seq - b.row.seq;
    const free = pending.filter((p) => !overlapsOthers(p)).sort(byFinish);
    return free[0] ?? ([...pending].sort(byFinish)[0] as Pending);
  };

  /** Runs the queue's jobs one at a time; a job is a child's turn, or a person's merge (`first`). */
  const pump = (parentId: string): void => {
    const q = queueOf(parentId);
    if (q.busy || q.pending.length === 0) return;
    const next = pick(q.pending);
    q.pending.splice(q.pending.indexOf(next), 1);
    q.busy = true;
    void next
      .run()
      .finally(() => {
        q.busy = false;
        next.done();
        pump(parentId);
      });
  };

  async function plan(row: AgentChildRow): Promise<Result<Plan>> {
    const parent = store.sessions.get(row.parent_id);
    const wt = store.worktrees.get(row.child_id);
    if (!parent || !wt || row.base_commit === null) return err('invalid_state', msg('agents.nothingToIntegrate', { ref: d.refOf(row.child_id) }));
    const top = await inspectWorkspace(git, parent.workspace);
    if (!top.ok) return top;
    const theirs = await concludeChild(git, wt.path, `paragents: child ${d.refOf(row.child_id)}`);
    if (!theirs.ok) return theirs;
    const ours = await snapshotCommit(git, top.value.top, `paragents: workspace of ${parent.ref}`);
    if (!ours.ok) return ours;
    const preview = await previewIntegration(git, top.value.top, { base: row.base_commit, ours: ours.value.commit, theirs: theirs.value });
    if (!preview.ok) return preview;
    return ok({ parentTop: top.value.top, childTop: wt.path, ours: ours.value.commit, theirs: theirs.value, preview: preview.value });
  }

  /** Writes a clean merge into the parent's folder, each file journaled as the child's write. */
  async function apply(row: AgentChildRow, p: Plan): Promise<Result<string[]>> {
    const parent = store.sessions.get(row.parent_id);
    if (!parent) return err('not_found', msg('agents.sessionGone', { ref: row.parent_id }));
    const written = await applyMergedTree(git, { top: p.parentTop, oursTree: `${p.ours}^{tree}`, mergedTree: p.preview.tree });
    if (!written.ok) return written;
    journalMerge(d.journal, { sessionId: row.child_id, promptId: row.prompt_id, workspace: parent.workspace, top: p.parentTop }, written.value);
    const files = written.value.map((w) => w.path);
    bus.emit({ type: 'integration_merged', sessionId: row.parent_id, promptId: row.parent_prompt_id, child: row.child_id, childRef: d.refOf(row.child_id), files });
    d.patch(row.child_id, { state: 'integrated', integration: 'merged' });
    return ok(files);
  }

  /** Siblings already integrated that changed any of `files`: who the child conflicts with. */
  const conflictingWith = (row: AgentChildRow, files: readonly string[]): string[] =>
    store.agentChildren
      .ofParent(row.parent_id)
      .filter((s) => s.child_id !== row.child_id && s.integration === 'merged' && s.files.some((f) => files.includes(f)))
      .map((s) => d.refOf(s.child_id));

  async function integrateOne(row: AgentChildRow): Promise<void> {
    const planned = await plan(row);
    if (!planned.ok) throw new Error(planned.error.message);
    const p = planned.value;
    if (p.preview.clean) {
      const applied = await apply(row, p);
      if (!applied.ok) throw new Error(applied.error.message);
      return;
    }
    const files = p.preview.conflicts;
    const attempt = row.attempts + 1;
    const withRefs = conflictingWith(row, files);
    bus.emit({ type: 'integration_conflict', sessionId: row.parent_id, promptId: row.parent_prompt_id, child: row.child_id, childRef: d.refOf(row.child_id), files, with: withRefs, attempt });
    if (attempt >= Math.max(1, d.config().maxIntegrationAttempts)) {
      d.patch(row.child_id, { state: 'needs_person', integration: 'needs_person', attempts: attempt });
      return;
    }
    const upToDate = await bringUpToDate(git, { top: p.childTop, parentCommit: p.ours, message: `paragents: ${d.refOf(row.parent_id)} as it is now, into child ${d.refOf(row.child_id)}` });
    if (!upToDate.ok) throw new Error(upToDate.error.message);
    // The child is shown the conflicted files whole (with their markers): that counts as having read them.
    for (const f of upToDate.value.conflicts) {
      const abs = path.join(p.childTop, f);
      try {
        const data = readFileSync(abs);
        const st = statSync(abs);
        d.stamps.set(row.child_id, realPathOf(abs), { size: st.size, mtimeMs: st.mtimeMs, sha256: sha256(data) });
      } catch {
        // A conflict that deleted the file: nothing to have read.
      }
    }
    const next = d.patch(row.child_id, { attempts: attempt, base_commit: p.ours, integration: 'conflict' });
    d.followUp(next, followUpText(upToDate.value.conflicts.length > 0 ? upToDate.value.conflicts : files, withRefs, upToDate.value.hunks));
  }

  return {
    async changedFiles(row) {
      const wt = store.worktrees.get(row.child_id);
      if (row.isolation === 'worktree' && wt && row.base_commit) {
        const snap = await snapshotCommit(git, wt.path, `paragents: child ${d.refOf(row.child_id)}`);
        if (!snap.ok) return [];
        const files = await changedFiles(git, wt.path, row.base_commit, snap.value.commit);
        return files.ok ? files.value : [];
      }
      const child = store.sessions.get(row.child_id);
      const entries = d.journal.listJournal({ sessionId: row.child_id }).filter((e) => !e.undoneAt);
      return [...new Set(entries.map((e) => (child ? path.relative(child.workspace, e.path) : e.path)))];
    },

    integrateInTurn(row, signal) {
      return new Promise<void>((resolve, reject) => {
        const q = queueOf(row.parent_id);
        const job: Pending = {
          row,
          run: () =>
            integrateOne(store.agentChildren.get(row.child_id) ?? row).catch((e: unknown) => {
              // Nothing was written to the parent (its checks come before any write): the child waits for a person.
              d.patch(row.child_id, { state: 'needs_person', integration: 'needs_person', answer: e instanceof Error ? e.message : String(e) });
            }),
          done: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = (): void => {
          const i = q.pending.indexOf(job);
          if (i >= 0) q.pending.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        q.pending.push(job);
        pump(row.parent_id);
      });
    },

    async byPerson(row, preview) {
      const ref = d.refOf(row.child_id);
      if (row.isolation !== 'worktree') return err('invalid_state', msg('agents.sharedNothingToIntegrate', { ref }));
      if (row.state === 'integrated') return err('invalid_state', msg('agents.alreadyIntegrated', { ref }));
      if (row.state !== 'needs_person' && !(row.outcome === 'completed' && row.state === 'integrating')) {
        return err('invalid_state', msg('agents.stillWorking', { ref, state: row.state }));
      }
      // Through the parent's queue, so a person's merge never runs beside a child's.
      let answer: Result<IntegrationReport> = err('internal', msg('agents.nothingToIntegrate', { ref }));
      await new Promise<void>((resolve) => {
        queueOf(row.parent_id).pending.push({
          row,
          run: async () => {
            answer = await mergeByPerson(row, preview, ref).catch((e: unknown) => err('internal', msg('agents.startFailed', { error: e instanceof Error ? e.message : String(e) })));
          },
          done: resolve,
        });
        pump(row.parent_id);
      });
      return answer;
    },
  };

  async function mergeByPerson(row: AgentChildRow, preview: boolean, ref: string): Promise<Result<IntegrationReport>> {
        const planned = await plan(row);
        if (!planned.ok) return planned;
        const p = planned.value;
        const report = { preview, clean: p.preview.clean, files: p.preview.files, conflicts: p.preview.conflicts, merged: false };
        if (preview) return ok(report);
        if (!p.preview.clean) return err('conflict', msg('agents.integrateConflicts', { ref, files: pathList(p.preview.conflicts) }));
        const applied = await apply(store.agentChildren.get(row.child_id) ?? row, p);
        if (!applied.ok) return applied;
        return ok({ ...report, files: applied.value, merged: true });
  }
}

const MAX_HUNKS = 8000;

/** The follow-up prompt of a child whose changes conflict: the files, who changed them, and the marked hunks. */
export function followUpText(files: readonly string[], withRefs: readonly string[], hunks: string): string {
  const who = withRefs.length > 0 ? `sibling ${withRefs.join(', ')}` : 'the parent';
  const shown = hunks.length > MAX_HUNKS ? `${hunks.slice(0, MAX_HUNKS)}\n… (${hunks.length - MAX_HUNKS} more characters)` : hunks;
  return [
    `Your changes could not be merged into the parent's workspace: ${files.join(', ')} changed there meanwhile (by ${who}).`,
    "Your worktree now holds the parent's current state merged with your work, with conflict markers where they clash:",
    '',
    shown,
    '',
    'Resolve every conflict (keep both intents where they fit together), remove all conflict markers (<<<<<<<, =======, >>>>>>>),',
    'check the result, and reply with a short summary. You have already read these files, so you can edit them directly.',
  ].join('\n');
}
