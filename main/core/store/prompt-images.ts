import { z } from 'zod';
import { ImageRef } from '../../../shared/images';
import type { PromptRow } from './rows';

/** The images a prompt row carries (none when its JSON is missing or not a list of ImageRef). */
export function promptImages(row: Pick<PromptRow, 'images_json'>): ImageRef[] {
  if (!row.images_json) return [];
  const parsed = z.array(ImageRef).safeParse(JSON.parse(row.images_json));
  return parsed.success ? parsed.data : [];
}
