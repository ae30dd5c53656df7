import { LOCAL_MACHINE } from '../../shared/remotes';
import { useT } from '../i18n';
import { machineOf, showsMachines } from '../store/machines';
import { usePanel } from '../store/use-panel';
import '../styles/machines.css';

/** The machine a session runs on, beside its workspace path; nothing while no machine is remote. */
export function SessionMachineBadge({ sessionId }: { sessionId: string }) {
  const machine = usePanel((s) => (showsMachines(s.domain) ? machineOf(s.domain.sessions[sessionId]?.machine) : null));
  return machine === null ? null : <span className="machine-badge">{machine}</span>;
}

/**
 * The remote machine whose engine sent something (an approval: "on NAME"; a search hit: its name); nothing for
 * this machine's.
 */
export function RemoteBadge({ machine, on = false }: { machine: string | undefined; on?: boolean }) {
  const t = useT();
  const name = machineOf(machine);
  if (name === LOCAL_MACHINE) return null;
  return <span className="machine-badge">{on ? t('machinePanel.onMachine', { name }) : name}</span>;
}
