import { setMaxListeners } from 'node:events';
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { AgentInput, AgentIsolation, IntegrationReport } from '../../../../shared/agents';
import type { AgentsConfig } from '../../../../shared/config';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import { err, ok, type Result } from '../../../../shared/result';
import { isTerminal, type PromptStatus } from '../../../../shared/status';
import type { EventBus } from '../../kernel/event-bus';
import type { PromptLifecycle } from '../../kernel/prompt-lifecycle';
import type { EffectiveMode } from '../../policy';
import type { AgentChildPatch, AgentChildRow } from '../../store/agent-children';
import { newRef } from '../../store/refs';
import type { PromptRow, SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import type { AgentRunner, ToolOutcome } from '../../tools/types';
import type { Git } from '../../worktree/git';
import { inspectWorkspace } from '../../worktree/repo';
import { worktreesDir } from '../../worktree/create';
import type { AgentsPort } from '../turn-context';
import type { Scheduler } from '../scheduler';
import { childSummary } from './summary';
import { overlapping } from './overlap';
import { resultText } from './result';
import { createIntegrator } from './integrate';
import type { ConflictStore } from '../../conflicts/conflict-store';
import type { StampBook } from '../../conflicts/stamp-book';
import { startChild } from './start';
import { Signals } from './signals';
import { runSetup, setupCommandOf, setupFailed, SetupConsent } from './setup';
import type { MachinesPort } from './machines-port';
import { runOnMachine } from './remote-child';
import { isLocalMachine } from '../../../../shared/machines';

/** The engine's children of Agent calls: starting, awaiting and integrating them (one writer of agent_children). */
export interface AgentsService extends AgentsPort {
  integrate(child: AgentChildRow, preview: boolean): Promise<Result<IntegrationReport>>;
}

export interface AgentsDeps {
  home: string;
  store: Store;
  bus: EventBus;
  prompts: PromptLifecycle;
  scheduler: () => Scheduler;
  /** The conflict engine's preflight of a new prompt. */
  preflight: (prompt: PromptRow) => PromptStatus;
  config: () => AgentsConfig;
  modeOf: (row: SessionRow) => EffectiveMode;
  trust: { isTrusted(workspace: string): boolean; trustWorkspace(workspace: string): Promise<void> };
  git: Git;
  /** The change journal and the sessions' read stamps (the conflict engine's), for integrated writes and conflicts. */
  journal: ConflictStore;
  stamps: StampBook;
  /** The environment the worktree setup command runs with (the tools'). */
  env: Readonly<Record<string, string | undefined>>;
  /** The other machines a child may run on (the host's links); null for an engine alone. */
  machines: () => MachinesPort | null;
}

type CallAt = Parameters<AgentsPort['forCall']>[0];

/** States after which nothing more happens to a child by itself. */
const SETTLED = new Set(['integrated', 'done', 'failed', 'cancelled', 'needs_person']);
const settled = (row: AgentChildRow): boolean => SETTLED.has(row.state);

/** A stop that is the engine shutting down (the turn resumes at the next start), not a person cancelling. */
const isShutdown = (signal: AbortSignal): boolean => (signal.reason as { why?: unknown } | undefined)?.why === 'shutdown';

export function createAgentsService(d: AgentsDeps): AgentsService {
  const { store, bus } = d;
  const signals = new Signals();
  const spawnChains = new Map<string, Promise<unknown>>();
  const consent = new SetupConsent(path.join(d.home, 'worktree-setup.json'));
  d.prompts.onTerminal((p) => signals.promptEnded(p.id));

  const emitChild = (row: AgentChildRow): void => {
    bus.emit({ type: 'agent_child', sessionId: row.parent_id, promptId: row.parent_prompt_id, childSummary: childSummary(store, row) });
  };
  const patch = (childId: string, p: AgentChildPatch): AgentChildRow => {
    const row = store.agentChildren.update(childId, p);
    emitChild(row);
    signals.wake(row.parent_id);
    return row;
  };
  const refOf = (sessionId: string): string => store.sessions.get(sessionId)?.ref ?? sessionId;

  const integrator = createIntegrator({
    store,
    bus,
    git: d.git,
    journal: d.journal,
    stamps: d.stamps,
    config: d.config,
    patch,
    refOf,
    followUp: (row, text) => enqueueChildPrompt(row, text),
  });

  const depthOf = (sessionId: string): number => {
    let depth = 0;
    for (let s = store.sessions.get(sessionId); s?.parent_id; s = store.sessions.get(s.parent_id)) depth += 1;
    return depth;
  };

  /** The child's next prompt, with the run options of the parent's prompt that started it. */
  const enqueueChildPrompt = (row: AgentChildRow, text: string): AgentChildRow => {
    const parentPrompt = store.prompts.get(row.parent_prompt_id);
    const options = { approvals: parentPrompt?.approvals ?? undefined, onConflict: parentPrompt?.on_conflict ?? undefined };
    const p = d.prompts.enqueue(row.child_id, text, d.preflight, options);
    const next = patch(row.child_id, { prompt_id: p.id, state: 'running', waiting: [] });
    d.scheduler().kick(row.child_id);
    return next;
  };

  async function spawn(at: CallAt, input: AgentInput): Promise<Result<AgentChildRow>> {
    const parent = store.sessions.get(at.session.id) ?? at.session;
    // A shared child needs nothing of git: no repository is looked up for it.
    const repo = input.isolation === 'shared' ? null : await inspectWorkspace(d.git, parent.workspace);
    const isolation: AgentIsolation = input.isolation ?? (repo?.ok ? 'worktree' : 'shared');
    if (isolation === 'worktree' && repo && !repo.ok) return err('invalid_input', msg('agents.worktreeNeedsGit', { path: parent.workspace, problem: repo.error.msg ?? repo.error.message }));
    if (input.name && store.sessions.byName(input.name)) return err('invalid_input', msg('notices.request.nameTaken', { name: input.name }));
    const ref = newRef((r) => store.sessions.refTaken(r));
    let workspace = parent.workspace;
    if (isolation === 'worktree' && repo?.ok) {
      // Where its worktree will be: known now so the child is a session from the start, made when it starts.
      const dir = worktreesDir(d.home);
      mkdirSync(dir, { recursive: true });
      workspace = path.join(realpathSync(dir), ref, repo.value.rel);
    }
    // No child works in a wider mode than its parent: it takes the parent's mode as its own.
    const mode = d.modeOf(parent).mode;
    const row = store.tx(() => {
      const child = store.sessions.create({ workspace, name: input.name ?? null, mode, ref, parent: parent.id });
      for (const rule of [...store.sessions.listGrants(parent.id), ...store.sessions.listChildGrants(parent.id)]) store.sessions.addGrant(child.id, rule);
      const added = store.agentChildren.add({
        child_id: child.id,
        parent_id: parent.id,
        parent_prompt_id: at.prompt.id,
        call_id: at.callId,
        description: input.description,
        task: input.prompt,
        isolation,
        outputs: input.outputs ?? [],
      });
      const m = d.modeOf(child);
      bus.emit({ type: 'session_created', sessionId: child.id, promptId: null, workspace, mode: m.mode, modeSource: m.source });
      bus.emit({
        type: 'agent_spawned',
        sessionId: parent.id,
        promptId: at.prompt.id,
        parent: parent.id,
        child: child.id,
        childRef: ref,
        callId: at.callId,
        description: input.description,
        isolation,
        outputs: added.outputs,
      });
      emitChild(added);
      return added;
    });
    return ok(row);
  }

  /** Siblings started before it whose declared outputs overlap its own and whose changes are not in the parent yet. */
  const blockers = (row: AgentChildRow): { refs: string[]; paths: string[] } => {
    if (row.outputs.length === 0) return { refs: [], paths: [] };
    const refs: string[] = [];
    const paths = new Set<string>();
    for (const s of store.agentChildren.ofParent(row.parent_id)) {
      if (s.seq >= row.seq || settled(s) || s.outputs.length === 0) continue;
      const mine = overlapping(row.outputs, s.outputs);
      if (mine.length === 0) continue;
      refs.push(refOf(s.child_id));
      for (const p of mine) paths.add(p);
    }
    return { refs, paths: [...paths] };
  };

  const runningSiblings = (row: AgentChildRow): number =>
    store.agentChildren.ofParent(row.parent_id).filter((s) => s.child_id !== row.child_id && s.state === 'running').length;

  /** Waits until the child may start: no overlapping sibling before it, and a place among its parent's children. */
  async function admit(row: AgentChildRow, signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = store.agentChildren.get(row.child_id) ?? row;
      const b = blockers(now);
      if (b.refs.length > 0) {
        if (now.state !== 'waiting' || now.waiting.join() !== b.refs.join()) {
          patch(now.child_id, { state: 'waiting', waiting: b.refs });
          bus.emit({ type: 'agent_waiting', sessionId: now.parent_id, promptId: now.parent_prompt_id, child: now.child_id, childRef: refOf(now.child_id), reason: 'outputs', with: b.refs, paths: b.paths });
        }
        await signals.nextWake(now.parent_id, signal);
        continue;
      }
      if (runningSiblings(now) >= Math.max(1, d.config().maxChildren)) {
        if (now.state !== 'queued' || now.waiting.length > 0) {
          patch(now.child_id, { state: 'queued', waiting: [] });
        }
        if (!signals.toldQueued(now.child_id)) {
          bus.emit({ type: 'agent_waiting', sessionId: now.parent_id, promptId: now.parent_prompt_id, child: now.child_id, childRef: refOf(now.child_id), reason: 'max_children', with: [], paths: [] });
        }
        await signals.nextWake(now.parent_id, signal);
        continue;
      }
      // Taken at once (no await between the count and the move), so two children never take the last place.
      patch(now.child_id, { state: 'running', waiting: [] });
      return;
    }
  }

  /** Runs the child's prompt to its end; starts it first when it has none yet (also after a restart). */
  /**
   * The project's setup command in a new worktree, before the child starts: shown to a person on a card the first
   * time (per workspace and command), its output in the child's transcript. A Msg when the child cannot start.
   */
  async function setUp(row: AgentChildRow, at: CallAt, signal: AbortSignal): Promise<Msg | null> {
    const parent = store.sessions.get(row.parent_id);
    const child = store.sessions.get(row.child_id);
    if (!parent || !child) return null;
    const command = setupCommandOf(parent.workspace, d.trust.isTrusted(parent.workspace));
    if (!command.ok) return command.error.msg ?? null;
    if (command.value === null) return null;
    if (!consent.allowed(parent.workspace, command.value)) {
      const card = { tool: 'WorktreeSetup', input: { command: command.value, workspace: parent.workspace }, reasonMsg: msg('agents.setupCard', { workspace: parent.workspace }), alwaysRules: [], source: 'project' as const };
      if (!(await at.ask(card))) return msg('agents.setupRefused', { command: command.value });
      consent.allow(parent.workspace, command.value);
    }
    const run = await runSetup(command.value, child.workspace, d.env, signal);
    bus.emit({ type: 'agent_setup', sessionId: child.id, promptId: null, command: command.value, exitCode: run.exitCode, output: run.output });
    return run.exitCode === 0 ? null : setupFailed(command.value, run);
  }

  async function runPrompt(row: AgentChildRow, at: CallAt, signal: AbortSignal): Promise<AgentChildRow> {
    let now = row;
    if (now.prompt_id === null) {
      // A prompt made just before a stop, not yet recorded on the child, is adopted rather than made twice.
      const made = store.prompts.list(now.child_id)[0];
      if (made) now = patch(now.child_id, { prompt_id: made.id });
    }
    if (now.prompt_id === null) {
      const fresh = now.isolation === 'worktree' && !store.worktrees.get(now.child_id);
      const started = await startChild(
        { home: d.home, store, git: d.git, trust: d.trust },
        now,
        (child) => patch(child.child_id, { base_commit: child.base_commit }),
      );
      if (!started.ok) {
        return patch(now.child_id, { state: 'failed', outcome: 'failed', answer: english(started.error.msg ?? msg('agents.startFailed', { error: started.error.message })), finished_at: new Date().toISOString() });
      }
      if (fresh) {
        const set = await setUp(started.value, at, signal);
        if (set) return patch(now.child_id, { state: 'failed', outcome: 'failed', answer: english(set), finished_at: new Date().toISOString() });
      }
      now = enqueueChildPrompt(started.value, now.task);
    }
    const promptId = now.prompt_id as string;
    const ended = signals.promptEnd(promptId, signal);
    const p = store.prompts.get(promptId);
    if (p && !isTerminal(p.status)) {
      // Interrupted by a stop (or left queued): it goes on now, from its transcript.
      if (p.status === 'interrupted') d.prompts.transition(p.id, 'queued');
      d.scheduler().kick(now.child_id);
      await ended;
    } else {
      signals.dropPromptEnd(promptId);
    }
    return finishPrompt(store.agentChildren.get(now.child_id) ?? now);
  }

  /** The child's prompt ended: its outcome, files and answer recorded, and where it goes next. */
  async function finishPrompt(row: AgentChildRow): Promise<AgentChildRow> {
    const p = row.prompt_id ? store.prompts.get(row.prompt_id) : undefined;
    const status = p?.status;
    const outcome = status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'failed';
    const files = await integrator.changedFiles(row);
    const answer = lastAnswer(row) ?? p?.error ?? null;
    const finished = new Date().toISOString();
    bus.emit({ type: 'agent_completed', sessionId: row.parent_id, promptId: row.parent_prompt_id, child: row.child_id, childRef: refOf(row.child_id), outcome, files });
    if (outcome !== 'completed') return patch(row.child_id, { state: outcome, outcome, files, answer, finished_at: finished });
    if (row.isolation === 'shared' || files.length === 0) {
      return patch(row.child_id, { state: 'done', outcome, files, answer, integration: 'not_needed', finished_at: finished });
    }
    return patch(row.child_id, { state: 'integrating', outcome, files, answer, integration: 'queued', finished_at: finished });
  }

  const lastAnswer = (row: AgentChildRow): string | null => {
    const msgs = store.transcript.list(row.child_id);
    for (let i = msgs.length - 1; i >= 0; i--) {
      const m = msgs[i];
      if (m && m.promptId === row.prompt_id && m.message.role === 'assistant' && !m.message.tool_calls?.length) return m.message.content ?? null;
    }
    return null;
  };

  /** Drives one child from wherever it is (also after a restart) until it settles. */
  async function drive(start: AgentChildRow, at: CallAt, signal: AbortSignal): Promise<AgentChildRow> {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const row = store.agentChildren.get(start.child_id) ?? start;
      switch (row.state) {
        case 'queued':
        case 'waiting':
          await admit(row, signal);
          break;
        case 'running':
          await runPrompt(row, at, signal);
          break;
        case 'integrating':
          await integrator.integrateInTurn(row, signal);
          break;
        case 'needs_person':
        case 'integrated':
        case 'done':
        case 'failed':
        case 'cancelled':
          return row;
        default: {
          const never: never = row.state;
          throw new Error(`unknown child state ${String(never)}`);
        }
      }
    }
  }

  /** The parent's call was cancelled: the child stops too (its tools' process groups ended), whatever it was doing. */
  function cancelChild(row: AgentChildRow, reason: Msg): void {
    const now = store.agentChildren.get(row.child_id) ?? row;
    if (settled(now)) return;
    const p = now.prompt_id ? store.prompts.get(now.prompt_id) : undefined;
    if (p && !isTerminal(p.status) && !d.scheduler().abort(p.id, reason, { force: true })) d.prompts.transition(p.id, 'cancelled', { reason });
    patch(now.child_id, { state: 'cancelled', outcome: now.outcome ?? 'cancelled', finished_at: new Date().toISOString() });
  }

  async function runCall(at: CallAt, input: AgentInput): Promise<ToolOutcome> {
    let row = store.agentChildren.forCall(at.session.id, at.callId);
    if (!row) {
      const depth = depthOf(at.session.id);
      const max = d.config().maxDepth;
      if (depth >= max) return { ok: false, error: english(msg('agents.depthRefused', { depth, max })) };
      if (!isLocalMachine(input.machine)) return runOnMachine({ store, bus, git: d.git, journal: d.journal, modeOf: d.modeOf, machines: d.machines }, at, input, input.machine as string);
      // One spawn at a time per parent, in the order the calls started: children are numbered as the model listed them.
      const spawning = (spawnChains.get(at.session.id) ?? Promise.resolve()).then(() => spawn(at, input));
      spawnChains.set(at.session.id, spawning.catch(() => undefined));
      const spawned = await spawning;
      if (!spawned.ok) return { ok: false, error: english(spawned.error.msg ?? msg('agents.startFailed', { error: spawned.error.message })) };
      row = spawned.value;
    }
    const child = row;
    // Every child of the parent's turn waits on the turn's signal: many waits at once are expected, not a leak.
    setMaxListeners(0, at.signal);
    let end: AgentChildRow;
    try {
      // Waiting on its children, the parent gives back its slot, so `concurrency: 1` never deadlocks.
      end = await at.lease.away(at.signal, () => drive(child, at, at.signal));
    } catch (e) {
      if (at.signal.aborted && !isShutdown(at.signal)) cancelChild(child, msg('agents.parentCancelled', { ref: at.session.ref }));
      throw e;
    }
    const summary = childSummary(store, end);
    const text = resultText(summary, end.answer, store.toolCalls.refused(end.child_id));
    const good = end.outcome === 'completed' && end.state !== 'needs_person';
    return good ? { ok: true, output: text } : { ok: false, error: text };
  }

  return {
    forCall(at): AgentRunner {
      return { run: (input) => runCall(at, input) };
    },
    hasChild: (parentId, callId) => store.agentChildren.forCall(parentId, callId) !== undefined,
    keepsAcrossStop(sessionId) {
      const asChild = store.agentChildren.get(sessionId);
      if (asChild && !settled(asChild)) return true;
      return store.agentChildren.ofParent(sessionId).some((c) => !settled(c));
    },
    integrate: (row, preview) => integrator.byPerson(row, preview),
  };
}
