import type { ModelClient, ToolSpec } from '../model/types';
import type { ToolDefinition } from '../tools/types';
import type { Store } from '../store/store';
import type { Result } from '../../../shared/result';
import type { EventBus } from './event-bus';
import type { Authorizer } from './authorizer';
import type { ApprovalWaiters } from './approval-waiters';
import type { SlotLease, Slots } from './slots';
import type { Pauses } from './pauses';

export interface ToolBox {
  specs: ToolSpec[];
  parse(name: string, argumentsJson: string): Result<{ tool: ToolDefinition; input: unknown }>;
}

export type ApprovalsMode = 'ask' | 'all' | 'never';

/** A second check after the policy: conflicts with other sessions (filled by the conflict engine). */
export interface CallGate {
  beforeCall(call: {
    sessionId: string;
    promptId: string;
    workspace: string;
    tool: ToolDefinition;
    input: unknown;
    signal: AbortSignal;
    /** The turn's slot: a call that waits on another session or a person gives it up meanwhile. */
    lease: SlotLease;
  }): Promise<{ proceed: true } | { proceed: false; error: string }>;
  afterCall?(call: { sessionId: string; promptId: string; workspace: string; tool: ToolDefinition; input: unknown; ok: boolean }): void | Promise<void>;
  /**
   * The part of the check that needs no approval (other sessions' leases, stale reads, destructive git), run
   * before an approval card is raised so no one approves a call that then stops at a conflict. It takes no
   * lock and writes nothing; beforeCall still runs after approval.
   */
  precheck?(call: Parameters<CallGate['beforeCall']>[0]): ReturnType<CallGate['beforeCall']>;
}

/** Everything a turn needs, passed in so the same loop runs in the app, the CLI and the tests. */
export interface TurnDeps {
  store: Store;
  bus: EventBus;
  tools: ToolBox;
  authorizer: Authorizer;
  waiters: ApprovalWaiters;
  slots: Slots;
  pauses: Pauses;
  /** Resolves the model client at turn start, so a config fixed in the setup view applies to the next turn. */
  model: () => Result<{ client: ModelClient; maxSteps: number }>;
  approvals: ApprovalsMode;
  headless: boolean;
  gate: CallGate | null;
}
