import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
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
import { proxyEnv, RELAY_PORT } from './proxy-env';

export interface BwrapPrograms {
  bwrap: string;
  socat: string;
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
 * Run inside the sandbox as `bash -c SCRIPT _ command socket seccomp`: start the relay from the sandbox's own
 * loopback port to this command's proxy socket, wait until it listens (a command that connects at once must
 * find it), then become the command — under the seccomp filter when there is one.
 */
const INNER = [
  `socat TCP-LISTEN:${RELAY_PORT},bind=127.0.0.1,fork,reuseaddr "UNIX-CONNECT:$2" </dev/null >/dev/null 2>&1 &`,
  '_srelay=$!',
  `_sup() { while read -r _ _sa _ _ss _; do [ "$_sa" = 0100007F:${RELAY_PORT.toString(16).toUpperCase().padStart(4, '0')} ] && [ "$_ss" = 0A ] && return 0; done </proc/net/tcp; return 1; }`,
  '_sn=0; until _sup; do kill -0 "$_srelay" 2>/dev/null || break; _sn=$((_sn+1)); [ "$_sn" -lt 200000 ] || break; done',
  'unset -f _sup; unset _sn _sa _ss _srelay',
  'if [ -n "$3" ]; then exec env SRT_ALLOW_NESTED_USERNS=0 "$3" bash -c "$1"; else exec bash -c "$1"; fi',
].join('\n');

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
      const socketPath = path.join(s.dir, `${randomBytes(9).toString('base64url')}.sock`);
      const ended = new AbortController();
      const ask = opts.askNetwork;
      const proxy = await startCommandProxy({
        socketPath,
        refusedText,
        decide: commandDecider({
          allowedDomains: policy.allowedDomains,
          deniedDomains: policy.deniedDomains,
          ...(ask ? { ask: (host: string, port: number) => ask(host, port, ended.signal) } : {}),
        }),
      });
      const held = placeholders.hold(plan.placeholders);
      const useSeccomp = seccomp !== null && policy.allowUnixSockets.length === 0;
      const argv = [
        programs.bwrap,
        '--new-session',
        '--die-with-parent',
        '--unshare-user',
        '--unshare-pid',
        '--unshare-ipc',
        '--unshare-net',
        '--cap-drop',
        'ALL',
        ...(useSeccomp ? (caps ?? []) : []),
        ...plan.args,
        // The other commands' proxy sockets live beside this one: hidden, so no command uses another's lists.
        '--tmpfs',
        s.dir,
        '--bind',
        socketPath,
        socketPath,
        '--chdir',
        opts.cwd,
        '--',
        'bash',
        '-c',
        INNER,
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
        proxyLines: () => proxy.refusedLines(),
        removedFiles: () => (removed ??= removeCreated(plan.watch)),
        release: () => {
          if (released) return;
          released = true;
          ended.abort();
          removed ??= removeCreated(plan.watch);
          placeholders.release(held);
          void proxy.close();
        },
      };
    },
    async close() {
      if (scratch) rmSync(scratch.dir, { recursive: true, force: true });
      scratch = null;
    },
  };
}

/** A protected file the command created although it could not be held by a mount: taken away, and named as refused. */
function removeCreated(watch: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of watch) {
    try {
      if (!lstatSync(p).isFile() && !lstatSync(p).isSymbolicLink()) continue;
      unlinkSync(p);
      out.push(p);
    } catch {
      // not there: nothing was written
    }
  }
  return out;
}
