import { ImageMime, MAX_IMAGE_BYTES, MAX_PROMPT_IMAGES, type ImageUpload } from '../../../shared/images';
import { msg, type Msg } from '../../../shared/i18n/message';

/** An image in the prompt box, before it is sent: its name and its bytes as a data URL (also its thumbnail). */
export interface Attachment {
  id: number;
  name: string;
  data: string;
}

let nextId = 0;

const isImageType = (type: string): boolean => (ImageMime.options as readonly string[]).includes(type);

/** The files of a paste, a drop or the file picker that are images: the rest (text, paths) is left to the box. */
export const imageFiles = (files: ArrayLike<File>): File[] => Array.from(files).filter((f) => isImageType(f.type));

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * Reads image files into attachments, checked here as the engine checks them (so the box says what is wrong before
 * sending): a file too large or of another format is left out with a sentence, and never more than a prompt takes.
 */
export async function readAttachments(files: readonly File[], already: number): Promise<{ added: Attachment[]; problems: Msg[] }> {
  const added: Attachment[] = [];
  const problems: Msg[] = [];
  for (const file of files) {
    const name = file.name || 'pasted-image.png';
    if (!isImageType(file.type)) problems.push(msg('craft.images.notImage', { name }));
    else if (file.size > MAX_IMAGE_BYTES) problems.push(msg('craft.images.tooLarge', { name, max: MAX_IMAGE_BYTES / (1024 * 1024) }));
    else if (already + added.length >= MAX_PROMPT_IMAGES) problems.push(msg('notices.request.tooManyImages', { max: MAX_PROMPT_IMAGES, count: already + files.length }));
    else added.push({ id: ++nextId, name: name.slice(0, 200), data: await dataUrl(file) });
  }
  return { added, problems };
}

export const uploadsOf = (attachments: readonly Attachment[]): ImageUpload[] => attachments.map((a) => ({ name: a.name, data: a.data }));
