import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A real OpenSSH server on 127.0.0.1 for the tests of remote machines: its own host key, one authorized client
 * key, and a known_hosts file that names the host key, so `ssh` checks it strictly and never asks anything.
 * Tests run as root here (see /work/shared/TOOLCHAIN.md), which is who logs in.
 */

const SSHD = '/usr/sbin/sshd';

export interface Sshd {
  port: number;
  /** ssh://root@127.0.0.1:PORT */
  url: string;
  /** The temp folder holding the keys, the config and the log; stop() removes it. */
  dir: string;
  /** The authorized client key (private half). */
  identityFile: string;
  /** `[127.0.0.1]:PORT <host key>`. */
  knownHostsFile: string;
  /** ssh `-o` options that log in with the client key and check the host key: IdentityFile, UserKnownHostsFile, StrictHostKeyChecking=yes, BatchMode=yes. */
  sshOptions: string[];
  /** sshd's log (`-E`): what it said about each connection. */
  logFile: string;
  stop(): Promise<void>;
}

/** Whether this machine has the OpenSSH server (`.ci/run` installs it, so CI always does). */
export function sshdAvailable(): boolean {
  return existsSync(SSHD);
}

/** An ed25519 key pair without a passphrase at `file` and `file.pub`. */
function keygen(file: string): string {
  execFileSync('ssh-keygen', ['-t', 'ed25519', '-N', '', '-q', '-f', file, '-C', 'paragents-test'], { stdio: 'ignore' });
  return readFileSync(`${file}.pub`, 'utf8').trim();
}

/** A port nobody listens on right now (another process may take it before sshd does: start() then tries again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once a TCP connection to the port succeeds; refused connections are retried until `gone` says sshd ended. */
async function accepting(port: number, gone: () => boolean): Promise<boolean> {
  while (!gone()) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

const BIND_FAILED = /Address already in use|Cannot bind any address/;

/** Starts sshd in the foreground (`-D`) as a child of the test, on a free port of 127.0.0.1; resolves once it accepts connections. */
export async function startSshd(): Promise<Sshd> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'paragents-sshd-')));
  try {
    // sshd refuses to start without its privilege separation folder.
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    const hostKey = join(dir, 'host_key');
    const identityFile = join(dir, 'client_key');
    const hostPub = keygen(hostKey).split(/\s+/).slice(0, 2).join(' ');
    writeFileSync(join(dir, 'authorized_keys'), `${keygen(identityFile)}\n`, { mode: 0o600 });
    const knownHostsFile = join(dir, 'known_hosts');
    const config = join(dir, 'sshd_config');
    const logFile = join(dir, 'sshd.log');
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      writeFileSync(knownHostsFile, `[127.0.0.1]:${port} ${hostPub}\n`);
      writeFileSync(
        config,
        [
          'ListenAddress 127.0.0.1',
          `Port ${port}`,
          `HostKey ${hostKey}`,
          `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
          `PidFile ${join(dir, 'sshd.pid')}`,
          // The keys live in a temp folder, not a home's .ssh with the modes sshd insists on.
          'StrictModes no',
          'PasswordAuthentication no',
          'KbdInteractiveAuthentication no',
          'UsePAM no',
          'PermitRootLogin prohibit-password',
          '',
        ].join('\n'),
      );
      writeFileSync(logFile, '');
      const child = spawn(SSHD, ['-D', '-e', '-f', config, '-E', logFile], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      let ended = false;
      child.once('exit', () => (ended = true));
      child.once('error', (e) => {
        stderr += e.message;
        ended = true;
      });
      if (await accepting(port, () => ended)) {
        return {
          port,
          url: `ssh://root@127.0.0.1:${port}`,
          dir,
          identityFile,
          knownHostsFile,
          sshOptions: [`IdentityFile=${identityFile}`, `UserKnownHostsFile=${knownHostsFile}`, 'StrictHostKeyChecking=yes', 'BatchMode=yes'],
          logFile,
          stop: async () => {
            child.kill('SIGTERM');
            await exited(child);
            // A session process of sshd may still be writing its log as the listener exits: rm retries ENOTEMPTY.
            rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
          },
        };
      }
      const said = `${readFileSync(logFile, 'utf8')}${stderr}`;
      // Another process took the port between freePort() and sshd's bind: pick another one.
      if (BIND_FAILED.test(said) && attempt < 5) continue;
      throw new Error(`sshd did not start (exit ${child.exitCode ?? child.signalCode}): ${said.trim()}`);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
