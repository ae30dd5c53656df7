import { useEffect, useState } from 'react';
import type { ImageRef } from '../../../shared/images';
import { useT } from '../../i18n';
import { usePanelStore } from '../../store/use-panel';

/**
 * Images already fetched, by hash: they never change (content-addressed), so each is asked for once while it is
 * among the last few shown (a transcript scrolled back and forth does not ask again; a long one does not keep all).
 */
const fetched = new Map<string, string>();
const KEPT_IMAGES = 32;
const keep = (hash: string, url: string): void => {
  fetched.delete(hash);
  fetched.set(hash, url);
  if (fetched.size > KEPT_IMAGES) fetched.delete(fetched.keys().next().value as string);
};

/** A prompt's images in the transcript, fetched from the engine's data folder when first shown. */
export function StoredImages({ images }: { images: readonly ImageRef[] }) {
  return (
    <div className="stored-images">
      {images.map((ref) => (
        <StoredImage key={ref.hash} image={ref} />
      ))}
    </div>
  );
}

function StoredImage({ image }: { image: ImageRef }) {
  const store = usePanelStore();
  const t = useT();
  const [src, setSrc] = useState(fetched.get(image.hash) ?? null);
  useEffect(() => {
    if (src !== null) return;
    let live = true;
    void store.getState().api['image.get']({ hash: image.hash }).then((r) => {
      if (!r.ok || !live) return;
      const url = `data:${r.value.mime};base64,${r.value.data}`;
      keep(image.hash, url);
      setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [image.hash, src, store]);
  const label = t('craft.images.shown', { name: image.name });
  return src ? <img className="stored-image" src={src} alt={label} width={image.width ?? undefined} height={image.height ?? undefined} /> : <span className="stored-image pending" role="img" aria-label={label} />;
}
