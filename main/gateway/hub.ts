import type { TelegramNotify } from '../../shared/config';
import type { Lang } from '../../shared/i18n';
import type { EngineEvent } from '../../shared/events';
import { isTerminal } from '../../shared/status';
import { ApprovalCards } from './approval-cards';
import { ChatCommands, HELP_TEXT, parseCommand } from './chat-commands';
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
  /** The language of the messages; English when not given. */
  lang?: Lang;
}

export interface MessengerGateway extends Gateway {
  /** Tells a chat that it was unpaired from the panel or the command line (before it is removed). */
  sayUnpaired(chatId: string): Promise<void>;
}

const TEN_MINUTES = 10 * 60_000;
/** Wrong pairing codes one chat may try per ten minutes. */
const PAIR_TRIES = 5;

const NOT_PAIRED =
  'This chat is not paired with Paragents. In the app\u2019s Gateways view (or with `paragents gateway telegram pair`) get a code, then send /pair CODE here.';

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
    if (u.kind === 'button') return o.adapter.answerButton(u.queryId, 'This chat is not paired with Paragents.');
    await o.adapter.send(u.from.chatId, { text: NOT_PAIRED });
  };

  const pair = async (u: Extract<Incoming, { kind: 'text' }>, code: string): Promise<void> => {
    if (!u.from.privateChat) {
      if (throttle.allow(`not-paired:${u.from.chatId}`, 1, TEN_MINUTES)) {
        await o.adapter.send(u.from.chatId, { text: 'Only a private chat with the bot can be paired: in a group everyone could answer the approvals.' });
      }
      return;
    }
    if (!throttle.allow(`pair:${u.from.chatId}`, PAIR_TRIES, TEN_MINUTES)) return;
    const outcome = o.codes.use(code);
    switch (outcome) {
      case 'paired':
        o.chats.add({ chatId: u.from.chatId, name: u.from.name, pairedAt: new Date(o.clock()).toISOString() });
        await ctx.reply(u.message, `✅ Paired. This chat now gets Paragents\u2019 approvals and notifications.\n\n${HELP_TEXT}`);
        await approvals.pending(u.from.chatId);
        return;
      case 'expired':
        await ctx.reply(u.message, 'That code has expired (codes last 10 minutes). Get a new one and send /pair CODE again.');
        return;
      case 'wrong':
        await ctx.reply(u.message, 'That code is not right. Get a code in the Gateways view or with `paragents gateway telegram pair`.');
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
      if (command.name === 'pair') return void (await ctx.reply(u.message, 'This chat is already paired.'));
      if (command.name === 'unpair') {
        o.chats.remove(u.from.chatId);
        await o.adapter.send(u.from.chatId, { text: 'Unpaired: this chat gets nothing more from Paragents until it pairs again.' });
        return;
      }
      if (!(await commands.run(command.name, command.rest, u.message))) await ctx.reply(u.message, `Unknown command /${command.name}. /help lists the commands.`);
      return;
    }
    if (u.replyTo) {
      const key = messageKey(u.replyTo);
      const approvalId = ctx.approvalOf.get(key);
      if (approvalId) return approvals.denyWithText(approvalId, u.text, u.from, u.message);
      const sessionId = ctx.sessionOf.get(key);
      if (sessionId) return commands.prompt(sessionId, u.text, u.message);
      return void (await ctx.reply(u.message, 'I do not know which session that message was about (perhaps from before a restart). Use /s NAME text.'));
    }
    await ctx.reply(u.message, 'To send a prompt, use /s NAME text or reply to a session\u2019s message. /help lists the commands.');
  };

  const button = async (u: Extract<Incoming, { kind: 'button' }>): Promise<void> => {
    const action = ctx.buttons.resolve(u.id);
    if (!action) return o.adapter.answerButton(u.queryId, 'This button no longer does anything (it was answered, or Paragents restarted).');
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
      await o.adapter.send(chatId, { text: 'This chat was unpaired in Paragents: it gets nothing more until it pairs again.' });
    },
  };
}
