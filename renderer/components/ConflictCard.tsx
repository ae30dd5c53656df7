import { useState } from 'react';
import type { ConflictResolution } from '../../shared';
import type { ConflictView } from '../store/types';
import { shownText } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { useActions } from '../store/use-panel';

/** Names the other session and the paths; Override runs anyway, Wait holds until the other finishes, Cancel drops the prompt. */
export function ConflictCard({ conflict }: { conflict: ConflictView }) {
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const other = conflict.otherSessionName ?? conflict.otherSessionRef;
  const resolve = async (r: Exclude<ConflictResolution, 'block'>) => {
    if (!conflict.promptId) return;
    setBusy(true);
    await actions.resolveConflict(conflict.promptId, r);
    setBusy(false);
  };
  return (
    <section className="conflict-card" role="group" aria-label={t('conflict.label')}>
      <h3>{other ? t('conflict.titleWith', { other }) : t('conflict.title')}</h3>
      <p>
        {conflict.promptRef ? t('conflict.prompt', { ref: conflict.promptRef }) : ''}
        {t(`conflict.kind.${conflict.kind}`)}
        {conflict.otherSessionRef ? t('conflict.otherSession', { ref: conflict.otherSessionRef }) : ''}
        {t('conflict.end')}
      </p>
      {conflict.paths.length ? (
        <ul className="conflict-paths">
          {conflict.paths.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {conflict.detail ? <p className="conflict-detail">{shownText(lang, conflict.detail, conflict.detailMsg)}</p> : null}
      <div className="conflict-buttons">
        <button type="button" className="danger" disabled={busy || !conflict.promptId} onClick={() => void resolve('override')}>
          {t('conflict.override')}
        </button>
        <button type="button" disabled={busy || !conflict.promptId} onClick={() => void resolve('wait')}>
          {t('conflict.wait')}
        </button>
        <button type="button" disabled={busy || !conflict.promptId} onClick={() => void resolve('cancel')}>
          {t('conflict.cancel')}
        </button>
      </div>
    </section>
  );
}
