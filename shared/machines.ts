import { z } from 'zod';
import { MsgSchema } from './msg-schema';
import { RemoteConfig, RemoteName } from './remotes';
import { EngineHello } from './contract-version';

/*
 * The machines a panel reaches: this one (`local`) and the remote machines of config.json's `remotes`, each an
 * engine of its own. The host's hub answers these requests with live states; an engine alone lists the
 * configuration only (it reaches no other machine).
 */

/** How the host holds a machine's engine: this machine's is always `connected`. */
export const MachineState = z.enum(['connected', 'connecting', 'disconnected']);
export type MachineState = z.infer<typeof MachineState>;

export const MachineView = z.object({
  /** `local` for this machine, else the remote's name in config.json. */
  name: z.string(),
  local: z.boolean(),
  /** `ssh://[user@]host[:port]`; null for this machine. */
  url: z.string().nullable(),
  dataDir: z.string().nullable(),
  command: z.string().nullable(),
  sshOptions: z.array(z.string()),
  stopWhenAppCloses: z.boolean(),
  state: MachineState,
  /** Why it is disconnected (the last failure), as data for people; null when connected or not yet tried. */
  problem: MsgSchema.nullable(),
  /** What its engine said when the link was last made (null before that, and for this machine). */
  hostname: z.string().nullable(),
  version: z.string().nullable(),
  home: z.string().nullable(),
});
export type MachineView = z.infer<typeof MachineView>;

export const MachineTest = z.object({
  name: z.string(),
  reachable: z.boolean(),
  /** What kind of trouble it is, when unreachable (what `paragents remote test` tells apart). */
  reason: z.enum(['ssh', 'not_installed', 'contract', 'not_engine', 'exited', 'timeout']).nullable(),
  /** One sentence: the engine's version, host and data folder, or what is wrong. */
  msg: MsgSchema,
  hello: EngineHello.shape.hello.nullable(),
});
export type MachineTest = z.infer<typeof MachineTest>;

export const machineRequests = {
  /** This machine first, then the remote machines in config.json's order, each with its state. */
  'machines.list': { input: z.object({}), output: z.array(MachineView) },
  /** Adds a remote machine to config.json (or, with `replace`, changes the one of that name) and connects to it. */
  'machines.add': { input: RemoteConfig.extend({ replace: z.boolean().optional() }), output: z.array(MachineView) },
  /** Disconnects and removes a remote machine from config.json; its engine and sessions there are left running. */
  'machines.remove': { input: z.object({ name: RemoteName }), output: z.array(MachineView) },
  /** Connects once and asks the engine there one question, without touching the held connection. */
  'machines.test': { input: z.object({ name: z.string().min(1) }), output: MachineTest },
  /** A person's "Reconnect": tries at once, starting the backoff over. */
  'machines.reconnect': { input: z.object({ name: z.string().min(1) }), output: MachineView },
} as const;

/** Whether a request's `machine` names this machine: absent, or `local` (its case ignored). */
export const isLocalMachine = (machine: string | undefined): boolean => machine === undefined || machine.toLowerCase() === 'local';
