import { useEffect, useState } from 'react';
import type { ImageRef } from '../../../shared/images';
import { useT } from '../../i18n';
import { usePanelStore } from '../../store/use-panel';

/** Images already fetched, by hash: they never change (content-addressed), so each is asked for once. */
const fetched = new Map<string, string>();

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
      fetched.set(image.hash, url);
      setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [image.hash, src, store]);
  const label = t('craft.images.shown', { name: image.name });
  return src ? <img className="stored-image" src={src} alt={label} width={image.width ?? undefined} height={image.height ?? undefined} /> : <span className="stored-image pending" role="img" aria-label={label} />;
}
