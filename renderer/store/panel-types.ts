import type { StoreApi } from 'zustand/vanilla';
import type { ImageUpload } from '../../shared/images';
import type { Msg } from '../../shared/i18n/message';
import type {
  ApprovalAnswer,
  ApprovalSummary,
  ConflictResolution,
  EngineApi,
  EngineEvent,
  PermissionMode,
  PromptSummary,
  RequestOutput,
  Result,
  SessionSummary,
} from '../../shared';
import type { MachineView } from '../../shared/machines';
import type { DomainState } from './types';
import type { Layout, LogLine, Overlay, UiState } from './ui-state';

/* The panel store's shape: what it holds and what its actions do (panel-store.ts builds it). */

export interface PanelActions {
  /** Subscribes to engine events and rebuilds the state; returns the unsubscribe function. */
  start(): () => void;
  /**
   * Reads the session list (summaries only) and the pending approvals of the sessions that have some, then the
   * newest page of history of the sessions on screen; `ui.hydrated` once those are in.
   */
  hydrate(): Promise<void>;
  /** Reads the machines and their states (machines.list) into the store; the answer is returned for the Machines view. */
  refreshMachines(): Promise<Result<MachineView[]>>;
  /** A person's "Reconnect" of a remote machine; its new state is read back into the store. */
  reconnectMachine(name: string): Promise<Result<MachineView>>;
  /** The page of the session's history before what is loaded (when the transcript is scrolled to its top). */
  loadOlder(sessionId: string): Promise<void>;
  receive(event: EngineEvent): void;
  flushEvents(): void;
  focus(sessionId: string | null): void;
  focusRelative(step: number): void;
  setLayout(layout: Layout): void;
  toggleGrid(sessionId: string): void;
  openOverlay(overlay: Overlay): void;
  openNewSession(open: boolean, pendingPrompt?: string | null): void;
  /**
   * A line in the command log: a sentence as data (rendered when the log paints, so a language switch re-renders
   * it); a string only for text that is no sentence of the engine's or the panel's (a file's change letter and path).
   */
  log(tone: LogLine['tone'], said: Msg | string): void;
  clearLog(): void;
  createSession(
    input: { workspace: string; name?: string; mode?: PermissionMode; machine?: string; prompt?: string; images?: ImageUpload[] },
    options?: { focus?: boolean },
  ): Promise<Result<SessionSummary>>;
  /** Sends a prompt, with images for a vision model (pasted, dropped or attached in the prompt box). */
  sendPrompt(sessionId: string, text: string, images?: ImageUpload[]): Promise<Result<PromptSummary>>;
  editPrompt(promptId: string, text: string): Promise<Result<PromptSummary>>;
  cancelPrompt(promptId: string): Promise<Result<PromptSummary>>;
  retryPrompt(promptId: string): Promise<Result<PromptSummary>>;
  pausePrompt(promptId: string): Promise<Result<PromptSummary>>;
  resumePrompt(promptId: string): Promise<Result<PromptSummary>>;
  answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<Result<ApprovalSummary>>;
  resolveConflict(promptId: string, resolution: Exclude<ConflictResolution, 'block'>): Promise<Result<PromptSummary>>;
  closeSession(sessionId: string): Promise<Result<null>>;
  /** A person's pick of the session's mode; null: follow the settings' defaultMode again. */
  setMode(sessionId: string, mode: PermissionMode | null): Promise<Result<SessionSummary>>;
  /** A new session with the same workspace and model view up to now; it is added and focused. */
  forkSession(sessionId: string): Promise<Result<RequestOutput<'session.fork'>>>;
  /** Compacts the session's model view now, optionally focused on a subject; the outcome goes to the log. */
  compactSession(sessionId: string, focus?: string): Promise<Result<RequestOutput<'session.compact'>>>;
}

export interface PanelState {
  domain: DomainState;
  ui: UiState;
  api: EngineApi;
  actions: PanelActions;
}

export type PanelStore = StoreApi<PanelState>;
