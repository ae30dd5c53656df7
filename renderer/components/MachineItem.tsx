import { useState } from 'react';
import type { MachineView } from '../../shared/machines';
import { render, shownError, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

/** An engine error as data: painted in the language shown now. */
type Said = { message: string; msg?: Msg };

/**
 * One machine of the Machines view: its address, state and why it is disconnected, what its engine said; for a
 * remote machine Test, Reconnect (when not connected) and Remove (confirmed inline).
 */
export function MachineItem({ machine, onChanged }: { machine: MachineView; onChanged(): void }) {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [running, setRunning] = useState<'test' | 'reconnect' | 'remove' | null>(null);
  const busy = running !== null;
  // The test's one sentence (reachable or what is wrong), or the engine's refusal of the test itself.
  const [tested, setTested] = useState<Msg | Said | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { name } = machine;

  const test = async () => {
    setRunning('test');
    setTested(null);
    const r = await api['machines.test']({ name });
    setRunning(null);
    setTested(r.ok ? r.value.msg : r.error);
  };
  const reconnect = async () => {
    setRunning('reconnect');
    const r = await actions.reconnectMachine(name);
    setRunning(null);
    setError(r.ok ? null : r.error);
    onChanged();
  };
  const remove = async () => {
    setRunning('remove');
    const r = await api['machines.remove']({ name });
    setRunning(null);
    setConfirming(false);
    setError(r.ok ? null : r.error);
    if (r.ok) onChanged();
  };

  const testedText = tested === null ? null : 'key' in tested ? render(lang, tested) : shownError(lang, tested);
  return (
    <li className="machine-item" aria-label={name}>
      <h3>
        <span>{name}</span>
        {machine.url !== null ? <code>{machine.url}</code> : null}
        <span className={`machine-state machine-state-${machine.state}`}>{t(`machinePanel.state.${machine.state}`)}</span>
      </h3>
      {machine.state === 'disconnected' && machine.problem ? <p className="form-error">{render(lang, machine.problem)}</p> : null}
      {machine.hostname !== null || machine.version !== null ? (
        <p className="meta">
          {[machine.hostname !== null ? t('machinePanel.host', { hostname: machine.hostname }) : null, machine.version !== null ? t('machinePanel.version', { version: machine.version }) : null]
            .filter((part) => part !== null)
            .join(' · ')}
        </p>
      ) : null}
      {machine.local ? null : (
        <div className="approval-buttons">
          <button type="button" disabled={busy} onClick={() => void test()}>
            {t('machinePanel.test')}
          </button>
          {machine.state !== 'connected' ? (
            <button type="button" disabled={busy} onClick={() => void reconnect()}>
              {t('machinePanel.reconnect')}
            </button>
          ) : null}
          {confirming ? null : (
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t('machinePanel.remove')}
            </button>
          )}
        </div>
      )}
      {confirming ? (
        <div role="group" aria-label={t('machinePanel.removeConfirm', { name })}>
          <p>{t('machinePanel.removeConfirm', { name })}</p>
          <p className="meta">{t('machinePanel.removeHint')}</p>
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            {t('machinePanel.remove')}
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      {/* Always in the tree, so a screen reader hears the sentence when it arrives. */}
      {machine.local ? null : (
        <p role="status" className="meta">
          {running === 'test' ? t('machinePanel.testing', { name }) : testedText}
        </p>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {shownError(lang, error)}
        </p>
      ) : null}
    </li>
  );
}
