import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_BYTES, type ImageRef } from '../../../shared/images';
import { msg, type Msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { sniffImage } from './sniff';

/** Where a data folder keeps its images, each once, named by its SHA-256. */
export function imagesDir(home: string): string {
  return path.join(home, 'images');
}

/** Images kept in a data folder: written once (content-addressed), read when a request needs them. */
export interface ImageStore {
  save(name: string, bytes: Buffer): Result<ImageRef>;
  /** The bytes of a kept image, or null when its file is gone. */
  read(ref: Pick<ImageRef, 'hash'>): Buffer | null;
}

export function createImageStore(home: string): ImageStore {
  const dir = imagesDir(home);
  const fileOf = (hash: string): string => path.join(dir, hash);
  return {
    save(name, bytes) {
      const refused = (m: Msg): Result<ImageRef> => err('invalid_input', m);
      if (bytes.length > MAX_IMAGE_BYTES) return refused(msg('notices.request.imageTooLarge', { name, max: MAX_IMAGE_BYTES / (1024 * 1024) }));
      const sniffed = sniffImage(bytes);
      if (!sniffed) return refused(msg('notices.request.notAnImage', { name }));
      const hash = createHash('sha256').update(bytes).digest('hex');
      const file = fileOf(hash);
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        // Written under a temporary name first, so a crash never leaves half an image under its hash.
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, bytes, { mode: 0o600 });
        renameSync(temp, file);
      }
      return ok({ hash, mime: sniffed.mime, name: name.slice(0, 200), bytes: bytes.length, width: sniffed.width, height: sniffed.height });
    },
    read(ref) {
      try {
        return readFileSync(fileOf(ref.hash));
      } catch {
        return null;
      }
    },
  };
}

/** An upload's bytes: base64, or a `data:image/…;base64,` URL as a browser's clipboard gives it. */
export function uploadBytes(data: string): Buffer {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return Buffer.from(comma === -1 ? data : data.slice(comma + 1), 'base64');
}
