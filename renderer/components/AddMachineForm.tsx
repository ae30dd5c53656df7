import { useId, useState, type FormEvent } from 'react';
import type { RequestInput } from '../../shared';
import { shownError, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { usePanel } from '../store/use-panel';

/** The command the remote side runs when none is named (`paragents engine --stdio`): a command, not a sentence. */
const DEFAULT_COMMAND = 'paragents';

interface Fields {
  name: string;
  url: string;
  dataDir: string;
  command: string;
  sshOptions: string;
  stopWhenAppCloses: boolean;
}

const EMPTY: Fields = { name: '', url: '', dataDir: '', command: '', sshOptions: '', stopWhenAppCloses: false };

/**
 * What `machines.add` is sent: the fields as typed (trimmed), an optional field left empty omitted so the remote
 * side's default applies, the SSH options one per non-empty line.
 */
export function addMachineInput(f: Fields): RequestInput<'machines.add'> {
  const sshOptions = f.sshOptions
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    name: f.name.trim(),
    url: f.url.trim(),
    ...(f.dataDir.trim() ? { dataDir: f.dataDir.trim() } : {}),
    ...(f.command.trim() ? { command: f.command.trim() } : {}),
    ...(sshOptions.length > 0 ? { sshOptions } : {}),
    ...(f.stopWhenAppCloses ? { stopWhenAppCloses: true } : {}),
  };
}

/** "Add a machine": the engine checks every field (contract's RemoteConfig) and says what is wrong in one sentence. */
export function AddMachineForm({ onAdded }: { onAdded(): void }) {
  const api = usePanel((s) => s.api);
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await api['machines.add'](addMachineInput(fields));
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (!r.ok) return;
    setFields(EMPTY);
    onAdded();
  };

  return (
    <form className="machine-form" aria-label={t('machinePanel.add.title')} onSubmit={(e) => void submit(e)}>
      <h3>{t('machinePanel.add.title')}</h3>
      <label htmlFor={`${id}-name`}>{t('machinePanel.add.name')}</label>
      <input id={`${id}-name`} value={fields.name} onChange={(e) => set('name', e.target.value)} />
      <label htmlFor={`${id}-url`}>{t('machinePanel.add.url')}</label>
      <input id={`${id}-url`} value={fields.url} placeholder={t('machinePanel.add.urlPlaceholder')} onChange={(e) => set('url', e.target.value)} />
      <label htmlFor={`${id}-data`}>{t('machinePanel.add.dataDir')}</label>
      <input id={`${id}-data`} value={fields.dataDir} placeholder={t('compose.optional')} onChange={(e) => set('dataDir', e.target.value)} />
      <label htmlFor={`${id}-command`}>{t('machinePanel.add.command')}</label>
      <input id={`${id}-command`} value={fields.command} placeholder={DEFAULT_COMMAND} onChange={(e) => set('command', e.target.value)} />
      <label htmlFor={`${id}-ssh`}>{t('machinePanel.add.sshOptions')}</label>
      <textarea
        id={`${id}-ssh`}
        rows={3}
        value={fields.sshOptions}
        aria-describedby={`${id}-ssh-hint`}
        onChange={(e) => set('sshOptions', e.target.value)}
      />
      <span id={`${id}-ssh-hint`} className="meta">
        {t('machinePanel.add.sshOptionsHint')}
      </span>
      <label>
        <input type="checkbox" checked={fields.stopWhenAppCloses} onChange={(e) => set('stopWhenAppCloses', e.target.checked)} />{' '}
        {t('machinePanel.add.stopWhenAppCloses')}
      </label>
      {error ? (
        <p role="alert" className="form-error">
          {shownError(lang, error)}
        </p>
      ) : null}
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('machinePanel.add.submit')}
        </button>
      </div>
    </form>
  );
}
