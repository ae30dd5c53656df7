import type { ImageRef } from '../../../shared/images';
import type { ChatMessage } from '../store/chat-message';
import type { RequestMessage, UserPartsMessage } from './provider-message';

export interface ImageSending {
  /** The bytes of a kept image (null: its file is gone from the data folder). */
  read: (ref: ImageRef) => Buffer | null;
  /** The provider sees images; otherwise each one is said in a sentence instead. */
  vision: boolean;
}

const unseen = (ref: ImageRef): string => `[The image ${ref.name} is attached, but this model cannot see images.]`;
const missing = (ref: ImageRef): string => `[The image ${ref.name} is no longer in the data folder.]`;

function parts(text: string, images: readonly ImageRef[], how: ImageSending): UserPartsMessage['content'] | string {
  if (!how.vision) return [text, ...images.map(unseen)].filter((t) => t !== '').join('\n\n');
  const out: UserPartsMessage['content'] = text !== '' ? [{ type: 'text', text }] : [];
  for (const ref of images) {
    const bytes = how.read(ref);
    out.push(bytes ? { type: 'image_url', image_url: { url: `data:${ref.mime};base64,${bytes.toString('base64')}` } } : { type: 'text', text: missing(ref) });
  }
  return out;
}

/**
 * The messages of a request with their images: a prompt's become `image_url` parts (data URLs) of its user message;
 * a tool's (Read of an image) follow the tool results as one user message, since tool messages carry text only.
 * Without images the messages are returned as they are.
 */
export function withImages(messages: readonly ChatMessage[], how: ImageSending): RequestMessage[] {
  if (!messages.some((m) => (m.role === 'user' || m.role === 'tool') && m.images?.length)) return [...messages];
  const out: RequestMessage[] = [];
  let pending: ImageRef[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const content = parts('The images from the tool results above:', pending, how);
    out.push(typeof content === 'string' ? { role: 'user', content } : { role: 'user', content });
    pending = [];
  };
  for (const m of messages) {
    if (m.role !== 'tool') flush();
    if (m.role === 'user' && m.images?.length) {
      const content = parts(m.content, m.images, how);
      out.push({ role: 'user', content } as RequestMessage);
    } else if (m.role === 'tool' && m.images?.length) {
      const { images, ...text } = m;
      out.push(text);
      pending.push(...images);
    } else {
      out.push(m);
    }
  }
  flush();
  return out;
}
