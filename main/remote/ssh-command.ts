import type { RemoteConfig } from '../../shared/remotes';
import { sshTarget } from '../../shared/remotes';

/** What runs Paragents on a remote machine when its entry names no `command`. */
export const DEFAULT_REMOTE_COMMAND = 'paragents';

/**
 * Options Paragents sets for every connection, after the person's own (`-o` values given first win in ssh, so a
 * remote's `sshOptions` can change any of these): no password prompt (the app has no terminal to type it in),
 * and keep-alives so that a dead network is noticed in under a minute rather than at the next write.
 */
const DEFAULT_OPTIONS = ['BatchMode=yes', 'ServerAliveInterval=15', 'ServerAliveCountMax=3', 'ConnectTimeout=20'];

/** A word for a POSIX shell, single-quoted unless it is plainly safe. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A remote path for the shell: `~/…` keeps its tilde outside the quotes, so the remote shell expands it. */
export function shellPath(path: string): string {
  if (path === '~') return '~';
  return path.startsWith('~/') ? `~/${shellWord(path.slice(2))}` : shellWord(path);
}

/** The command line the remote shell runs: the remote's `command` (already a shell line) and the engine's flags. */
export function remoteCommandLine(remote: Pick<RemoteConfig, 'command' | 'dataDir'>): string {
  const base = remote.command ?? DEFAULT_REMOTE_COMMAND;
  return remote.dataDir === undefined ? `${base} engine --stdio` : `${base} engine --stdio --data-dir ${shellPath(remote.dataDir)}`;
}

/**
 * The system ssh's arguments for a remote: no terminal (`-T`: the channel carries the contract's bytes only), the
 * person's `-o` options, then ours, the destination and the engine command. Everything else (keys, agent, jump
 * hosts, known hosts) comes from their own ~/.ssh/config, as any ssh they run.
 */
export function sshArgs(remote: RemoteConfig): string[] {
  const target = sshTarget(remote);
  const options = [...(remote.sshOptions ?? []), ...DEFAULT_OPTIONS].flatMap((option) => ['-o', option]);
  return ['-T', ...(target.port === undefined ? [] : ['-p', String(target.port)]), ...options, '--', target.destination, remoteCommandLine(remote)];
}

/**
 * How git reaches a folder on a remote machine: an `ssh://` URL of the folder, and GIT_SSH_COMMAND running the same
 * system ssh with the same options as the engine's link (git adds the port from the URL itself).
 */
export function gitOverSsh(remote: RemoteConfig, folder: string): { url: string; env: Record<string, string> } {
  const target = sshTarget(remote);
  const options = [...(remote.sshOptions ?? []), ...DEFAULT_OPTIONS].flatMap((option) => ['-o', option]);
  const host = target.port === undefined ? target.destination : `${target.destination}:${target.port}`;
  const at = folder.startsWith('/') ? folder : `/~/${folder.replace(/^~\/?/, '')}`;
  return { url: `ssh://${host}${at}`, env: { GIT_SSH_COMMAND: ['ssh', ...options].map(shellWord).join(' ') } };
}
