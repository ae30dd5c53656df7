import { useId, useState, type FormEvent } from 'react';
import { PermissionMode } from '../../shared';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { english, msg, shownError, type Msg } from '../../shared/i18n';

/** "New session": a workspace folder, an optional name, mode and first prompt. */
export function NewSessionForm() {
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const lastWorkspace = usePanel((s) => s.ui.lastWorkspace);
  const pendingPrompt = usePanel((s) => s.ui.pendingPrompt);
  const [workspace, setWorkspace] = useState(lastWorkspace ?? '');
  const [name, setName] = useState('');
  // '' picks no mode: the session follows the settings' defaultMode until a person picks one.
  const [mode, setMode] = useState<PermissionMode | ''>('');
  const [prompt, setPrompt] = useState(pendingPrompt ?? '');
  const [busy, setBusy] = useState(false);
  // Kept as the sentence's data, so it is painted in the language shown now (a switch repaints it).
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!workspace.trim()) {
      const required = msg('compose.workspaceRequired');
      setError({ message: english(required), msg: required });
      return;
    }
    setBusy(true);
    setError(null);
    const result = await actions.createSession({
      workspace: workspace.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(mode ? { mode } : {}),
      ...(prompt.trim() ? { prompt } : {}),
    });
    setBusy(false);
    if (!result.ok) setError(result.error);
  };

  return (
    <form className="new-session-form" aria-label={t('compose.createSession')} onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-ws`}>{t('compose.workspace')}</label>
      <input
        id={`${id}-ws`}
        name="workspace"
        value={workspace}
        placeholder={t('compose.workspacePlaceholder')}
        autoFocus
        onChange={(e) => setWorkspace(e.target.value)}
      />
      <label htmlFor={`${id}-name`}>{t('compose.name')}</label>
      <input id={`${id}-name`} name="name" value={name} placeholder={t('compose.optional')} maxLength={80} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${id}-mode`}>{t('compose.mode')}</label>
      <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value === '' ? '' : PermissionMode.parse(e.target.value))}>
        <option value="">{t('compose.fromSettings')}</option>
        {PermissionMode.options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-first`}>{t('compose.firstMessage')}</label>
      <textarea id={`${id}-first`} rows={2} value={prompt} placeholder={t('compose.optional')} onChange={(e) => setPrompt(e.target.value)} />
      {error ? (
        <p role="alert" className="form-error">
          {shownError(lang, error)}
        </p>
      ) : null}
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('compose.create')}
        </button>
        <button type="button" onClick={() => actions.openNewSession(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
