import type { EventOf } from '../../shared/events';
import type { ApprovalSummary } from '../../shared/models';
import type { ApprovalAnswer } from '../../shared/policy';
import type { Msg, Translator } from '../../shared/i18n';
import { answeredBy, type ButtonAction, type HubContext } from './hub-context';
import { answerWords, callText, cut, oneLine, sessionLabel } from './text';
import type { Button, MessageRef, Sender } from './types';

/** One approval as the chats show it. */
interface Card {
  approvalId: string;
  approvalRef: string;
  sessionId: string;
  text: string;
  /** Tool and input: pending cards with the same key are identical calls. */
  callKey: string;
  alwaysOffered: boolean;
  /** A child's card: "for all children of its parent" is offered. */
  childrenOffered: boolean;
  refs: MessageRef[];
  /** How it ended, as the edited message says it; null while pending. */
  outcome: string | null;
}

/** What an approval needs to become a card: the event's fields, or a listed approval's. */
interface Asked {
  approvalId: string;
  approvalRef: string;
  sessionId: string;
  sessionRef: string;
  sessionName: string | null;
  tool: string;
  input: unknown;
  reason: string;
  /** The reason as data, rendered in the gateway's language (absent on approvals stored before). */
  reasonMsg?: Msg | undefined;
  rule: string | null;
  alwaysRule: string | null;
  /** A child's parent, shown `parent › child`. */
  parentRef?: string | null;
  parentName?: string | null;
}

const CARDS_KEPT = 1000;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function cardText(ctx: HubContext, a: Asked): string {
  const t = ctx.t;
  const lines = [
    t('gateway.approval.title', {
      session: a.parentRef ? `${sessionLabel(a.parentName ?? null, a.parentRef)} › ${sessionLabel(a.sessionName, a.sessionRef)}` : sessionLabel(a.sessionName, a.sessionRef),
    }),
    t('gateway.approval.tool', { tool: oneLine(a.tool, 100) }),
    callText(a.tool, a.input, undefined, t),
    t('gateway.approval.why', { reason: oneLine(ctx.reason(a.reason, a.reasonMsg), 400), rule: a.rule ? t('gateway.approval.rule', { rule: oneLine(a.rule, 200) }) : '' }),
  ];
  return cut(lines.join('\n'), 3000);
}

/** "✅ Allowed once by Ada on Telegram.", or where else it was answered, or that it was withdrawn. */
function outcomeLine(t: Translator, answer: ApprovalAnswer | null, status: string, by: string | null): string {
  if (status === 'cancelled' || answer === null) return t('gateway.approval.withdrawn');
  const icon = answer.kind === 'deny' ? '❌' : '✅';
  const words = answerWords(answer, t);
  const said = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return by ? t('gateway.approval.answeredBy', { icon, said, by }) : t('gateway.approval.answeredElsewhere', { icon, said });
}

/**
 * Approval requests as messages with Allow once · Allow for session · Always allow · Deny, answered through
 * `approval.answer` like the panel's card, and edited when the approval is resolved, wherever that happened.
 */
export class ApprovalCards {
  private readonly cards = new Map<string, Card>();
  /** Who answered from a chat, set before the answer so the edit can name them. */
  private readonly by = new Map<string, string>();

  constructor(private readonly ctx: HubContext) {}

  async requested(e: EventOf<'approval_requested'>): Promise<void> {
    await this.show({
      approvalId: e.approvalId,
      approvalRef: e.approvalRef,
      sessionId: e.sessionId,
      sessionRef: e.sessionRef,
      sessionName: e.sessionName,
      tool: e.tool,
      input: e.input,
      reason: e.decision.reason,
      reasonMsg: e.decision.reasonMsg,
      rule: e.decision.rule,
      alwaysRule: e.alwaysRule,
      parentRef: e.parentRef ?? null,
      parentName: e.parentName ?? null,
    });
  }

  /** Sends the approvals pending now (when the gateway starts) to every paired chat, or to one chat just paired. */
  async pending(onlyChat: string | null): Promise<void> {
    const listed = await this.ctx.engine.handlers['approval.list']({});
    if (!listed.ok) return this.ctx.log(`telegram: cannot list approvals: ${listed.error.message}`);
    const pending = listed.value.filter((a) => a.status === 'pending');
    if (pending.length === 0) return;
    const sessions = await this.ctx.engine.handlers['session.list']({ includeClosed: true });
    const names = new Map((sessions.ok ? sessions.value : []).map((s) => [s.id, s.name]));
    for (const a of pending) {
      const known = this.cards.get(a.id);
      if (known && onlyChat !== null) {
        const message = { text: `${known.text}\n\n${this.ctx.t('gateway.approval.replyHint')}`, buttons: this.buttons(known, this.identical(known.callKey).length) };
        const refs = await this.ctx.sendTo(onlyChat, message, { sessionId: known.sessionId, approvalId: known.approvalId });
        if (refs[0]) known.refs.push(refs[0]);
      } else if (!known) {
        await this.show(asked(a, names.get(a.sessionId) ?? null), onlyChat);
      }
    }
  }

  async resolved(e: EventOf<'approval_resolved'>): Promise<void> {
    const card = this.cards.get(e.approvalId);
    if (!card) return;
    const by = this.by.get(e.approvalId) ?? null;
    this.by.delete(e.approvalId);
    card.outcome = outcomeLine(this.ctx.t, e.answer, e.status, by);
    for (const ref of card.refs) {
      if (this.ctx.chats.has(ref.chatId)) await this.ctx.adapter.edit(ref, { text: `${card.text}\n\n${card.outcome}` });
    }
  }

  /** A button of a card: answers the approval, or says politely that it was already answered. */
  async press(action: Extract<ButtonAction, { kind: 'approval' | 'bulk' }>, from: Sender, queryId: string): Promise<void> {
    if (action.kind === 'bulk') {
      const same = this.identical(action.callKey);
      let done = 0;
      for (const card of same) if ((await this.answer(card.approvalId, { kind: 'allow_once' }, from)) === null) done++;
      return this.ctx.adapter.answerButton(queryId, done > 0 ? this.ctx.t('gateway.approval.allowedIdentical', { count: done }) : this.ctx.t('gateway.approval.nothingLeft'));
    }
    const card = this.cards.get(action.approvalId);
    if (card?.outcome) return this.ctx.adapter.answerButton(queryId, this.ctx.t('gateway.approval.alreadyAnswered', { outcome: card.outcome }));
    const problem = await this.answer(action.approvalId, { kind: action.answer }, from);
    return this.ctx.adapter.answerButton(queryId, problem ?? this.ctx.t('gateway.approval.done', { what: answerWords({ kind: action.answer }, this.ctx.t) }));
  }

  /** A text reply to a card: deny, with the text as the message to the model. */
  async denyWithText(approvalId: string, text: string, from: Sender, to: MessageRef): Promise<void> {
    const card = this.cards.get(approvalId);
    if (card?.outcome) {
      await this.ctx.reply(to, this.ctx.t('gateway.approval.alreadyAnsweredReply', { outcome: card.outcome }));
      return;
    }
    const problem = await this.answer(approvalId, { kind: 'deny', message: text.slice(0, 4000) }, from);
    if (problem) await this.ctx.reply(to, problem);
  }

  /** Answers through the engine; null when it was taken, else what to tell the person. */
  private async answer(approvalId: string, answer: ApprovalAnswer, from: Sender): Promise<string | null> {
    this.by.set(approvalId, answeredBy(from, this.ctx.t));
    const r = await this.ctx.engine.handlers['approval.answer']({ approval: approvalId, answer });
    if (r.ok) return null;
    this.by.delete(approvalId);
    return r.error.kind === 'invalid_state'
      ? this.ctx.t('gateway.approval.takenOrWithdrawn')
      : this.ctx.t('gateway.approval.notAnswered', { error: oneLine(this.ctx.error(r.error), 160) });
  }

  private identical(callKey: string): Card[] {
    return [...this.cards.values()].filter((c) => c.callKey === callKey && c.outcome === null);
  }

  private buttons(card: Card, identical: number): Button[][] {
    const t = this.ctx.t;
    const id = (answer: Extract<ButtonAction, { kind: 'approval' }>['answer']) =>
      this.ctx.buttons.register({ kind: 'approval', approvalId: card.approvalId, answer });
    const rows: Button[][] = [
      [{ text: t('gateway.approval.allowOnce'), id: id('allow_once') }, { text: t('gateway.approval.allowSession'), id: id('allow_session') }],
      // "Always" only where the panel offers it: when the call has a stable rule to save.
      [...(card.alwaysOffered ? [{ text: t('gateway.approval.allowAlways'), id: id('allow_always') }] : []), { text: t('gateway.approval.deny'), id: id('deny') }],
    ];
    // A child's card can be allowed for every child of its parent, as in the panel.
    if (card.childrenOffered) rows.push([{ text: t('gateway.approval.allowChildren'), id: id('allow_children') }]);
    if (identical > 1) rows.push([{ text: t('gateway.approval.allowAll', { count: identical }), id: this.ctx.buttons.register({ kind: 'bulk', callKey: card.callKey }) }]);
    return rows;
  }

  private async show(a: Asked, onlyChat: string | null = null): Promise<void> {
    const card: Card = {
      approvalId: a.approvalId,
      approvalRef: a.approvalRef,
      sessionId: a.sessionId,
      text: cardText(this.ctx, a),
      callKey: `${a.tool}\u0000${stableJson(a.input)}`,
      alwaysOffered: a.alwaysRule !== null,
      childrenOffered: a.parentRef !== null && a.parentRef !== undefined,
      refs: [],
      outcome: null,
    };
    this.cards.set(card.approvalId, card);
    if (this.cards.size > CARDS_KEPT) {
      const oldest = [...this.cards.values()].find((c) => c.outcome !== null);
      if (oldest) this.cards.delete(oldest.approvalId);
    }
    const message = { text: `${card.text}\n\n${this.ctx.t('gateway.approval.replyHint')}`, buttons: this.buttons(card, this.identical(card.callKey).length) };
    const about = { sessionId: card.sessionId, approvalId: card.approvalId };
    card.refs = onlyChat !== null ? (await this.ctx.sendTo(onlyChat, message, about)).slice(0, 1) : await this.ctx.broadcast(message, about);
  }
}

function asked(a: ApprovalSummary, sessionName: string | null): Asked {
  return {
    approvalId: a.id,
    approvalRef: a.ref,
    sessionId: a.sessionId,
    sessionRef: a.sessionRef,
    sessionName,
    tool: a.tool,
    input: a.input,
    reason: a.decision.reason,
    reasonMsg: a.decision.reasonMsg,
    rule: a.decision.rule,
    alwaysRule: a.alwaysRule,
    parentRef: a.parentRef ?? null,
    parentName: a.parentName ?? null,
  };
}
