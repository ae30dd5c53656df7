import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { startCommandProxy, type CommandProxy, type ConnectionVerdict } from '../net/proxy';
import { RELAY_PORT } from './proxy-env';

/** One running command of a session, as the session's proxy routes its connections. */
export interface NetUser {
  decide(host: string, port: number): Promise<ConnectionVerdict>;
  /** The proxy's records of what it refused while this command ran. */
  lines: string[];
}

/**
 * A session's own network namespace, kept between its commands: a bubblewrap process holding an empty network
 * (loopback only) with the relay from its port 3128 to the session's proxy socket already listening. Each command
 * enters it (`nsenter`) instead of making a namespace and starting a relay of its own, which is most of what a
 * confined call would otherwise cost. Connections go to the session's running command (the newest, when several
 * run at once), decided with its lists and its person.
 */
export interface NetHolder {
  /** The process whose network namespace commands enter. */
  pid: number;
  /** False once it has ended (killed, or its process died): the next command starts another. */
  readonly alive: boolean;
  use(user: NetUser): () => void;
  close(): Promise<void>;
}

export interface HolderPrograms {
  bwrap: string;
  socat: string;
}

/** How long a session's network is kept with no command in it. */
const IDLE_MS = 10 * 60_000;

/** Reads the `child-pid` bubblewrap writes to its info fd once the sandbox's process runs. */
function childPid(info: Readable, child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    info.setEncoding('utf8');
    info.on('data', (d: string) => {
      text += d;
      // The whole object: bubblewrap goes on writing after the pid, and a pipe closed early would stop it.
      const m = /"child-pid"\s*:\s*(\d+)[\s\S]*\}/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the network holder exited (${String(code)})`)));
    child.once('error', reject);
  });
}

/** Waits (a few milliseconds at most, normally) until the process's user namespace has its uid map. */
async function mapped(pid: number): Promise<boolean> {
  for (let i = 0; i < 2000; i++) {
    try {
      if (readFileSync(`/proc/${pid}/uid_map`, 'utf8').trim() !== '') return true;
    } catch {
      return false;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  return false;
}

export async function startNetHolder(programs: HolderPrograms, scratchDir: string, key: string, refusedText: string): Promise<NetHolder> {
  const socketPath = path.join(scratchDir, `n-${createHash('sha256').update(key).digest('base64url').slice(0, 16)}.sock`);
  const users: NetUser[] = [];
  const proxy: CommandProxy = await startCommandProxy({
    socketPath,
    refusedText,
    decide: async (host, port) => {
      const user = users.at(-1);
      const v: ConnectionVerdict = user ? await user.decide(host, port) : { allow: false, why: 'unlisted' };
      if (!v.allow) for (const u of users) u.lines.push(`deny network-outbound ${host.includes(':') ? `[${host}]` : host}:${port} (${v.why})`);
      return v;
    },
  });
  const child = spawn(
    programs.bwrap,
    [
      '--unshare-user',
      '--unshare-net',
      '--die-with-parent',
      '--ro-bind', '/', '/',
      '--dev', '/dev',
      '--bind', socketPath, socketPath,
      '--info-fd', '3',
      '--',
      programs.socat,
      `TCP-LISTEN:${RELAY_PORT},bind=127.0.0.1,fork,reuseaddr`,
      `UNIX-CONNECT:${socketPath}`,
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  let pid: number;
  try {
    pid = await childPid(child.stdio[3] as Readable, child);
  } catch (e) {
    await proxy.close();
    throw e;
  }
  // Read to its end and dropped: bubblewrap must never block or die on a full or closed pipe.
  (child.stdio[3] as Readable).resume();
  // bubblewrap reports the pid before it has written the namespace's uid map; a command entering it earlier would
  // be nobody there and could not make its own sandbox.
  if (!(await mapped(pid))) {
    child.kill('SIGKILL');
    await proxy.close();
    throw new Error('the network holder did not map its user namespace');
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    child.kill('SIGKILL');
    await proxy.close();
  };
  child.once('exit', () => void close());
  let idle: NodeJS.Timeout | null = null;
  const holder: NetHolder = {
    pid,
    use(user) {
      if (idle) clearTimeout(idle);
      idle = null;
      users.push(user);
      return () => {
        const i = users.indexOf(user);
        if (i >= 0) users.splice(i, 1);
        // A session that stopped running commands (closed, or done for the day) does not keep two processes.
        if (users.length === 0 && !closed) {
          idle = setTimeout(() => void close(), IDLE_MS);
          idle.unref();
        }
      };
    },
    close,
    get alive() {
      return !closed;
    },
  };
  return holder;
}
