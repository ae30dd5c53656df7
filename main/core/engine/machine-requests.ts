import type { RequestHandlers } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { LOCAL_MACHINE, type RemoteConfig } from '../../../shared/remotes';
import type { MachineView } from '../../../shared/machines';
import { err, ok, type Result } from '../../../shared/result';
import { addRemote, listRemotes, removeRemote } from '../config/remotes';

export type MachineRequestNames = 'machines.list' | 'machines.add' | 'machines.remove' | 'machines.test' | 'machines.reconnect';

/** This machine as the machines list shows it. */
export const localMachineView = (): MachineView => ({
  name: LOCAL_MACHINE,
  local: true,
  url: null,
  dataDir: null,
  command: null,
  sshOptions: [],
  stopWhenAppCloses: false,
  state: 'connected',
  problem: null,
  hostname: null,
  version: null,
  home: null,
});

/** A configured remote before (or without) a connection: its settings, no state yet. */
export const remoteMachineView = (remote: RemoteConfig): Omit<MachineView, 'state' | 'problem'> => ({
  name: remote.name,
  local: false,
  url: remote.url,
  dataDir: remote.dataDir ?? null,
  command: remote.command ?? null,
  sshOptions: remote.sshOptions ?? [],
  stopWhenAppCloses: remote.stopWhenAppCloses === true,
  hostname: null,
  version: null,
  home: null,
});

/**
 * The machines requests as an engine alone answers them: it reads and writes config.json's `remotes` but holds no
 * connection (the desktop app's and `paragents serve`'s hub does, and answers these itself with live states).
 */
export function machineRequests(deps: { home: string }): Pick<RequestHandlers, MachineRequestNames> {
  const list = (): Result<MachineView[]> => {
    const remotes = listRemotes(deps.home);
    if (!remotes.ok) return remotes;
    const problem = msg('machines.hub.notHeld');
    return ok([localMachineView(), ...remotes.value.map((r) => ({ ...remoteMachineView(r), state: 'disconnected' as const, problem }))]);
  };
  return {
    'machines.list': () => list(),
    'machines.add': ({ replace, ...remote }) => {
      const added = addRemote(deps.home, remote, { replace: replace === true });
      return added.ok ? list() : added;
    },
    'machines.remove': ({ name }) => {
      const removed = removeRemote(deps.home, name);
      return removed.ok ? list() : removed;
    },
    'machines.test': () => err('invalid_state', msg('machines.hub.noHub')),
    'machines.reconnect': () => err('invalid_state', msg('machines.hub.noHub')),
  };
}
