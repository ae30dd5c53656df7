import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { english, msg } from '../../../../shared/i18n/message';
import type { SessionSandboxPolicy } from '../../policy/sandbox-policy';
import { commandDecider } from '../net/decider';
import { startCommandProxy } from '../net/proxy';
import type { CommandSandbox, WrapOptions, WrappedCommand } from '../runtime';
import { mountPlan, type Scratch } from './mount-plan';
import { Placeholders } from './placeholders';
import { startNetHolder, type NetHolder } from './net-holder';
import { proxyEnv, RELAY_PORT } from './proxy-env';

export interface BwrapPrograms {
  bwrap: string;
  socat: string;
  /** util-linux's nsenter, to enter a session's kept network namespace; null: each command makes its own. */
  nsenter: string | null;
}

/**
 * The seccomp filter the sandbox runtime ships (no new unix sockets, no nested namespaces), applied to the command
 * after the relay has its own socket. Null on an architecture it has no build for.
 */
function seccompProgram(): string | null {
  const arch = process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : null;
  if (!arch) return null;
  try {
    const pkg = path.dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json'));
    const file = path.join(pkg, 'vendor', 'seccomp', arch, 'apply-seccomp');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The seccomp helper makes a nested user namespace mapping the caller's uid; for uid 0 the kernel allows that only
 * to a creator holding CAP_SETFCAP, which bwrap then has to keep. Null: the helper cannot run for this caller.
 */
function seccompCaps(): string[] | null {
  if (process.geteuid?.() !== 0) return [];
  try {
    const bounding = /^CapBnd:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return bounding !== undefined && (BigInt(`0x${bounding}`) & (1n << 31n)) !== 0n ? ['--cap-add', 'CAP_SETFCAP'] : null;
  } catch {
    return null;
  }
}

/**
 * Run inside the sandbox as `bash -c SCRIPT _ command socket seccomp`: the relay from the sandbox's own loopback
 * port to the proxy must listen before the command starts (one that connects at once must find it); then the
 * script becomes the command — under the seccomp filter when there is one.
 */
const WAIT_RELAY =
  // Ready when a connection to it succeeds (cheaper than reading the socket table); the proxy drops that empty one.
  '_sn=0; until { exec 9<>/dev/tcp/127.0.0.1/' + RELAY_PORT + '; } 2>/dev/null; do _sn=$((_sn+1)); [ "$_sn" -lt 200000 ] || break; done; exec 9>&-; unset _sn';
// The helper reads SRT_ALLOW_NESTED_USERNS=0 as "refuse nested namespaces too"; it is not left for the command.
const BECOME = 'if [ -n "$3" ]; then SRT_ALLOW_NESTED_USERNS=0 exec "$3" bash -c "$1"; else exec bash -c "$1"; fi';
/** In a network of its own: start the relay too (`$2` is the proxy socket). */
const INNER_OWN_NET = [
  `socat TCP-LISTEN:${RELAY_PORT},bind=127.0.0.1,fork,reuseaddr "UNIX-CONNECT:$2" </dev/null >/dev/null 2>&1 &`,
  WAIT_RELAY,
  BECOME,
].join('\n');
/** In the session's kept network: its relay runs already (only its very first command may find it starting). */
const INNER_SESSION_NET = [WAIT_RELAY, BECOME].join('\n');

/**
 * Shell commands confined by bubblewrap directly, each with a filtering proxy of its own: the mounts are made from
 * the session's lists for each command (so sessions never share one configuration), and every connection is
 * decided for the command that made it, which is what lets a person be asked about one command's host.
 */
export function createBwrapSandbox(programs: BwrapPrograms): CommandSandbox {
  let scratch: (Scratch & { dir: string }) | null = null;
  const placeholders = new Placeholders();
  const caps = seccompCaps();
  const seccomp = caps === null ? null : seccompProgram();
  const refusedText = english(msg('sandbox.network.notAllowed'));

  const holders = new Map<string, Promise<NetHolder>>();
  const holderFor = async (key: string, dir: string): Promise<NetHolder> => {
    const known = holders.get(key);
    if (known) {
      const h = await known.catch(() => null);
      if (h?.alive) return h;
    }
    const started = startNetHolder({ bwrap: programs.bwrap, socat: programs.socat }, dir, key, refusedText);
    holders.set(key, started);
    return started;
  };

  // Whether commands can enter a kept network here: known after the first try. Where the kernel or a container
  // refuses it (seen for unprivileged users in some containers), each command makes its own network instead.
  let entering: boolean | null = programs.nsenter ? null : false;
  const sessionNet = async (key: string, dir: string): Promise<NetHolder | null> => {
    if (entering === false) return null;
    const holder = await holderFor(key, dir).catch(() => null);
    if (holder && entering === null) {
      const tried = spawnSync(programs.nsenter as string, ['--target', String(holder.pid), '--user', '--net', '--preserve-credentials', '--', 'true'], { stdio: 'ignore', timeout: 10_000 });
      entering = tried.status === 0;
    }
    if (holder && entering) return holder;
    entering = false;
    for (const h of holders.values()) void h.then((x) => x.close(), () => undefined);
    holders.clear();
    return null;
  };

  const ready = (): Scratch & { dir: string } => {
    if (scratch && existsSync(scratch.dir)) return scratch;
    // Short and private: a unix socket's path is limited to about a hundred bytes.
    const dir = mkdtempSync(path.join(tmpdir(), 'paragents-sbx-'));
    const emptyFile = path.join(dir, 'empty');
    const emptyDir = path.join(dir, 'empty.d');
    writeFileSync(emptyFile, '');
    chmodSync(emptyFile, 0o444);
    mkdirSync(emptyDir, { mode: 0o555 });
    scratch = { dir, emptyFile, emptyDir };
    return scratch;
  };

  return {
    async wrap(command: string, policy: SessionSandboxPolicy, opts: WrapOptions): Promise<WrappedCommand> {
      const s = ready();
      mkdirSync(policy.tmpdir, { recursive: true, mode: 0o700 });
      const plan = mountPlan(policy, s);
      const ended = new AbortController();
      const ask = opts.askNetwork;
      const decide = commandDecider({
        allowedDomains: policy.allowedDomains,
        deniedDomains: policy.deniedDomains,
        ...(ask ? { ask: (host: string, port: number) => ask(host, port, ended.signal) } : {}),
      });
      // The session's kept network (its temp folder names the session), or one made for this command alone.
      const holder = await sessionNet(policy.tmpdir, s.dir);
      const user = { decide, lines: [] as string[] };
      const leave = holder?.use(user);
      const socketPath = path.join(s.dir, `${randomBytes(9).toString('base64url')}.sock`);
      const proxy = holder ? null : await startCommandProxy({ socketPath, refusedText, decide });
      const held = placeholders.hold(plan.placeholders);
      const useSeccomp = seccomp !== null && policy.allowUnixSockets.length === 0;
      const argv = [
        ...(holder ? [programs.nsenter as string, '--target', String(holder.pid), '--user', '--net', '--preserve-credentials', '--'] : []),
        programs.bwrap,
        '--new-session',
        '--die-with-parent',
        '--unshare-user',
        '--unshare-pid',
        '--unshare-ipc',
        ...(holder ? [] : ['--unshare-net']),
        '--cap-drop',
        'ALL',
        ...(useSeccomp ? (caps ?? []) : []),
        ...plan.args,
        // The other commands' proxy sockets live beside this one: hidden, so no command uses another's lists.
        '--tmpfs',
        s.dir,
        ...(holder ? [] : ['--bind', socketPath, socketPath]),
        '--chdir',
        opts.cwd,
        '--',
        'bash',
        '-c',
        holder ? INNER_SESSION_NET : INNER_OWN_NET,
        'paragents-sandbox',
        command,
        socketPath,
        useSeccomp ? (seccomp as string) : '',
      ];
      let removed: string[] | null = null;
      let released = false;
      return {
        argv,
        env: { ...opts.env, ...proxyEnv(), TMPDIR: policy.tmpdir, PATH: opts.env.PATH ?? process.env.PATH },
        proxyLines: () => (proxy ? proxy.refusedLines() : [...user.lines]),
        removedFiles: () => (removed ??= removeCreated(plan.watch, quarantineOf(policy.tmpdir))),
        release: () => {
          if (released) return;
          released = true;
          ended.abort();
          removed ??= removeCreated(plan.watch, quarantineOf(policy.tmpdir));
          placeholders.release(held);
          leave?.();
          void proxy?.close();
        },
      };
    },
    async close() {
      const all = [...holders.values()];
      holders.clear();
      await Promise.all(all.map((h) => h.then((x) => x.close(), () => undefined)));
      if (scratch) rmSync(scratch.dir, { recursive: true, force: true });
      scratch = null;
    },
  };
}

/** Beside the session's temp folder and outside every write root: `<data>/sandbox-tmp/<session>-refused`. */
const quarantineOf = (tmpdir: string): string => `${tmpdir}-refused`;

/**
 * What the command created at a protected path no mount held: moved out of the workspace into a folder of the
 * engine's that no command may write (so nothing is lost, if a person made it meanwhile), and named as refused.
 */
function removeCreated(watch: readonly string[], quarantine: string): string[] {
  const out: string[] = [];
  for (const p of watch) {
    try {
      lstatSync(p);
    } catch {
      continue; // not there: nothing was written
    }
    const dest = path.join(quarantine, `${Date.now()}-${randomBytes(3).toString('hex')}`, p);
    mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
    try {
      renameSync(p, dest);
    } catch {
      cpSync(p, dest, { recursive: true });
      rmSync(p, { recursive: true, force: true });
    }
    out.push(p);
  }
  return out;
}
