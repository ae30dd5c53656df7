import type { EngineEvent } from '../../shared/events';
import { msg } from '../../shared/i18n/message';
import type { MachineView } from '../../shared/machines';
import type { RemoteConfig } from '../../shared/remotes';
import { err, ok, type Result } from '../../shared/result';
import { listRemotes } from '../core/config/remotes';
import { localMachineView, remoteMachineView } from '../core/engine/machine-requests';
import { createMachineLink, type MachineLink } from '../remote/machine-link';

export interface MachineSetOptions {
  /** The data folder whose config.json lists the remotes. */
  home: string;
  /** Makes the link of one remote (tests and benchmarks pass their own connection). */
  link?: (remote: RemoteConfig) => MachineLink;
  /** Every event of every remote machine, marked with its name, and each change of a machine's state. */
  onEvent(event: EngineEvent): void;
}

export interface MachineSet {
  /** Reads config.json's `remotes` again: links for the new ones, the removed ones let go (their engines left running). */
  reconcile(): Result<void>;
  /** The remotes' links in config.json's order. */
  links(): readonly MachineLink[];
  /** The remote named `name` (its case ignored). */
  find(name: string): { remote: RemoteConfig; link: MachineLink } | undefined;
  views(): MachineView[];
  /** Lets every link go; `appClosing` also stops the engines of the remotes set to stop when the app closes. */
  close(opts: { appClosing: boolean }): Promise<void>;
}

interface Held {
  remote: RemoteConfig;
  /** The remote's entry as written, to tell a changed entry (a new link) from the same one. */
  written: string;
  link: MachineLink;
  detach: () => void;
}

const stateEvent = (machine: string, link: MachineLink): EngineEvent => ({
  type: 'machine_state',
  seq: 0,
  ts: new Date().toISOString(),
  sessionId: '',
  sessionRef: '',
  sessionName: null,
  promptId: null,
  promptRef: null,
  machine,
  state: link.state(),
  problem: link.problem(),
});

/**
 * The remote machines the host holds a link to, kept in step with config.json. Their events reach `onEvent`
 * marked with the machine's name; the panel's language is this machine's setting, so a remote's
 * `language_changed` stays there.
 */
export function createMachineSet(options: MachineSetOptions): MachineSet {
  const makeLink = options.link ?? ((remote: RemoteConfig) => createMachineLink(remote));
  const held = new Map<string, Held>();
  let order: string[] = [];

  const hold = (remote: RemoteConfig): Held => {
    const link = makeLink(remote);
    const name = remote.name;
    const offEvent = link.onEvent((event) => {
      if (event.type === 'language_changed') return;
      options.onEvent({ ...event, machine: name });
    });
    const offState = link.onState(() => options.onEvent(stateEvent(name, link)));
    return { remote, written: JSON.stringify(remote), link, detach: () => (offEvent(), offState()) };
  };
  const release = (h: Held): void => {
    h.detach();
    void h.link.close();
  };

  const set: MachineSet = {
    reconcile() {
      const listed = listRemotes(options.home);
      if (!listed.ok) return listed;
      const wanted = new Map(listed.value.map((r) => [r.name.toLowerCase(), r]));
      for (const [key, h] of held) {
        const now = wanted.get(key);
        if (now && JSON.stringify(now) === h.written) continue;
        release(h);
        held.delete(key);
      }
      for (const [key, remote] of wanted) if (!held.has(key)) held.set(key, hold(remote));
      order = [...wanted.keys()];
      return ok(undefined);
    },
    links: () => order.map((key) => held.get(key)?.link).filter((l): l is MachineLink => l !== undefined),
    find(name) {
      const h = held.get(name.toLowerCase());
      return h ? { remote: h.remote, link: h.link } : undefined;
    },
    views() {
      const remotes = order.map((key) => held.get(key)).filter((h): h is Held => h !== undefined);
      return [
        localMachineView(),
        ...remotes.map(({ remote, link }) => {
          const hello = link.hello();
          return {
            ...remoteMachineView(remote),
            state: link.state(),
            problem: link.problem(),
            hostname: hello?.hostname ?? null,
            version: hello?.version ?? null,
            home: hello?.home ?? null,
          };
        }),
      ];
    },
    async close({ appClosing }) {
      const all = [...held.values()];
      held.clear();
      order = [];
      await Promise.all(
        all.map(async (h) => {
          h.detach();
          await h.link.close({ stopEngine: appClosing && h.remote.stopWhenAppCloses === true });
        }),
      );
    },
  };
  return set;
}

/** The one sentence for a machine name that is neither `local` nor a configured remote. */
export function unknownMachine(name: string, set: MachineSet): Result<never> {
  const names = set.views().map((v) => v.name).join(', ');
  return err('not_found', msg('machines.hub.unknown', { name, names }));
}
