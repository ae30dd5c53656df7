import { MAX_PROMPT_IMAGES, type ImageMime, type ImageRef, type ImageUpload } from '../../../shared/images';
import { sniffImage } from './sniff';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { ResolvedProvider } from '../config/types';
import type { SessionRow } from '../store/rows';
import { uploadBytes, type ImageStore } from './store';
import { seesImages } from './vision';

export interface ImageIntake {
  /** Checks and keeps a prompt's images: all of them, or none with one sentence naming what is wrong. */
  accept(session: SessionRow, uploads: readonly ImageUpload[]): Result<ImageRef[]>;
  /** A kept image as the transcript shows it: its format and its bytes as base64. */
  show(hash: string): Result<{ mime: ImageMime; data: string }>;
}

export function createImageIntake(d: { images: ImageStore; providerOf: (session: SessionRow) => ResolvedProvider | null }): ImageIntake {
  return {
    accept(session, uploads) {
      if (uploads.length === 0) return ok([]);
      if (uploads.length > MAX_PROMPT_IMAGES) return err('invalid_input', msg('notices.request.tooManyImages', { max: MAX_PROMPT_IMAGES, count: uploads.length }));
      const provider = d.providerOf(session);
      if (provider && !seesImages(provider)) {
        return err('invalid_input', msg('notices.request.cannotSeeImages', { model: provider.model, provider: provider.name }));
      }
      const refs: ImageRef[] = [];
      for (const u of uploads) {
        const saved = d.images.save(u.name, uploadBytes(u.data));
        if (!saved.ok) return saved;
        refs.push(saved.value);
      }
      return ok(refs);
    },
    show(hash) {
      const bytes = d.images.read({ hash });
      const sniffed = bytes ? sniffImage(bytes) : null;
      if (!bytes || !sniffed) return err('not_found', msg('notices.request.imageGone', { hash: hash.slice(0, 12) }));
      return ok({ mime: sniffed.mime, data: bytes.toString('base64') });
    },
  };
}
