import { useId } from 'react';
import type { RequestOutput } from '../../shared/api';
import { useT } from '../i18n';

export type MergeOutcome = RequestOutput<'worktree.merge'>;

/** What merging an isolated session would do (`worktree.merge` with `preview`), asked before it is done. */
export function MergePreview({ preview, file, busy, onConfirm, onCancel }: { preview: MergeOutcome; file: string | null; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const t = useT();
  const titleId = useId();
  const base = preview.baseRef;
  return (
    <div role="dialog" aria-labelledby={titleId} className="card merge-preview">
      <h3 id={titleId}>{t('changes.mergePreview')}</h3>
      {preview.upToDate ? (
        <p>{t('changes.upToDate', { base })}</p>
      ) : (
        <>
          <p>{t('changes.mergeIntro', { branch: preview.branch, base })}</p>
          <h4>{t('changes.mergeFiles')}</h4>
          <ul className="merge-files">
            {preview.files.map((f) => (
              <li key={f} className={file !== null && f === file ? 'current' : undefined}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
          <h4>{t('changes.mergeConflicts')}</h4>
          {preview.conflicts.length === 0 ? (
            <p className="ok-text">{t('changes.noConflicts')}</p>
          ) : (
            <ul className="merge-conflicts">
              {preview.conflicts.map((f) => (
                <li key={f}>
                  <code>{f}</code>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="row">
        {!preview.upToDate ? (
          <button type="button" className="primary" disabled={busy || !preview.clean} onClick={onConfirm}>
            {t('changes.confirmMerge')}
          </button>
        ) : null}
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
