import type { Chat, Update, User } from 'grammy/types';
import type { Incoming, Sender } from '../types';

/** "Ada Lovelace (@ada)": how a person is named on an edited approval and in the paired chats list. */
export function personName(user: User | undefined, chat: Chat | undefined): string {
  const first = user?.first_name ?? (chat && 'first_name' in chat ? chat.first_name : undefined) ?? (chat && 'title' in chat ? chat.title : undefined) ?? 'someone';
  const last = user?.last_name ? ` ${user.last_name}` : '';
  const handle = user?.username ? ` (@${user.username})` : '';
  return `${first}${last}${handle}`.slice(0, 120);
}

/** In a private chat the person is the chat: an update claiming another sender there is not taken as private. */
function sender(chat: Chat, user: User | undefined): Sender {
  const privateChat = chat.type === 'private' && (user === undefined || user.id === chat.id);
  return { chatId: String(chat.id), privateChat, name: personName(user, chat) };
}

/**
 * The updates the gateway reads: text messages, photos (their caption as the text; Telegram sends each photo in
 * several sizes, the largest last) and button presses; everything else is ignored.
 */
export function toIncoming(update: Update): Incoming | null {
  const m = update.message;
  const largest = m?.photo?.at(-1);
  if (m && (typeof m.text === 'string' || largest)) {
    const chatId = String(m.chat.id);
    return {
      kind: 'text',
      from: sender(m.chat, m.from),
      text: m.text ?? m.caption ?? '',
      images: largest ? [largest.file_id] : [],
      message: { chatId, messageId: m.message_id },
      replyTo: m.reply_to_message ? { chatId, messageId: m.reply_to_message.message_id } : null,
    };
  }
  const q = update.callback_query;
  if (q && typeof q.data === 'string') {
    const chat = q.message?.chat;
    return {
      kind: 'button',
      from: chat ? sender(chat, q.from) : { chatId: String(q.from.id), privateChat: false, name: personName(q.from, undefined) },
      id: q.data,
      message: q.message && chat ? { chatId: String(chat.id), messageId: q.message.message_id } : null,
      queryId: q.id,
    };
  }
  return null;
}
