import type { ConflictKind, ConflictResolution, EventOf } from '../../shared/events';
import { BoundedMap } from './button-ids';
import { answeredBy, type ButtonAction, type HubContext } from './hub-context';
import { cut, oneLine, sessionLabel } from './text';
import type { MessageRef, Sender } from './types';

const KIND_TEXT: Readonly<Record<ConflictKind, string>> = {
  declared_output: 'another session declared it writes the same files',
  write_write: 'another session holds a file this turn wants to write',
  stale_read: 'a file changed since this session read it',
  exclusive_command: 'another session runs a command that must run alone in this folder',
  git_destructive: 'a git command would discard another session\u2019s uncommitted work',
};

const RESOLUTION_TEXT: Readonly<Record<ConflictResolution, string>> = {
  override: 'overridden: the turn goes on',
  wait: 'waiting for the other session to finish',
  cancel: 'cancelled',
  block: 'refused',
};

interface Card {
  conflictId: string;
  text: string;
  refs: MessageRef[];
  outcome: string | null;
}

/**
 * Conflicts that wait for a person's choice, as messages with Override · Wait · Cancel, answered through
 * `conflict.resolve` like the panel's conflict card. Conflicts settled at once (headless runs, stale reads) are
 * not shown: `settled` hears of them as they happen, before the queued `conflict` event is handled.
 */
export class ConflictCards {
  private readonly cards = new Map<string, Card>();
  private readonly settled = new BoundedMap<string, true>(5000);
  private readonly by = new Map<string, string>();

  constructor(private readonly ctx: HubContext) {}

  /** Called as the event is published, before the queue gets to the `conflict` event itself. */
  heardResolved(conflictId: string): void {
    this.settled.set(conflictId, true);
  }

  async raised(e: EventOf<'conflict'>): Promise<void> {
    if (this.settled.has(e.conflictId) || e.promptId === null || !this.ctx.notify().conflict) return;
    const other = e.otherSessionName ?? e.otherSessionRef;
    const text = cut(
      [
        `⚠️ Conflict: ${sessionLabel(e.sessionName, e.sessionRef)}${e.promptRef ? `, prompt ${e.promptRef}` : ''}`,
        `${KIND_TEXT[e.kind]}${other ? ` (session ${oneLine(other, 60)})` : ''}.`,
        ...(e.paths.length > 0 ? [`Files: ${e.paths.slice(0, 10).map((p) => oneLine(p, 200)).join(', ')}${e.paths.length > 10 ? ` and ${e.paths.length - 10} more` : ''}`] : []),
        ...(e.detail ? [oneLine(e.detail, 800)] : []),
      ].join('\n'),
      3000,
    );
    const id = (resolution: Extract<ButtonAction, { kind: 'conflict' }>['resolution']) =>
      this.ctx.buttons.register({ kind: 'conflict', conflictId: e.conflictId, promptId: e.promptId as string, resolution });
    const card: Card = { conflictId: e.conflictId, text, refs: [], outcome: null };
    this.cards.set(e.conflictId, card);
    card.refs = await this.ctx.broadcast(
      { text, buttons: [[{ text: 'Override', id: id('override') }, { text: 'Wait', id: id('wait') }, { text: 'Cancel', id: id('cancel') }]] },
      { sessionId: e.sessionId },
    );
  }

  async resolved(e: EventOf<'conflict_resolved'>): Promise<void> {
    const card = this.cards.get(e.conflictId);
    if (!card) return;
    const by = this.by.get(e.conflictId);
    this.by.delete(e.conflictId);
    card.outcome = `Resolved: ${RESOLUTION_TEXT[e.resolution]}${by ? ` (by ${by})` : ' (in the panel, or the tray, or a command)'}.`;
    for (const ref of card.refs) if (this.ctx.chats.has(ref.chatId)) await this.ctx.adapter.edit(ref, { text: `${card.text}\n\n${card.outcome}` });
    this.cards.delete(e.conflictId);
  }

  async press(action: Extract<ButtonAction, { kind: 'conflict' }>, from: Sender, queryId: string): Promise<void> {
    if (this.settled.has(action.conflictId)) return this.ctx.adapter.answerButton(queryId, 'This conflict was already resolved.');
    this.by.set(action.conflictId, answeredBy(from));
    const r = await this.ctx.engine.handlers['conflict.resolve']({ prompt: action.promptId, resolution: action.resolution });
    if (!r.ok) {
      this.by.delete(action.conflictId);
      return this.ctx.adapter.answerButton(queryId, r.error.kind === 'invalid_state' ? 'This conflict was already resolved.' : `Not resolved: ${oneLine(r.error.message, 160)}`);
    }
    return this.ctx.adapter.answerButton(queryId, `Done: ${RESOLUTION_TEXT[action.resolution]}.`);
  }
}
