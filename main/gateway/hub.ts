import type { TelegramNotify } from '../../shared/config';
import type { Lang } from '../../shared/i18n';
import type { EngineEvent } from '../../shared/events';
import { isTerminal } from '../../shared/status';
import { ApprovalCards } from './approval-cards';
import { ChatCommands, helpText, parseCommand } from './chat-commands';
import { ConflictCards } from './conflict-cards';
import { HubContext, messageKey } from './hub-context';
import { Notifications } from './notifications';
import type { PairCodes, PairedChats } from './pairing';
import { Throttle } from './throttle';
import type { Gateway, GatewayEngine, GatewayLog, Incoming, MessengerAdapter } from './types';

export interface HubOptions {
  engine: GatewayEngine;
  adapter: MessengerAdapter;
  chats: PairedChats;
  codes: PairCodes;
  notify: () => TelegramNotify;
  log: GatewayLog;
  clock: () => number;
  /** The language of the messages now, asked at each message; English when not given. */
  lang?: () => Lang;
}

export interface MessengerGateway extends Gateway {
  /** Tells a chat that it was unpaired from the panel or the command line (before it is removed). */
  sayUnpaired(chatId: string): Promise<void>;
}

const TEN_MINUTES = 10 * 60_000;
/** Wrong pairing codes one chat may try per ten minutes. */
const PAIR_TRIES = 5;


/**
 * The messenger-independent gateway: engine events become messages in the paired chats, and the paired chats'
 * messages and buttons become the engine's requests. Every update is checked against the paired chats first;
 * anything else gets at most a "not paired" now and then. Events are handled one at a time, in order (an approval's
 * message is sent before it can be edited).
 */
export function createMessengerGateway(o: HubOptions): MessengerGateway {
  const ctx = new HubContext(o.engine, o.adapter, o.chats, o.notify, o.log, o.lang);
  const approvals = new ApprovalCards(ctx);
  const conflicts = new ConflictCards(ctx);
  const notes = new Notifications(ctx);
  const commands = new ChatCommands(ctx);
  const throttle = new Throttle(o.clock);
  let queue: Promise<void> = Promise.resolve();
  let off: (() => void) | null = null;

  const later = (what: string, work: () => Promise<void>): void => {
    queue = queue.then(work).catch((error: unknown) => o.log(`telegram: ${what} failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  const onEvent = (e: EngineEvent): void => {
    switch (e.type) {
      case 'approval_requested':
        return later('an approval message', () => approvals.requested(e));
      case 'approval_resolved':
        return later('editing an approval message', () => approvals.resolved(e));
      case 'conflict':
        return later('a conflict message', () => conflicts.raised(e));
      case 'conflict_resolved':
        conflicts.heardResolved(e.conflictId);
        return later('editing a conflict message', () => conflicts.resolved(e));
      case 'turn_completed':
        commands.heardAnswer(e.sessionId, e.content);
        return later('a turn message', () => notes.completed(e));
      case 'turn_failed':
        return later('a turn message', () => notes.failed(e));
      case 'prompt_status':
        if (isTerminal(e.status)) later('an idle message', () => notes.promptEnded(e));
        return;
      default:
        return;
    }
  };

  /** Updates from chats that are not paired: only `/pair CODE` is read; the rest gets a throttled "not paired". */
  const stranger = async (u: Incoming): Promise<void> => {
    const command = u.kind === 'text' ? parseCommand(u.text) : null;
    if (u.kind === 'text' && command?.name === 'pair') return pair(u, command.rest);
    if (!throttle.allow(`not-paired:${u.from.chatId}`, 1, TEN_MINUTES)) return;
    if (u.kind === 'button') return o.adapter.answerButton(u.queryId, ctx.t('gateway.pairing.notPairedShort'));
    await o.adapter.send(u.from.chatId, { text: ctx.t('gateway.pairing.notPaired') });
  };

  const pair = async (u: Extract<Incoming, { kind: 'text' }>, code: string): Promise<void> => {
    if (!u.from.privateChat) {
      if (throttle.allow(`not-paired:${u.from.chatId}`, 1, TEN_MINUTES)) {
        await o.adapter.send(u.from.chatId, { text: ctx.t('gateway.pairing.privateOnly') });
      }
      return;
    }
    if (!throttle.allow(`pair:${u.from.chatId}`, PAIR_TRIES, TEN_MINUTES)) return;
    const outcome = o.codes.use(code);
    switch (outcome) {
      case 'paired':
        o.chats.add({ chatId: u.from.chatId, name: u.from.name, pairedAt: new Date(o.clock()).toISOString() });
        await ctx.reply(u.message, ctx.t('gateway.pairing.paired', { help: helpText(ctx.t) }));
        await approvals.pending(u.from.chatId);
        return;
      case 'expired':
        await ctx.reply(u.message, ctx.t('gateway.pairing.expired'));
        return;
      case 'wrong':
        await ctx.reply(u.message, ctx.t('gateway.pairing.wrong'));
        return;
      default: {
        const never: never = outcome;
        return never;
      }
    }
  };

  const text = async (u: Extract<Incoming, { kind: 'text' }>): Promise<void> => {
    const command = parseCommand(u.text);
    if (command) {
      if (command.name === 'pair') return void (await ctx.reply(u.message, ctx.t('gateway.chat.alreadyPaired')));
      if (command.name === 'unpair') {
        o.chats.remove(u.from.chatId);
        await o.adapter.send(u.from.chatId, { text: ctx.t('gateway.chat.unpaired') });
        return;
      }
      if (!(await commands.run(command.name, command.rest, u.message, u.images))) await ctx.reply(u.message, ctx.t('gateway.chat.unknown', { name: command.name }));
      return;
    }
    if (u.replyTo) {
      const key = messageKey(u.replyTo);
      const approvalId = ctx.approvalOf.get(key);
      if (approvalId) return approvals.denyWithText(approvalId, u.text, u.from, u.message);
      const sessionId = ctx.sessionOf.get(key);
      if (sessionId) return commands.prompt(sessionId, u.text, u.message, u.images);
      return void (await ctx.reply(u.message, ctx.t('gateway.chat.unknownReply')));
    }
    await ctx.reply(u.message, ctx.t('gateway.chat.howToSend'));
  };

  const button = async (u: Extract<Incoming, { kind: 'button' }>): Promise<void> => {
    const action = ctx.buttons.resolve(u.id);
    if (!action) return o.adapter.answerButton(u.queryId, ctx.t('gateway.chat.staleButton'));
    switch (action.kind) {
      case 'approval':
      case 'bulk':
        return approvals.press(action, u.from, u.queryId);
      case 'conflict':
        return conflicts.press(action, u.from, u.queryId);
      default: {
        const never: never = action;
        return never;
      }
    }
  };

  // Checked on every update, messages and buttons alike: only paired (private) chats are served.
  const inbox = async (u: Incoming): Promise<void> => {
    if (!u.from.privateChat || !o.chats.has(u.from.chatId)) return stranger(u);
    return u.kind === 'button' ? button(u) : text(u);
  };

  return {
    start() {
      if (off) return;
      off = o.engine.onEvent(onEvent);
      o.adapter.start(inbox);
      later('sending the pending approvals', () => approvals.pending(null));
    },
    async stop() {
      off?.();
      off = null;
      await o.adapter.stop();
      await queue;
    },
    async sayUnpaired(chatId) {
      await o.adapter.send(chatId, { text: ctx.t('gateway.chat.unpairedElsewhere') });
    },
  };
}
