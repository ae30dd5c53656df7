import type { SessionSandboxPolicy } from '../policy/sandbox-policy';
import type { SandboxAvailability } from './availability';
import { createBwrapSandbox } from './linux/bwrap-sandbox';
import type { AskNetwork } from './net/decider';
import { createSrtSandbox } from './srt-sandbox';

export type { AskNetwork } from './net/decider';

/** A command made ready to run confined: the program and arguments to spawn, and its environment. */
export interface WrappedCommand {
  argv: string[];
  env: Record<string, string | undefined>;
  /** The proxy's records of connections it refused this command (`deny network-outbound host:port (reason)`). */
  proxyLines(): string[];
  /** Protected files the command created where no mount could hold them; they are removed (call once it ended). */
  removedFiles(): string[];
  /** Call when the command has ended (or never started): its proxy, mounts and network lists stop applying. */
  release(): void;
}

export interface WrapOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Asks a person about a host the lists do not name; absent, such a host is refused. */
  askNetwork?: AskNetwork;
}

export interface CommandSandbox {
  /** Wraps `bash -c command` so the OS confines it, and everything it starts, to the session's policy. */
  wrap(command: string, policy: SessionSandboxPolicy, opts: WrapOptions): Promise<WrappedCommand>;
  /** Stops the filtering proxies and removes the sandbox's scratch files. */
  close(): Promise<void>;
}

export { shellQuote } from './shell-quote';

/**
 * The sandbox for this platform, chosen at the first command from what the probe found: on Linux bubblewrap
 * directly (per command mounts and proxy), elsewhere the sandbox runtime's own back ends (Seatbelt on macOS, a
 * dedicated account on Windows).
 */
export function createCommandSandbox(availability: () => SandboxAvailability): CommandSandbox {
  let chosen: CommandSandbox | null = null;
  const pick = (): CommandSandbox => {
    if (chosen) return chosen;
    const a = availability();
    chosen =
      a.available && a.platform === 'linux'
        ? createBwrapSandbox({ bwrap: a.programs.bwrap as string, socat: a.programs.socat as string, nsenter: a.programs.nsenter ?? null })
        : createSrtSandbox();
    return chosen;
  };
  return {
    wrap: (command, policy, opts) => pick().wrap(command, policy, opts),
    close: async () => {
      await chosen?.close();
      chosen = null;
    },
  };
}
