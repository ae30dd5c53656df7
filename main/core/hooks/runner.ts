import type { EngineEventDraft } from '../../../shared/events';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { PermissionMode } from '../../../shared/policy';
import type { HostEnv } from '../host-env';
import { readHookAnswer, type HookAnswer } from './answer';
import type { ConfiguredHook, HookConfig } from './config';
import { isProjectSource, type HookConfiner, type HookLaunch } from './confine';
import { runHookProcess, type HookProcessResult } from './run-process';
import type { HookEventName } from './types';

/** The session (and prompt) a hook runs for, and the stops it obeys. */
export interface HookAt {
  session: { id: string; ref: string; name: string | null; workspace: string; chosen_mode: PermissionMode | null };
  prompt: { id: string; ref: string } | null;
  /** The prompt was cancelled: running hooks are stopped. */
  signal?: AbortSignal;
  force?: AbortSignal;
}

export interface HookRun {
  hook: ConfiguredHook;
  result: HookProcessResult;
  answer: HookAnswer;
}

export interface HookRunnerOptions {
  config: HookConfig;
  host: HostEnv;
  /** Publishes `hook_ran` (the engine's event bus). */
  emit(draft: EngineEventDraft): void;
  /** The mode the session works in, given to hooks as `permission_mode`. */
  modeOf?(session: HookAt['session']): string;
  /** How a project hook runs for a session: confined when its workspace has the sandbox on (absent: as it is). */
  confine?: HookConfiner;
}

/** A hook whose launch could not be prepared (the sandbox failed to wrap it): it counts as one that could not start. */
type Launch = HookLaunch | { kind: 'failed'; error: string };

const OPEN: Launch = { kind: 'open' };

/** The figures of a hook that never started. */
const unstarted = (spawnError: string | null): HookProcessResult => ({
  exitCode: null,
  stdout: '',
  stderr: '',
  ms: 0,
  timedOut: false,
  cancelled: false,
  spawnError,
  pid: null,
});

/**
 * Runs the hooks of one moment: the ones configured for it that run in the session's workspace, all at once, each
 * with the moment's JSON on stdin, in the workspace, with the engine's environment and its timeout; a project hook
 * runs confined by the OS sandbox where the workspace turns it on. Each run is a `hook_ran` event; a project hook
 * left out because no person approved it yet is said once per session.
 */
export class HookRunner {
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly stopAll = new AbortController();
  /** Sessions told that a project hook waits for approval, by session and command. */
  private readonly told = new Set<string>();

  constructor(private readonly opts: HookRunnerOptions) {}

  /** Whether any hook runs for this moment (so a caller can skip the work of preparing it). */
  has(workspace: string, event: HookEventName, subject: string | null): boolean {
    const m = this.opts.config.matching(workspace, event, subject);
    return m.run.length > 0 || m.unapproved.length > 0;
  }

  /** Whether managed settings lock the permission rules for this workspace (only managed hooks may allow). */
  lockedRules(workspace: string): boolean {
    return this.opts.config.setup(workspace).lockPermissionRules;
  }

  async run(event: HookEventName, at: HookAt, subject: string | null, fields: Record<string, unknown>, tool: string | null = null): Promise<HookRun[]> {
    // A cancelled prompt runs no more hooks (and says nothing of ones it never started).
    if (this.stopAll.signal.aborted || at.signal?.aborted) return [];
    const workspace = at.session.workspace;
    const { run, unapproved } = this.opts.config.matching(workspace, event, subject);
    for (const h of unapproved) this.tellUnapproved(at, h, tool);
    if (run.length === 0) return [];
    const input = JSON.stringify({
      session_id: at.session.id,
      session_ref: at.session.ref,
      session_name: at.session.name,
      prompt_id: at.prompt?.id ?? null,
      prompt_ref: at.prompt?.ref ?? null,
      cwd: workspace,
      workspace,
      hook_event_name: event,
      permission_mode: this.opts.modeOf?.(at.session) ?? at.session.chosen_mode ?? 'default',
      ...fields,
    });
    const signal = at.signal ? AbortSignal.any([at.signal, this.stopAll.signal]) : this.stopAll.signal;
    const env = { ...this.opts.host.env, PARAGENTS_PROJECT_DIR: workspace, CLAUDE_PROJECT_DIR: workspace };
    const runs = run.map(async (hook): Promise<HookRun> => {
      const launch = await this.launchOf(hook, at, env);
      if (launch.kind === 'refused') return this.refused(at, hook, launch.reason, tool);
      let result: HookProcessResult;
      try {
        result =
          launch.kind === 'failed'
            ? unstarted(launch.error)
            : await runHookProcess({
                command: hook.command,
                ...(launch.kind === 'confined' ? { argv: launch.argv } : {}),
                cwd: workspace,
                env: launch.kind === 'confined' ? launch.env : env,
                stdin: input,
                timeoutMs: hook.timeoutMs,
                signal,
                force: at.force,
              });
      } finally {
        if (launch.kind === 'confined') launch.release();
      }
      const answer = readHookAnswer(event, result);
      this.emitRan(at, hook, result, answer, tool, launch.kind === 'confined');
      return { hook, result, answer };
    });
    const all = Promise.all(runs);
    this.inflight.add(all);
    try {
      return await all;
    } finally {
      this.inflight.delete(all);
    }
  }

  /** Where a hook runs: a project hook as the composition root places it, any other as it is. */
  private async launchOf(hook: ConfiguredHook, at: HookAt, env: Readonly<Record<string, string | undefined>>): Promise<Launch> {
    const confine = this.opts.confine;
    if (!confine || !isProjectSource(hook.source)) return OPEN;
    try {
      return await confine(hook.command, at.session, { cwd: at.session.workspace, env });
    } catch (e) {
      return { kind: 'failed', error: e instanceof Error ? e.message : String(e) };
    }
  }

  /** A project hook the sandbox settings keep from running: the run says why, and nothing is decided. */
  private refused(at: HookAt, hook: ConfiguredHook, reason: Msg, tool: string | null): HookRun {
    this.emitNotRun(at, hook, reason, tool);
    return { hook, result: unstarted(null), answer: { decision: null, message: english(reason), messageMsg: reason, context: null, warning: true } };
  }

  /** Stops every hook still running (engine close) and waits for them to be gone. */
  async close(): Promise<void> {
    this.stopAll.abort();
    await Promise.allSettled([...this.inflight]);
  }

  private emitRan(at: HookAt, hook: ConfiguredHook, result: HookProcessResult, answer: HookAnswer, tool: string | null, sandboxed: boolean): void {
    const said = answer.decision === 'context' ? msg('notices.hook.addedContext', { chars: answer.context?.length ?? 0 }) : (answer.messageMsg ?? null);
    const message = said ? english(said) : answer.message;
    this.publish({
      type: 'hook_ran',
      sessionId: at.session.id,
      promptId: at.prompt?.id ?? null,
      event: hook.event,
      command: hook.command,
      source: hook.source,
      exitCode: result.exitCode,
      ms: result.ms,
      decision: answer.decision,
      timedOut: result.timedOut,
      tool,
      message,
      ...(said ? { messageMsg: said } : {}),
      notRun: null,
      // Said only when it ran confined, so the runs of every other hook read and store as they did before.
      ...(sandboxed ? { sandboxed: true } : {}),
    });
  }

  private tellUnapproved(at: HookAt, hook: ConfiguredHook, tool: string | null): void {
    const key = `${at.session.id}\0${hook.command}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    this.emitNotRun(at, hook, msg('notices.hook.notApproved', { workspace: at.session.workspace }), tool);
  }

  private emitNotRun(at: HookAt, hook: ConfiguredHook, notRun: Msg, tool: string | null): void {
    this.publish({
      type: 'hook_ran',
      sessionId: at.session.id,
      promptId: at.prompt?.id ?? null,
      event: hook.event,
      command: hook.command,
      source: hook.source,
      exitCode: null,
      ms: 0,
      decision: null,
      timedOut: false,
      tool,
      message: null,
      notRun: english(notRun),
      notRunMsg: notRun,
    });
  }

  private publish(draft: EngineEventDraft): void {
    try {
      this.opts.emit(draft);
    } catch (e) {
      // The store may already be closed under a hook that ended during shutdown; the run itself is over.
      if (!this.stopAll.signal.aborted) throw e;
    }
  }
}
