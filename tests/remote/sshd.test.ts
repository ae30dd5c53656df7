import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, sshdAvailable, type Sshd } from '../helpers/sshd';

/** Runs the system's ssh to completion: its exit status and what it printed. */
function ssh(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // `-F none`: the machine's own ssh config plays no part; the options below are all there is.
    const child = spawn('ssh', ['-F', 'none', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const optionArgs = (options: readonly string[]): string[] => options.flatMap((o) => ['-o', o]);

// Not skipped when sshd is missing: .ci/run installs it, so a machine without it is a broken setup to report.
describe('the test sshd', () => {
  let sshd: Sshd;
  beforeAll(async () => {
    expect(sshdAvailable(), '/usr/sbin/sshd is missing: install openssh-server (.ci/run does)').toBe(true);
    sshd = await startSshd();
  });
  afterAll(async () => {
    await sshd?.stop();
  });

  it('logs in with the client key, checking the host key against known_hosts', async () => {
    expect(sshd.url).toBe(`ssh://root@127.0.0.1:${sshd.port}`);
    expect(readFileSync(sshd.knownHostsFile, 'utf8')).toMatch(new RegExp(`^\\[127\\.0\\.0\\.1\\]:${sshd.port} ssh-ed25519 `));
    const r = await ssh(['-T', '-p', String(sshd.port), ...optionArgs(sshd.sshOptions), 'root@127.0.0.1', 'echo hi']);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ code: 0, stdout: 'hi\n' });
  });

  it('refuses a key it was not given, with ssh exit 255 and "Permission denied"', async () => {
    const stranger = join(sshd.dir, 'stranger_key');
    execFileSync('ssh-keygen', ['-t', 'ed25519', '-N', '', '-q', '-f', stranger]);
    // Every option but the authorized key; IdentitiesOnly keeps an agent's or ~/.ssh's keys out of it.
    const options = [...sshd.sshOptions.filter((o) => !o.startsWith('IdentityFile=')), `IdentityFile=${stranger}`, 'IdentitiesOnly=yes'];
    const r = await ssh(['-T', '-p', String(sshd.port), ...optionArgs(options), 'root@127.0.0.1', 'echo hi']);
    expect(r.code).toBe(255);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Permission denied');
  });

  it('refuses a host whose key is not the one known_hosts names', async () => {
    // The same server under another name (localhost) has no known_hosts line: StrictHostKeyChecking=yes refuses it.
    const r = await ssh(['-T', '-p', String(sshd.port), ...optionArgs(sshd.sshOptions), 'root@localhost', 'echo hi']);
    expect(r.code).toBe(255);
    expect(r.stderr).toMatch(/Host key verification failed/);
  });

  it('stop() ends sshd and removes its folder', async () => {
    const other = await startSshd();
    expect(other.port).not.toBe(sshd.port);
    const pid = Number(readFileSync(join(other.dir, 'sshd.pid'), 'utf8').trim());
    await other.stop();
    expect(existsSync(other.dir)).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow();
    const r = await ssh(['-T', '-p', String(other.port), ...optionArgs(other.sshOptions.filter((o) => !o.startsWith('UserKnownHostsFile='))), '-o', 'UserKnownHostsFile=/dev/null', 'root@127.0.0.1', 'echo hi']);
    expect(r.code).toBe(255);
    expect(r.stderr).toMatch(/Connection refused/);
  });
});
