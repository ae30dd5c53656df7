import type { FileVersions } from './file-stamp';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import type { ClaimTable } from './claims';
import type { ConflictStore } from './conflict-store';
import type { KeyedMutex } from './keyed-mutex';
import type { LeaseTable } from './leases';
import type { Mailbox } from './mailbox';
import type { PromptEnds } from './prompt-ends';
import type { StampBook } from './stamp-book';
import type { HostEnv } from '../host-env';
import type { Msg } from '../../../shared/i18n/message';

/** The headless answer to a conflict (`--on-conflict`); null = ask a person through `conflict.resolve`. */
export type AutoResolution = 'wait' | 'override' | 'block' | null;

/** What a turn waiting at a runtime conflict can be told: a person's choice, or "the blockers have ended". */
export type RuntimeMessage = 'override' | 'wait' | 'cancel' | 'ended';

/** The shared state of the conflict engine; built once in ./index.ts. */
export interface ConflictContext {
  store: Store;
  bus: EventBus;
  /** Prompt status changes go through it (it is their only writer). */
  prompts: PromptLifecycle;
  cstore: ConflictStore;
  claims: ClaimTable;
  leases: LeaseTable;
  locks: KeyedMutex;
  ends: PromptEnds;
  stamps: StampBook;
  /** Files' versions as read now (stat, and a content hash when the file changed since it was last hashed). */
  files: FileVersions;
  /** Turns waiting at a runtime conflict, by prompt id. */
  mailboxes: Map<string, Mailbox<RuntimeMessage>>;
  /** Runtime wait-for graph (prompt → prompts it waits on), to refuse waits that would deadlock. */
  waitsFor: Map<string, Set<string>>;
  /** Preflight "wait" watches, by prompt id (cancel functions). */
  preflightWaits: Map<string, () => void>;
  /** How a conflict of this prompt is answered: its own `onConflict`, else the engine's `--on-conflict`. */
  autoFor(promptId: string): AutoResolution;
  /** Extra exclusive-command patterns for a workspace (`.paragents/conflicts.json`). */
  exclusivePatterns(workspace: string): string[];
  kick(sessionId: string): void;
  /** Stops a running turn; `reason` is why, as data (its English is the turn's cancel reason). */
  abort(promptId: string, reason: string | Msg): boolean;
  /** `~` in declared outputs, and the environment git runs with. */
  host: HostEnv;
}
