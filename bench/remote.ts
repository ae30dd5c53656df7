// The SSH hop's cost: `node bin/run-ts.js bench/remote.ts`. One engine (`paragents engine --stdio` on its own data
// folder) is reached two ways in the same run: through a real OpenSSH server on 127.0.0.1, and through a plain
// pipe (the same link code, a shell instead of ssh). For every event, its delay from the engine's timestamp to
// its arrival here; for every turn, from `prompt.send` to `turn_completed`. The figures are printed side by side;
// what the hop adds is the difference (loopback: the cost of ssh itself, not of a network).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { EngineEvent } from '../shared/events';
import { render } from '../shared/i18n';
import type { RemoteConfig } from '../shared/remotes';
import { connectSsh, type SshEngineLink } from '../main/remote/ssh-link';
import { startModelServer } from '../tests/fixtures/model-server';
import { startSshd } from '../tests/helpers/sshd';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/paragents.js');
const TURNS = 30;
const WARMUP = 3;

execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'paragents-remote-bench-'));
const server = await startModelServer({ script: { chunkSize: 8, rules: [{ when: 'answer', steps: [{ content: 'a streamed answer of a few dozen words, '.repeat(12) }] }] } });
const sshd = await startSshd();

function dataFolder(name: string): string {
  const home = join(dir, name);
  execFileSync('mkdir', ['-p', home]);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ providers: [{ name: 'scripted', baseURL: server.url, model: 'scripted-model', apiKey: 'k' }], defaultProvider: 'scripted' }));
  return home;
}

// The pipe: a stand-in for ssh that runs its last argument (the remote command line) in a local shell.
const shell = join(dir, 'no-ssh.sh');
writeFileSync(shell, '#!/bin/sh\nfor last; do :; done\nexec sh -c "$last"\n');
chmodSync(shell, 0o755);

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function measure(label: string, remote: RemoteConfig, ssh?: string): Promise<{ delays: number[]; turns: number[]; connect: number }> {
  const t0 = performance.now();
  const made = await connectSsh(remote, ssh ? { ssh } : {});
  if (!made.ok) throw new Error(`${label}: ${render('en', made.error.msg)}`);
  const connect = performance.now() - t0;
  const link: SshEngineLink = made.value;
  const delays: number[] = [];
  const turns: number[] = [];
  const ws = mkdtempSync(join(dir, 'ws-'));
  const session = await link.handlers['session.create']({ workspace: ws });
  if (!session.ok) throw new Error(session.error.message);
  for (let i = 0; i < TURNS + WARMUP; i++) {
    const kept = i >= WARMUP;
    const start = performance.now();
    const done = new Promise<void>((resolve) => {
      const off = link.onEvent((e: EngineEvent) => {
        if (kept) delays.push(Date.now() - Date.parse(e.ts));
        if (e.type === 'turn_completed' || e.type === 'turn_failed') {
          off();
          resolve();
        }
      });
    });
    const sent = await link.handlers['prompt.send']({ session: session.value.id, text: `answer ${i}`, approvals: 'all' });
    if (!sent.ok) throw new Error(sent.error.message);
    await done;
    if (kept) turns.push(performance.now() - start);
  }
  await link.handlers['engine.stop']({});
  await link.close();
  return { delays, turns, connect };
}

const common = { command: `${process.execPath} ${bin}`, sshOptions: sshd.sshOptions };
const viaPipe = await measure('pipe', { name: 'pipe', url: 'ssh://127.0.0.1', dataDir: dataFolder('pipe'), ...common }, shell);
const viaSsh = await measure('ssh', { name: 'loopback', url: sshd.url, dataDir: dataFolder('ssh'), ...common });
await sshd.stop();
await server.close();

const row = (name: string, pipe: number, ssh: number): string => `${name.padEnd(34)}${pipe.toFixed(1).padStart(9)} ms${ssh.toFixed(1).padStart(9)} ms${(ssh - pipe).toFixed(1).padStart(9)} ms`;
console.log(`remote: ${TURNS} turns each way, ${viaSsh.delays.length} events over ssh (loopback), ${viaPipe.delays.length} over a pipe`);
console.log(`${''.padEnd(34)}${'pipe'.padStart(12)}${'ssh'.padStart(12)}${'added'.padStart(12)}`);
console.log(row('event delay p50', quantile(viaPipe.delays, 0.5), quantile(viaSsh.delays, 0.5)));
console.log(row('event delay p95', quantile(viaPipe.delays, 0.95), quantile(viaSsh.delays, 0.95)));
console.log(row('turn p50', quantile(viaPipe.turns, 0.5), quantile(viaSsh.turns, 0.5)));
console.log(row('turn p95', quantile(viaPipe.turns, 0.95), quantile(viaSsh.turns, 0.95)));
console.log(row('connect (until the hello)', viaPipe.connect, viaSsh.connect));
const ratio = quantile(viaSsh.turns, 0.5) / quantile(viaPipe.turns, 0.5);
console.log(`turn over ssh / over a pipe (p50): ${ratio.toFixed(2)}×`);
process.exit(0);
