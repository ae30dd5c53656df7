import type { AgentInput } from '../../../../shared/agents';
import type { EngineEvent } from '../../../../shared/events';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import type { HostedChild, ConcludedChild } from '../../../../shared/hosted-children';
import { isTerminal } from '../../../../shared/status';
import type { ConflictStore } from '../../conflicts/conflict-store';
import type { EventBus } from '../../kernel/event-bus';
import type { EffectiveMode } from '../../policy';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import type { ToolOutcome } from '../../tools/types';
import { applyMergedTree, previewIntegration, snapshotCommit } from '../../worktree/children';
import type { Git } from '../../worktree/git';
import { dirtyPaths, inspectWorkspace, type RepoPoint } from '../../worktree/repo';
import type { AgentsPort } from '../turn-context';
import type { MachineChannel, MachinesPort } from './machines-port';
import { cloneUrlOf } from './remote-repo';
import { journalMerge } from './journal-merge';

type CallAt = Parameters<AgentsPort['forCall']>[0];

export interface RemoteChildDeps {
  store: Store;
  bus: EventBus;
  git: Git;
  journal: ConflictStore;
  modeOf: (row: SessionRow) => EffectiveMode;
  /** The machines the host holds links to; null for an engine alone. */
  machines: () => MachinesPort | null;
}

/** How often the child's prompt is looked up while no event says it ended (an event lost with a connection). */
const RECHECK_MS = 5_000;

const refused = (m: Msg): ToolOutcome => ({ ok: false, error: english(m) });

/** What the parent's call waits on: the hosted prompt's end, with its final answer when an event carried it. */
async function promptEnd(ch: MachineChannel, child: HostedChild, signal: AbortSignal): Promise<{ status: string; answer: string | null; error: string | null }> {
  let answer: string | null = null;
  for (;;) {
    if (signal.aborted) {
      await ch.handlers['prompt.cancel']({ prompt: child.promptId });
      throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
    }
    let wake = (): void => undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const off = ch.onEvent((e: EngineEvent) => {
      if (e.promptId !== child.promptId) return;
      if (e.type === 'turn_completed') answer = e.content;
      if (e.type === 'prompt_status' && isTerminal(e.status)) wake();
    });
    const timer = setTimeout(wake, RECHECK_MS);
    signal.addEventListener('abort', wake, { once: true });
    try {
      const detail = await ch.handlers['session.get']({ session: child.session.id });
      const p = detail.ok ? detail.value.prompts.find((x) => x.id === child.promptId) : undefined;
      if (p && isTerminal(p.status)) return { status: p.status, answer, error: p.error };
      await woken;
    } finally {
      off();
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
    }
  }
}

/** The child's final answer and its calls the engine there refused, from its stored events on that machine. */
async function childRecord(ch: MachineChannel, child: HostedChild): Promise<{ answer: string | null; failedCalls: number }> {
  const events = await ch.handlers['session.events']({ session: child.session.id, afterSeq: 0, limit: 10_000 });
  if (!events.ok) return { answer: null, failedCalls: 0 };
  let answer: string | null = null;
  let failedCalls = 0;
  for (const e of events.value) {
    if (e.promptId !== child.promptId) continue;
    if (e.type === 'turn_completed') answer = e.content;
    if (e.type === 'tool_result' && !e.ok && e.errorMsg) failedCalls += 1;
  }
  return { answer, failedCalls };
}

interface Brought {
  integration: string;
  files: string[];
}

/**
 * The child's branch fetched over SSH into the parent's repository (as `paragents/<machine>/<child ref>`), then
 * merged into the parent's workspace as uncommitted changes when clean, each file journaled as the parent's
 * prompt's write (so undo covers it); a conflict changes nothing and leaves the branch for a person.
 */
async function bringBack(d: RemoteChildDeps, ch: MachineChannel, at: CallAt, parent: SessionRow, repo: RepoPoint, child: HostedChild, done: ConcludedChild): Promise<Brought | Msg> {
  const branch = `paragents/${ch.name}/${child.session.ref}`;
  const g = ch.git(done.repo);
  const fetched = await d.git.run(repo.top, ['fetch', '--quiet', '--no-tags', g.url, `+refs/heads/${done.branch}:refs/heads/${branch}`], { env: g.env, timeoutMs: 600_000 });
  if (fetched.code !== 0) return msg('agents.remote.fetchFailed', { machine: ch.name, branch: done.branch, repo: done.repo, problem: fetched.stderr.trim().split('\n').pop() ?? '' });
  const ours = await snapshotCommit(d.git, repo.top, `paragents: workspace of ${parent.ref}`);
  if (!ours.ok) return ours.error.msg ?? msg('agents.startFailed', { error: ours.error.message });
  const preview = await previewIntegration(d.git, repo.top, { base: repo.commit, ours: ours.value.commit, theirs: done.commit });
  if (!preview.ok) return preview.error.msg ?? msg('agents.startFailed', { error: preview.error.message });
  if (!preview.value.clean) {
    return { integration: `not merged: it conflicts with your workspace in ${preview.value.conflicts.join(', ')}; its work is on branch ${branch} (fetched over SSH) for a person to merge`, files: done.files };
  }
  const written = await applyMergedTree(d.git, { top: repo.top, oursTree: `${ours.value.commit}^{tree}`, mergedTree: preview.value.tree });
  if (!written.ok) return written.error.msg ?? msg('agents.startFailed', { error: written.error.message });
  journalMerge(d.journal, { sessionId: parent.id, promptId: at.prompt.id, workspace: parent.workspace, top: repo.top }, written.value);
  const files = written.value.map((w) => w.path);
  d.bus.emit({ type: 'integration_merged', sessionId: parent.id, promptId: at.prompt.id, child: child.session.id, childRef: child.session.ref, files });
  return { integration: `merged into your workspace as uncommitted changes (fetched over SSH as branch ${branch})`, files };
}

/**
 * An `Agent` call that names another machine: the child runs on that machine's engine, in a worktree of a clone
 * of this repository (its git remote) at the parent's HEAD; the parent waits away from its slot, and the child's
 * work comes back as a branch fetched over SSH and merged here.
 */
export async function runOnMachine(d: RemoteChildDeps, at: CallAt, input: AgentInput, machine: string): Promise<ToolOutcome> {
  const port = d.machines();
  if (!port) return refused(msg('agents.remote.noHost', { machine }));
  const reached = port.reach(machine);
  if (!reached.ok) return refused(msg('agents.remote.unreachable', { machine, problem: english(reached.error.msg ?? msg('agents.startFailed', { error: reached.error.message })) }));
  const ch = reached.value;
  const parent = d.store.sessions.get(at.session.id) ?? at.session;
  const repo = await inspectWorkspace(d.git, parent.workspace);
  if (!repo.ok) return refused(msg('agents.remote.needsGit', { machine, path: parent.workspace, problem: english(repo.error.msg ?? msg('agents.startFailed', { error: repo.error.message })) }));
  const url = await cloneUrlOf(d.git, repo.value.top, repo.value.branch);
  if (url === null) return refused(msg('agents.remote.noUrl', { machine, path: repo.value.top }));
  const dirty = await dirtyPaths(d.git, repo.value.top);

  const hosted = await ch.handlers['agents.hostChild']({
    url,
    commit: repo.value.commit,
    rel: repo.value.rel,
    prompt: input.prompt,
    ...(input.name ? { name: input.name } : {}),
    mode: d.modeOf(parent).mode,
  });
  if (!hosted.ok) return refused(msg('agents.remote.startFailed', { machine, error: english(hosted.error.msg ?? msg('agents.startFailed', { error: hosted.error.message })) }));
  const child = hosted.value;

  // Waiting on a child elsewhere, the parent gives back its slot, as for a child here.
  const end = await at.lease.away(at.signal, () => promptEnd(ch, child, at.signal));
  const record = await childRecord(ch, child);
  const answer = end.answer ?? record.answer ?? end.error;
  const who = `${child.session.name ? `${child.session.name} (${child.session.ref})` : child.session.ref} on ${machine}`;
  const failedNote = record.failedCalls > 0 ? `, but ${record.failedCalls} of its calls were refused` : '';
  const lines = [`Child ${who} — ${input.description}: ${end.status}${failedNote}.`];
  let good = end.status === 'completed';
  if (good) {
    const done = await ch.handlers['agents.concludeHosted']({ session: child.session.id, base: repo.value.commit });
    if (!done.ok) return refused(msg('agents.remote.concludeFailed', { machine, ref: child.session.ref, error: english(done.error.msg ?? msg('agents.startFailed', { error: done.error.message })) }));
    const brought: Brought | Msg = done.value.files.length === 0 ? { integration: 'not needed (no changes)', files: [] } : await bringBack(d, ch, at, parent, repo.value, child, done.value);
    if ('key' in brought) return refused(brought);
    lines.push(`Files changed: ${brought.files.length === 0 ? 'none' : brought.files.join(', ')}`, `Integration: ${brought.integration}`);
    good = !brought.integration.startsWith('not merged');
  } else {
    lines.push('Integration: none (its changes were not integrated because it did not complete)');
  }
  if (dirty.ok && dirty.value.length > 0) lines.push(`Note: it started from your HEAD commit ${repo.value.commit.slice(0, 12)}; your uncommitted changes were not there.`);
  lines.push('', 'Its final answer:', answer && answer.trim() !== '' ? answer : '(none)');
  const text = lines.join('\n');
  return good ? { ok: true, output: text } : { ok: false, error: text };
}
