import type { ConflictKind, ConflictResolution, EventOf } from '../../shared/events';
import { BoundedMap } from './button-ids';
import { answeredBy, type ButtonAction, type HubContext } from './hub-context';
import { cut, oneLine, sessionLabel } from './text';
import type { MessageRef, Sender } from './types';

const kindText = (ctx: HubContext, kind: ConflictKind): string => ctx.t(`gateway.conflict.kind.${kind}`);
const resolutionText = (ctx: HubContext, r: ConflictResolution): string => ctx.t(`gateway.conflict.resolution.${r}`);

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
    const t = this.ctx.t;
    const text = cut(
      [
        t('gateway.conflict.title', { session: sessionLabel(e.sessionName, e.sessionRef), prompt: e.promptRef ? t('gateway.conflict.prompt', { ref: e.promptRef }) : '' }),
        t('gateway.conflict.kindLine', { kind: kindText(this.ctx, e.kind), other: other ? t('gateway.conflict.otherSession', { name: oneLine(other, 60) }) : '' }),
        ...(e.paths.length > 0
          ? [
              t('gateway.conflict.files', {
                files: e.paths.slice(0, 10).map((p) => oneLine(p, 200)).join(', '),
                more: e.paths.length > 10 ? t('gateway.conflict.more', { count: e.paths.length - 10 }) : '',
              }),
            ]
          : []),
        ...(e.detail ? [oneLine(this.ctx.reason(e.detail, e.detailMsg), 800)] : []),
      ].join('\n'),
      3000,
    );
    const id = (resolution: Extract<ButtonAction, { kind: 'conflict' }>['resolution']) =>
      this.ctx.buttons.register({ kind: 'conflict', conflictId: e.conflictId, promptId: e.promptId as string, resolution });
    const card: Card = { conflictId: e.conflictId, text, refs: [], outcome: null };
    this.cards.set(e.conflictId, card);
    card.refs = await this.ctx.broadcast(
      {
        text,
        buttons: [
          [
            { text: t('gateway.conflict.override'), id: id('override') },
            { text: t('gateway.conflict.wait'), id: id('wait') },
            { text: t('gateway.conflict.cancel'), id: id('cancel') },
          ],
        ],
      },
      { sessionId: e.sessionId },
    );
  }

  async resolved(e: EventOf<'conflict_resolved'>): Promise<void> {
    const card = this.cards.get(e.conflictId);
    if (!card) return;
    const by = this.by.get(e.conflictId);
    this.by.delete(e.conflictId);
    const what = resolutionText(this.ctx, e.resolution);
    card.outcome = by ? this.ctx.t('gateway.conflict.resolvedBy', { what, by }) : this.ctx.t('gateway.conflict.resolvedElsewhere', { what });
    for (const ref of card.refs) if (this.ctx.chats.has(ref.chatId)) await this.ctx.adapter.edit(ref, { text: `${card.text}\n\n${card.outcome}` });
    this.cards.delete(e.conflictId);
  }

  async press(action: Extract<ButtonAction, { kind: 'conflict' }>, from: Sender, queryId: string): Promise<void> {
    if (this.settled.has(action.conflictId)) return this.ctx.adapter.answerButton(queryId, this.ctx.t('gateway.conflict.alreadyResolved'));
    this.by.set(action.conflictId, answeredBy(from, this.ctx.t));
    const r = await this.ctx.engine.handlers['conflict.resolve']({ prompt: action.promptId, resolution: action.resolution });
    if (!r.ok) {
      this.by.delete(action.conflictId);
      return this.ctx.adapter.answerButton(
        queryId,
        r.error.kind === 'invalid_state' ? this.ctx.t('gateway.conflict.alreadyResolved') : this.ctx.t('gateway.conflict.notResolved', { error: oneLine(this.ctx.error(r.error), 160) }),
      );
    }
    return this.ctx.adapter.answerButton(queryId, this.ctx.t('gateway.conflict.done', { what: resolutionText(this.ctx, action.resolution) }));
  }
}
