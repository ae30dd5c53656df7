import { useT } from '../../i18n';
import type { Attachment } from './attachments';

/** The prompt box's images before sending: a thumbnail each, and a button that removes it. */
export function AttachedImages({ attachments, onRemove }: { attachments: readonly Attachment[]; onRemove: (id: number) => void }) {
  const t = useT();
  if (attachments.length === 0) return null;
  return (
    <ul className="prompt-images" aria-label={t('craft.images.list')}>
      {attachments.map((a) => (
        <li key={a.id} className="prompt-image">
          <img src={a.data} alt={t('craft.images.shown', { name: a.name })} />
          <button type="button" className="remove-image" aria-label={t('craft.images.remove', { name: a.name })} onClick={() => onRemove(a.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
