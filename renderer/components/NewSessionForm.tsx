import { useId, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PermissionMode } from '../../shared';
import { LOCAL_MACHINE } from '../../shared/remotes';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { english, msg, shownError, type Msg } from '../../shared/i18n';
import { FolderPicker } from './FolderPicker';

/**
 * "New session": the machine it runs on (when remote machines are configured), a workspace folder on that machine
 * (typed, or picked with Browse…), an optional name, mode and first prompt.
 */
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
  // The remote machines in the machines list's order, each with whether a session can be made there now.
  const remotes = usePanel(
    useShallow((s) => s.domain.machineOrder.filter((n) => n !== LOCAL_MACHINE).map((n) => `${s.domain.machines[n]?.state === 'connected' ? '+' : '-'}${n}`)),
  );
  const [machine, setMachine] = useState(LOCAL_MACHINE);
  const [browsing, setBrowsing] = useState(false);
  const remote = machine === LOCAL_MACHINE ? undefined : machine;
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
      ...(remote !== undefined ? { machine: remote } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(mode ? { mode } : {}),
      ...(prompt.trim() ? { prompt } : {}),
    });
    setBusy(false);
    if (!result.ok) setError(result.error);
  };

  const pickMachine = (next: string) => {
    setMachine(next);
    setBrowsing(false);
    // A path names a folder on one machine only: this machine's last workspace means nothing on another.
    setWorkspace(next === LOCAL_MACHINE ? (lastWorkspace ?? '') : '');
  };

  return (
    <form className="new-session-form" aria-label={t('compose.createSession')} onSubmit={(e) => void submit(e)}>
      {remotes.length > 0 ? (
        <>
          <label htmlFor={`${id}-machine`}>{t('machinePanel.compose.machine')}</label>
          <select id={`${id}-machine`} value={machine} onChange={(e) => pickMachine(e.target.value)}>
            <option value={LOCAL_MACHINE}>{LOCAL_MACHINE}</option>
            {remotes.map((entry) => {
              const name = entry.slice(1);
              const connected = entry.startsWith('+');
              return (
                <option key={name} value={name} disabled={!connected}>
                  {connected ? name : t('machinePanel.compose.disconnectedOption', { name })}
                </option>
              );
            })}
          </select>
        </>
      ) : null}
      <label htmlFor={`${id}-ws`}>{t('compose.workspace')}</label>
      <input
        id={`${id}-ws`}
        name="workspace"
        value={workspace}
        placeholder={t('compose.workspacePlaceholder')}
        autoFocus
        onChange={(e) => setWorkspace(e.target.value)}
      />
      {/* Neither host has a native folder dialog here, so the picker serves this machine as well as a remote one. */}
      {browsing ? (
        <FolderPicker
          {...(remote !== undefined ? { machine: remote } : {})}
          {...(workspace.trim() ? { start: workspace.trim() } : {})}
          onPick={(path) => {
            setWorkspace(path);
            setBrowsing(false);
          }}
          onCancel={() => setBrowsing(false)}
        />
      ) : (
        <button type="button" onClick={() => setBrowsing(true)}>
          {t('machinePanel.compose.browse')}
        </button>
      )}
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
