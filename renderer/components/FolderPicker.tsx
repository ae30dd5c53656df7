import { useEffect, useRef, useState } from 'react';
import type { FsListing } from '../../shared/engine-requests';
import { shownError, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/machines.css';

/**
 * A folder picker walking one machine's folders through `fs.list` (the host's hub sends it to `machine`; absent:
 * this machine): the folder shown, its parent, its sub-folders to open and its files for orientation; "Use this
 * folder" hands the folder's absolute path back. It starts at `start` when given, else at that machine's home.
 */
export function FolderPicker({ machine, start, onPick, onCancel }: { machine?: string; start?: string; onPick(path: string): void; onCancel(): void }) {
  const api = usePanel((s) => s.api);
  const t = useT();
  const lang = useLang();
  const [listing, setListing] = useState<FsListing | null>(null);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [loading, setLoading] = useState(true);
  // Only the answer to the latest click is shown: a slow folder answering late must not replace a newer one.
  const asked = useRef(0);

  const open = async (path: string | undefined, fallBackHome: boolean) => {
    const n = ++asked.current;
    setLoading(true);
    const r = await api['fs.list']({ ...(path !== undefined ? { path } : {}), ...(machine !== undefined ? { machine } : {}) });
    if (n !== asked.current) return;
    setLoading(false);
    if (r.ok) {
      setListing(r.value);
      setError(null);
      return;
    }
    setError(r.error);
    // A start folder that is gone (or was typed for another machine): the person still gets somewhere to walk from.
    if (fallBackHome && path !== undefined) {
      const home = await api['fs.list'](machine !== undefined ? { machine } : {});
      if (n === asked.current && home.ok) setListing(home.value);
    }
  };

  useEffect(() => {
    void open(start, true);
    // Opened once per machine: its own clicks walk from there.
  }, [machine]);

  return (
    <section className="folder-picker" aria-label={t('machinePanel.picker.label')}>
      {listing ? (
        <p>
          <span className="meta">{t('machinePanel.picker.folder')} </span>
          <code aria-label={t('machinePanel.picker.folder')}>{listing.path}</code>
        </p>
      ) : null}
      {loading ? <p className="meta">{t('machinePanel.picker.loading')}</p> : null}
      {error ? (
        <p role="alert" className="form-error">
          {shownError(lang, error)}
        </p>
      ) : null}
      {listing ? (
        <>
          <button type="button" disabled={listing.parent === null} onClick={() => listing.parent !== null && void open(listing.parent, false)}>
            {t('machinePanel.picker.parent')}
          </button>
          {listing.entries.length === 0 ? <p className="meta">{t('machinePanel.picker.empty')}</p> : null}
          <ul aria-label={listing.path}>
            {listing.entries.map((entry) =>
              entry.kind === 'folder' ? (
                <li key={entry.name}>
                  <button type="button" onClick={() => void open(childPath(listing.path, entry.name), false)}>
                    {entry.name}
                  </button>
                </li>
              ) : (
                <li key={entry.name} className="file">
                  {entry.name}
                </li>
              ),
            )}
          </ul>
          {listing.truncated ? <p className="meta">{t('machinePanel.picker.truncated')}</p> : null}
        </>
      ) : null}
      <div className="form-buttons">
        <button type="button" className="primary" disabled={listing === null} onClick={() => listing && onPick(listing.path)}>
          {t('machinePanel.picker.use')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}

/**
 * A folder inside a listed one, in the separator that machine's paths use: the listed path is absolute as that
 * machine names it, so a Windows machine's path (`C:\work`) goes on with `\` and any other with `/`.
 */
export function childPath(parent: string, name: string): string {
  const sep = /^[A-Za-z]:\\/.test(parent) || parent.startsWith('\\\\') ? '\\' : '/';
  return parent.endsWith(sep) ? `${parent}${name}` : `${parent}${sep}${name}`;
}
