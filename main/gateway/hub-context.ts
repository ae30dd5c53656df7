import type { TelegramNotify } from '../../shared/config';
import type { ConflictResolution } from '../../shared/events';
import { shownError, shownText, translator, type Lang, type Msg, type Translator } from '../../shared/i18n';
import { BoundedMap, ButtonIds } from './button-ids';
import type { PairedChats } from './pairing';
import type { GatewayEngine, GatewayLog, MessageRef, MessengerAdapter, OutgoingMessage, Sender } from './types';

/** What a button does, kept on this side: the button itself carries only an opaque id. */
export type ButtonAction =
  | { kind: 'approval'; approvalId: string; answer: 'allow_once' | 'allow_session' | 'allow_children' | 'allow_always' | 'deny' }
  /** Allow once every pending approval of the same call (tool and input). */
  | { kind: 'bulk'; callKey: string }
  | { kind: 'conflict'; conflictId: string; promptId: string; resolution: Exclude<ConflictResolution, 'block'> };

/** Messages remembered for replies (a reply to one goes to its session, or denies its approval). */
const REMEMBERED_MESSAGES = 2000;

export const messageKey = (ref: MessageRef): string => `${ref.chatId}:${ref.messageId}`;

/** "Ada (@ada) on Telegram": who answered, as the edited message says it. */
export const answeredBy = (from: Sender, t: Translator = translator('en')): string => t('gateway.onTelegram', { name: from.name });

/** What the hub's parts share: the engine, the messenger, the paired chats and the messages' meanings. */
export class HubContext {
  readonly buttons = new ButtonIds<ButtonAction>();
  /** Message → the session it is about. */
  readonly sessionOf = new BoundedMap<string, string>(REMEMBERED_MESSAGES);
  /** Message → the approval it asks for (a text reply to it denies with that text). */
  readonly approvalOf = new BoundedMap<string, string>(REMEMBERED_MESSAGES);

  constructor(
    readonly engine: GatewayEngine,
    readonly adapter: MessengerAdapter,
    readonly chats: PairedChats,
    readonly notify: () => TelegramNotify,
    readonly log: GatewayLog,
    /**
     * The language of the messages (PARAGENTS_LANG, else config.json's language, else the locale), asked at each
     * message so a change of the setting reaches the next one; button ids and commands stay as they are.
     */
    private readonly langOf: () => Lang = () => 'en',
  ) {}

  /** The gateway's language now. */
  get lang(): Lang {
    return this.langOf();
  }

  /** Messages of the shared catalogs in the gateway's language now (take it once per message). */
  get t(): Translator {
    return translator(this.lang);
  }

  /**
   * An engine reason or conflict detail in the gateway's language: rendered from its `Msg` when it came with one,
   * else where a template knows its English.
   */
  reason(text: string, m?: Msg | null): string {
    return shownText(this.lang, text, m);
  }

  /** An engine error in the gateway's language: rendered from its `Msg`, else its text as written. */
  error(e: { message: string; msg?: Msg }): string {
    return shownError(this.lang, e);
  }

  /** Sends to one chat and remembers what the messages are about. */
  async sendTo(chatId: string, message: OutgoingMessage, about: { sessionId?: string; approvalId?: string } = {}): Promise<MessageRef[]> {
    const refs = await this.adapter.send(chatId, message);
    for (const ref of refs) {
      if (about.sessionId) this.sessionOf.set(messageKey(ref), about.sessionId);
      if (about.approvalId) this.approvalOf.set(messageKey(ref), about.approvalId);
    }
    return refs;
  }

  /** Sends to every paired chat; resolves with the main message of each. */
  async broadcast(message: OutgoingMessage, about: { sessionId?: string; approvalId?: string } = {}): Promise<MessageRef[]> {
    const sent: MessageRef[] = [];
    for (const chat of this.chats.list()) {
      const refs = await this.sendTo(chat.chatId, message, about);
      if (refs[0]) sent.push(refs[0]);
    }
    return sent;
  }

  /** A reply in the chat, remembered as being about a session when it is. */
  reply(to: MessageRef, text: string, sessionId?: string): Promise<MessageRef[]> {
    return this.sendTo(to.chatId, { text, replyTo: to }, sessionId ? { sessionId } : {});
  }
}
