import { useState } from 'react';
import { useT } from '../i18n';

/** The form under a selected line range: the person's comment for the agent. */
export function ReviewCommentForm({ where, onAdd, onClose }: { where: string; onAdd(text: string): void; onClose(): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const add = () => {
    if (!text.trim()) return;
    onAdd(text);
    onClose();
  };
  return (
    <div className="review-comment-form">
      <textarea
        aria-label={t('changes.commentLabel', { where })}
        value={text}
        rows={3}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) add();
          if (e.key === 'Escape') onClose();
        }}
      />
      <div className="row">
        <button type="button" className="primary" disabled={!text.trim()} onClick={add}>
          {t('changes.addComment')}
        </button>
        <button type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
