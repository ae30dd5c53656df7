import { useState, type ReactNode } from 'react';
import type { MachineState } from '../../shared/machines';
import { LOCAL_MACHINE } from '../../shared/remotes';
import { useT } from '../i18n';
import { useActions } from '../store/use-panel';
import '../styles/machines.css';

/** Whether a machine's sessions are out of reach: known and not connected (a machine the list does not name is not greyed). */
export const isOffline = (state: MachineState | null): boolean => state !== null && state !== 'connected';

/** The id of the hidden sentence "NAME is disconnected" that a greyed session row is described by. */
export const offlineNoteId = (groupId: string): string => `${groupId}-offline`;

/**
 * One machine's sessions in the sidebar: a heading with its name and state, Reconnect when it is not connected,
 * and the sentence its greyed rows point to as their description.
 */
export function MachineGroup({ name, state, groupId, children }: { name: string; state: MachineState | null; groupId: string; children: ReactNode }) {
  const actions = useActions();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const offline = isOffline(state);
  const reconnect = async () => {
    setBusy(true);
    await actions.reconnectMachine(name);
    setBusy(false);
  };
  return (
    <div role="group" aria-label={name} className={`machine-group${offline ? ' disconnected' : ''}`}>
      <div className="machine-group-heading">
        <h3 className={state ? `machine-state-${state}` : undefined}>
          {state ? t('machinePanel.group.heading', { name, state: t(`machinePanel.state.${state}`) }) : name}
        </h3>
        {offline && name !== LOCAL_MACHINE ? (
          <button type="button" disabled={busy} onClick={() => void reconnect()}>
            {t('machinePanel.reconnect')}
          </button>
        ) : null}
        {offline ? (
          <span id={offlineNoteId(groupId)} hidden>
            {t('machinePanel.group.disconnected', { name })}
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
