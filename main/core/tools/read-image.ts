import { open } from 'node:fs/promises';
import { MAX_IMAGE_BYTES, type ImageRef } from '../../../shared/images';
import type { Result } from '../../../shared/result';
import { sniffImage } from '../images/sniff';
import { ToolError, fsErrorMessage } from './errors';
import type { ToolOutcome } from './types';

/** What Read needs to hand an image to the model: whether it sees images, and where images are kept. */
export interface ToolImages {
  vision: boolean;
  keep(name: string, bytes: Buffer): Result<ImageRef>;
}

const EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;

/** A PNG, JPEG, GIF or WebP file by its name and its first bytes. */
export async function imageFile(abs: string): Promise<boolean> {
  if (!EXTENSIONS.test(abs)) return false;
  const fh = await open(abs, 'r').catch(() => null);
  if (!fh) return false;
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await fh.read(head, 0, 64, 0);
    return sniffImage(head.subarray(0, bytesRead)) !== null;
  } finally {
    await fh.close();
  }
}

/** Read of an image: kept in the data folder and shown to a vision model; a model that cannot see is told so. */
export async function readImage(abs: string, shown: string, size: number, images: ToolImages | undefined): Promise<ToolOutcome> {
  if (!images?.vision) {
    throw new ToolError(`${shown} is an image, and this model cannot see images; describe what you need from it to the person instead.`);
  }
  if (size > MAX_IMAGE_BYTES) throw new ToolError(`${shown} is an image larger than 10 MB; it is too large to show to the model.`);
  let bytes: Buffer;
  try {
    const fh = await open(abs, 'r');
    try {
      bytes = await fh.readFile();
    } finally {
      await fh.close();
    }
  } catch (e) {
    throw new ToolError(fsErrorMessage(e, shown));
  }
  const kept = images.keep(shown.split('/').at(-1) ?? shown, bytes);
  if (!kept.ok) throw new ToolError(`${shown} could not be read as an image: ${kept.error.message}.`);
  const r = kept.value;
  const dims = r.width !== null && r.height !== null ? `, ${r.width}×${r.height}` : '';
  return { ok: true, output: `Image ${shown} (${r.mime}${dims}, ${Math.ceil(r.bytes / 1024)} KiB), shown to you below.`, images: [r] };
}
