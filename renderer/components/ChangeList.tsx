import type { ChangedFile } from '../../shared/changes';
import { useT } from '../i18n';

const writerName = (o: ChangedFile['otherSessions'][number]) => o.name ?? o.ref;

/** The files a session changed: +added −removed lines, and a mark naming the other sessions that changed a file too. */
export function ChangeList({ files, selected, onPick }: { files: readonly ChangedFile[]; selected: string | null; onPick(path: string): void }) {
  const t = useT();
  return (
    <ul className="change-list" aria-label={t('changes.files')}>
      {files.map((f) => (
        <li key={f.path} className={f.path === selected ? 'selected' : undefined}>
          <button type="button" className="file-pick" aria-pressed={f.path === selected} onClick={() => onPick(f.path)} title={f.path}>
            {f.display}
          </button>
          <span className="change-meta">
            <span className={`kind kind-${f.change}`}>{t(`changes.kind.${f.change}`)}</span>
            {f.binary ? (
              <span className="meta">{t('changes.binary')}</span>
            ) : f.added !== null && f.removed !== null ? (
              <span className="counts" title={t('changes.counts', { added: f.added, removed: f.removed })}>
                <span className="add">+{f.added}</span> <span className="del">−{f.removed}</span>
              </span>
            ) : null}
          </span>
          {f.otherSessions.length > 0 ? (
            <span className="also-changed">⚠ {t('changes.alsoChangedBy', { names: f.otherSessions.map(writerName).join(', ') })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
