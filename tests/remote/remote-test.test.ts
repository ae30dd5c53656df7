// `paragents remote test NAME` through the real bin, against a real sshd on loopback: each way a remote can be wrong
// is one sentence naming it, and a good one says what answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteConfig } from '../../shared/remotes';
import { BIN, runCli } from '../helpers/cli';
import { startSshd, type Sshd } from '../helpers/sshd';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let sshd: Sshd;
let remoteHome: string;

beforeAll(async () => {
  sshd = await startSshd();
  remoteHome = tempDir('paragents-remote-home-');
});

afterAll(async () => {
  try {
    execFileSync('pkill', ['-f', `engine --stdio --data-dir ${remoteHome}`]);
  } catch {
    // None left running.
  }
  await sshd?.stop();
  cleanupTempDirs();
});

/** A local data folder whose config.json holds one remote named `box`. */
function localWith(remote: Partial<RemoteConfig>): string {
  const home = tempDir('paragents-local-');
  const box = { name: 'box', url: sshd.url, sshOptions: sshd.sshOptions, ...remote };
  writeFileSync(join(home, 'config.json'), JSON.stringify({ remotes: [box] }));
  return home;
}

const oneLine = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

describe('paragents remote test', () => {
  it('says what answered on a remote that runs Paragents', async () => {
    const home = localWith({ command: `${process.execPath} ${BIN}`, dataDir: remoteHome });
    const run = await runCli(['remote', 'test', 'box'], { home });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^box is reachable: Paragents \\S+ \\(contract 1\\) on \\S+, data folder ${remoteHome}\\n$`));
  });

  it('names the missing command and how to install Paragents there', async () => {
    const home = localWith({ command: 'paragents-not-installed-here' });
    const run = await runCli(['remote', 'test', 'box'], { home });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      'paragents remote test: Paragents is not installed on box (`paragents-not-installed-here` was not found there): install it there with `npm install -g paragents`, or name the command that runs it with `paragents remote add box URL --command CMD`',
    ]);
  });

  it('names both contract versions when the remote speaks another', async () => {
    const script = tempDir('paragents-fake-engine-');
    const fake = join(script, 'old-engine.js');
    writeFileSync(fake, `process.stdout.write(JSON.stringify({ hello: { app: 'paragents', contract: 99, version: '9.0.0' } }) + '\\n'); setTimeout(() => {}, 5000);\n`);
    const home = localWith({ command: `${process.execPath} ${fake}` });
    const run = await runCli(['remote', 'test', 'box'], { home });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      'paragents remote test: box runs Paragents 9.0.0, which speaks contract version 99, and this Paragents speaks version 1: install the same version on both machines',
    ]);
  });

  it("gives ssh's own message when it cannot connect", async () => {
    const home = localWith({ url: 'ssh://root@127.0.0.1:1' });
    const run = await runCli(['remote', 'test', 'box'], { home });
    expect(run.code).toBe(1);
    const lines = oneLine(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^paragents remote test: ssh could not connect to box: ssh: connect to host 127\.0\.0\.1 port 1: Connection refused$/);
  });

  it('--remote NAME lists the sessions of that machine, as a local list would', async () => {
    const home = localWith({ command: `${process.execPath} ${BIN}`, dataDir: remoteHome });
    const run = await runCli(['sessions', 'list', '--json', '--remote', 'box'], { home });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The remote folder has no sessions yet: the same output as an empty local folder's.
    const local = await runCli(['sessions', 'list', '--json'], { home: tempDir('paragents-empty-') });
    expect(local.code).toBe(0);
    expect(run.stdout).toBe(local.stdout);
    const unknown = await runCli(['sessions', 'list', '--remote', 'nowhere'], { home });
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toHaveLength(1);
    expect(unknown.stderr).toContain('nowhere');
  });
});
