import { isLocalMachine, type MachineState, type MachineView } from '../../shared/machines';
import { LOCAL_MACHINE } from '../../shared/remotes';
import type { EngineEvent, EventOf } from '../../shared';
import type { Msg } from '../../shared/i18n/message';
import type { DomainState } from './types';

/*
 * The machines the panel's sessions run on, as the host's hub says: `machines.list` at each load (a snapshot) and
 * `machine_state` events after it. Pure, like the reducer; the store decides when a snapshot goes in (see
 * panel-store's machine reads).
 */

/** How the host holds one machine's engine, and why it is disconnected (null when connected or not yet tried). */
export interface MachineStatus {
  state: MachineState;
  problem: Msg | null;
}

/** The machine a session, approval or hit belongs to: a remote's name, or `local` for this one (absent or `local`). */
export function machineOf(machine: string | undefined): string {
  return machine === undefined || isLocalMachine(machine) ? LOCAL_MACHINE : machine;
}

/** A machines.list answer replaces what the panel knows of machines: it is newer than every state heard before it. */
export function applyMachineList(state: DomainState, views: readonly MachineView[]): DomainState {
  const machines: Record<string, MachineStatus> = {};
  const order: string[] = [];
  for (const v of views) {
    const name = v.local ? LOCAL_MACHINE : v.name;
    if (machines[name]) continue;
    machines[name] = { state: v.local ? 'connected' : v.state, problem: v.local ? null : v.problem };
    order.push(name);
  }
  return { ...state, machines, machineOrder: order };
}

/** One machine's view (a `machines.reconnect` answer) over what is known; a machine not listed yet goes last. */
export function applyMachineView(state: DomainState, view: MachineView): DomainState {
  if (view.local) return state;
  return withStatus(state, view.name, { state: view.state, problem: view.problem });
}

/** The hub connected to a remote machine's engine, lost it, or is trying again. */
export function applyMachineState(state: DomainState, event: EventOf<'machine_state'>): DomainState {
  if (isLocalMachine(event.machine)) return state;
  return withStatus(state, event.machine, { state: event.state, problem: event.problem });
}

function withStatus(state: DomainState, name: string, status: MachineStatus): DomainState {
  const known = state.machines[name];
  if (known && known.state === status.state && known.problem === status.problem) return state;
  return {
    ...state,
    machines: { ...state.machines, [name]: status },
    machineOrder: known ? state.machineOrder : [...state.machineOrder, name],
  };
}

/** Events that are a machine's state, not a session's: a machines.list answer is newer than all heard before it. */
export const isMachineState = (e: EngineEvent): boolean => e.type === 'machine_state';

/**
 * Whether the panel shows machines at all: a remote machine is configured or a session runs on one. With neither,
 * the session list and headers look as they did before machines existed.
 */
export function showsMachines(state: Pick<DomainState, 'machineOrder' | 'sessions' | 'sessionOrder'>): boolean {
  if (state.machineOrder.some((name) => name !== LOCAL_MACHINE)) return true;
  return state.sessionOrder.some((id) => machineOf(state.sessions[id]?.machine) !== LOCAL_MACHINE);
}

/**
 * The machines sessions are grouped under, in order: `local` first, then the remote machines in the machines
 * list's order, then machines the list does not name (removed since) in the order their sessions came.
 */
export function machineGroupOrder(listed: readonly string[], used: Iterable<string>): string[] {
  const out = [LOCAL_MACHINE, ...listed.filter((n) => n !== LOCAL_MACHINE)];
  for (const name of used) if (!out.includes(name)) out.push(name);
  return out;
}
