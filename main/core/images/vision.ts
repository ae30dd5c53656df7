import { isKnownVisionModel } from '../../../shared/model-family';
import type { ResolvedProvider } from '../config/types';

/** A provider sees images when its config.json entry says so, or, when it says nothing, when its model is known to. */
export function seesImages(provider: Pick<ResolvedProvider, 'model' | 'vision'>): boolean {
  return provider.vision ?? isKnownVisionModel(provider.model);
}

/**
 * What a vision model is charged for an image, as OpenAI counts it at high detail: fitted into 2048×2048, its short
 * side scaled to 768, then 170 tokens per 512-pixel tile plus 85. Without a known size: a 1024×1024 image's count.
 */
export function imageTokens(width: number | null, height: number | null): number {
  if (width === null || height === null) return 765;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(w, h);
  if (short > 768) {
    const scale = 768 / short;
    w *= scale;
    h *= scale;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}
