import type { Msg } from '../../../shared/i18n/message';
import type { SlotLease } from './slots';

/**
 * One tool call as the conflict gate sees it. `Prepared` is the call as prepared once (`ToolBox.prepare`, a
 * `PreparedCall` of main/core/policy/prepare.ts): the kernel does not import the policy, so the engine and the
 * conflict gate name it; a gate that never reads it takes the default.
 */
export interface GateCall<Prepared = unknown> {
  sessionId: string;
  promptId: string;
  /** The model's id of the tool call. */
  callId: string;
  /** The call as prepared once (`ToolBox.prepare`): tool, parsed input, declared effects, parsed command. */
  prepared: Prepared;
  signal: AbortSignal;
  /** The turn's slot: a call that waits on another session or a person gives it up meanwhile. */
  lease: SlotLease;
}

/** A refusal's `error` is what the model reads; `errorMsg` is the same sentence for people (`english(errorMsg) === error`). */
export type GateAnswer = { proceed: true } | { proceed: false; error: string; errorMsg: Msg };

/** What a precheck settled, handed back to beforeCall of the same call so that nobody is asked twice. */
export interface PrecheckCarry {
  promptId: string;
  callId: string;
  /** Prompts whose write leases a person (or `--on-conflict override`) let this call override. */
  overriddenPrompts: readonly string[];
  /** A destructive git command was let through over other sessions' uncommitted edits. */
  destructiveOverridden: boolean;
}

/** A second check after the policy: conflicts with other sessions (filled by the conflict engine). */
export interface CallGate<Prepared = unknown> {
  /** `prechecked`: what `precheck` returned for this same call, or null when it was not prechecked. */
  beforeCall(call: GateCall<Prepared>, prechecked: PrecheckCarry | null): Promise<GateAnswer>;
  afterCall?(call: Omit<GateCall<Prepared>, 'signal' | 'lease'> & { ok: boolean }): void | Promise<void>;
  /**
   * The part of the check that needs no approval (other sessions' leases, stale reads, destructive git), run
   * before an approval card is raised so no one approves a call that then stops at a conflict. It takes no
   * lock and writes nothing; beforeCall still runs after approval and is given the returned carry.
   */
  precheck?(call: GateCall<Prepared>): Promise<{ proceed: true; carry: PrecheckCarry } | { proceed: false; error: string; errorMsg: Msg }>;
}
