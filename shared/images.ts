import { z } from 'zod';

/** The image formats vision models take. */
export const ImageMime = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export type ImageMime = z.infer<typeof ImageMime>;

/** Larger images are refused at the door: providers cap a request's images at about 20 MB in all. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PROMPT_IMAGES = 8;

/** An image kept once in the data folder, named by the SHA-256 of its bytes. */
export const ImageRef = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  mime: ImageMime,
  /** The file's name as the person or the tool gave it, for people; not a path the engine opens. */
  name: z.string().max(200),
  bytes: z.number().int().min(1),
  width: z.number().int().min(1).nullable(),
  height: z.number().int().min(1).nullable(),
});
export type ImageRef = z.infer<typeof ImageRef>;

/** An image sent with a prompt: its bytes as base64, with the name it had. */
export const ImageUpload = z.object({
  name: z.string().min(1).max(200),
  /** base64 (standard alphabet) of the file's bytes; a `data:` URL is taken too. */
  data: z.string().min(1).max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200),
});
export type ImageUpload = z.infer<typeof ImageUpload>;
