import { z } from 'zod';

/*
 * Remote machines: engines on other machines, reached over SSH. config.json's `remotes` lists them; the CLI's
 * `paragents remote add|list|remove` writes that list. Pure: the web build reads these types too.
 */

/** Where `ssh` connects: the user (else ssh's own choice), the host (an IPv6 address without its brackets), the port. */
export interface SshAddress {
  user?: string;
  host: string;
  port?: number;
}

export type SshUrlParse = { ok: true; value: SshAddress } | { ok: false };

// A user or a host never starts with `-`, so neither can be read by ssh as one of its options.
const SSH_URL = /^ssh:\/\/(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?(\[[^\]/@]*\]|[^:/@[\]]+)(?::([0-9]+))?\/?$/i;
const HOST_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})$/;
const IPV4_LIKE = /^[0-9.]+$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/** Eight groups of hex digits, `::` standing for one run of zero groups, the last two possibly an IPv4 address. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const groups = halves.flatMap(groupsOf);
  let count = groups.length;
  const last = groups[groups.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!isIpv4(last)) return false;
    groups.pop();
    count += 1;
  }
  if (!groups.every((g) => HEX_GROUP.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function isHostName(text: string): boolean {
  if (text.length > 253) return false;
  // All digits and dots is an IPv4 address or nothing: ssh would read "10.1" as 10.0.0.1.
  if (IPV4_LIKE.test(text)) return isIpv4(text);
  return text.split('.').every((label) => HOST_LABEL.test(label));
}

/** `ssh://[user@]host[:port]` (host a name, an IPv4 address or `[IPv6]`; port 1–65535; an optional final `/`). */
export function parseSshUrl(url: string): SshUrlParse {
  const m = SSH_URL.exec(url);
  if (!m) return { ok: false };
  const [, user, rawHost = '', rawPort] = m;
  let host: string;
  if (rawHost.startsWith('[')) {
    host = rawHost.slice(1, -1);
    if (!isIpv6(host)) return { ok: false };
  } else {
    host = rawHost;
    if (!isHostName(host)) return { ok: false };
  }
  let port: number | undefined;
  if (rawPort !== undefined) {
    if (!/^[1-9][0-9]{0,4}$/.test(rawPort)) return { ok: false };
    port = Number(rawPort);
    if (port > 65_535) return { ok: false };
  }
  return { ok: true, value: { ...(user !== undefined ? { user } : {}), host, ...(port !== undefined ? { port } : {}) } };
}

/** The name config.json cannot give a remote: it names this machine. */
export const LOCAL_MACHINE = 'local';
const REMOTE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** What is wrong with a remote's name, or null: its letters (`pattern`) or that it is `local`, this machine's name. */
export function remoteNameProblem(name: string): 'pattern' | 'local' | null {
  if (!REMOTE_NAME.test(name)) return 'pattern';
  return name.toLowerCase() === LOCAL_MACHINE ? 'local' : null;
}

const SSH_OPTION_KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** An ssh `-o` option, `KEY=VALUE`: KEY letters and digits, VALUE not empty and on one line. */
export function isSshOption(option: string): boolean {
  const at = option.indexOf('=');
  if (at < 0) return false;
  const value = option.slice(at + 1);
  return SSH_OPTION_KEY.test(option.slice(0, at)) && value !== '' && !/[\r\n]/.test(value);
}

export const RemoteName = z
  .string()
  .refine((n) => remoteNameProblem(n) !== 'pattern', {
    message: 'a remote name is 1 to 63 letters, digits, dots, underscores or hyphens, starting with a letter or a digit',
  })
  .refine((n) => remoteNameProblem(n) !== 'local', { message: '"local" names this machine, so a remote machine needs another name' });
export type RemoteName = z.infer<typeof RemoteName>;

export const RemoteConfig = z
  .object({
    name: RemoteName,
    url: z.string().refine((u) => parseSshUrl(u).ok, {
      error: (issue) => `${JSON.stringify(issue.input)} is not an SSH address: write ssh://[user@]host[:port], with a port from 1 to 65535`,
    }),
    /** The data folder on the remote machine (`paragents engine --data-dir`); absent: the remote side's default. */
    dataDir: z.string().min(1, { message: 'dataDir names a folder on the remote machine, so it cannot be empty' }).optional(),
    /** The remote command that runs Paragents instead of `paragents`, e.g. `node /opt/paragents/bin/paragents.js`. */
    command: z.string().min(1, { message: 'command runs Paragents on the remote machine, so it cannot be empty' }).optional(),
    /** ssh `-o` options, in order, e.g. `ServerAliveInterval=15`. */
    sshOptions: z
      .array(
        z.string().refine(isSshOption, {
          error: (issue) => `${JSON.stringify(issue.input)} is not an ssh option: write KEY=VALUE, KEY letters and digits and VALUE not empty and on one line`,
        }),
      )
      .optional(),
    /** Stop the remote engine when the desktop app closes (else it keeps running its turns there). */
    stopWhenAppCloses: z.boolean().optional(),
  })
  .strict();
export type RemoteConfig = z.infer<typeof RemoteConfig>;

/** config.json's `remotes`: each name once, whatever its case. */
export const RemotesConfig = z.array(RemoteConfig).superRefine((remotes, ctx) => {
  const seen = new Map<string, number>();
  remotes.forEach((r, i) => {
    const key = r.name.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${r.name}" is also the name of remotes[${first}], and two remote machines cannot share a name (case is ignored)` });
  });
});

/** ssh's destination (`user@host`, or `host` for ssh's own user) and port of a remote. */
export function sshTarget(remote: Pick<RemoteConfig, 'url'>): { destination: string; port?: number } {
  const parsed = parseSshUrl(remote.url);
  // A RemoteConfig's url was checked when it was parsed; a bad one here is a bug of the caller.
  if (!parsed.ok) throw new Error(`not an SSH address: ${remote.url}`);
  const { user, host, port } = parsed.value;
  return { destination: user !== undefined ? `${user}@${host}` : host, ...(port !== undefined ? { port } : {}) };
}
