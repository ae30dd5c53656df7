import { useCallback, useEffect, useState } from 'react';
import type { MachineView } from '../../shared/machines';
import { shownError, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { AddMachineForm } from './AddMachineForm';
import { MachineItem } from './MachineItem';
import '../styles/machines.css';

/**
 * Machines: this machine and the remote ones the host's hub reaches over SSH, each with its state; test, reconnect,
 * remove, and add one. The list is read when the view opens and again whenever a machine's state changes.
 */
export function MachinesView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [machines, setMachines] = useState<MachineView[] | null>(null);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);

  // A machine connects, drops or retries on its own (the hub's backoff): read the list again.
  useEffect(() => api.onEvent((e) => {
    if (e.type === 'machine_state') changed();
  }), [api, changed]);

  useEffect(() => {
    let live = true;
    // Through the store, so the session list's groups follow what this view shows.
    void actions.refreshMachines().then((r) => {
      if (!live) return;
      if (r.ok) setMachines(r.value);
      setError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
  }, [actions, version]);

  return (
    <section className="overlay-view" aria-label={t('machinePanel.title')}>
      <header className="overlay-header">
        <h2>{t('machinePanel.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {error ? <p className="form-error">{shownError(lang, error)}</p> : null}
      {machines ? (
        <ul className="machine-list" aria-label={t('machinePanel.list')}>
          {machines.map((m) => (
            <MachineItem key={m.name} machine={m} onChanged={changed} />
          ))}
        </ul>
      ) : null}
      <AddMachineForm onAdded={changed} />
    </section>
  );
}
