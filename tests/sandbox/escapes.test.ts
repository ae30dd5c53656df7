// The escape battery against the real OS sandbox (the Bash tool, through the sandbox runtime and bubblewrap,
// nothing mocked): each way out of a session's folders is refused, leaves nothing behind and is told to the model
// naming the path; what the session may write still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { createCommandSandbox, type CommandSandbox } from '../../main/core/sandbox/runtime';
import { sessionBashSandbox } from '../../main/core/sandbox/bash-sandbox';
import { bashTool } from '../../main/core/tools/bash';
import type { SandboxRefusal } from '../../main/core/tools/types';
import { sessionSandboxPolicy, type SessionSandboxPolicy } from '../../main/core/policy/sandbox-policy';
import { mergeSandboxSettings } from '../../main/core/policy/settings/sandbox-settings';
import { parseRule } from '../../main/core/policy/rules/parse-rule';
import { onPath, probeSandbox } from '../../main/core/sandbox/availability';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let sandbox: CommandSandbox;
let home: string;
let ws: string;
let other: string;
let outside: string;
let policy: SessionSandboxPolicy;

beforeAll(() => {
  const found = probeSandbox(process.env);
  sandbox = createCommandSandbox(() => found);
  home = tempDir('paragents-home-');
  ws = tempDir('paragents-ws-');
  other = tempDir('paragents-other-');
  outside = tempDir('paragents-outside-');
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
  writeFileSync(join(outside, 'target.txt'), 'original');
  mkdirSync(join(ws, '.git', 'hooks'), { recursive: true });
  const deny = parseRule('Read(~/.ssh/**)', 'deny', 'user', null);
  if (!deny.ok) throw new Error('rule');
  policy = sessionSandboxPolicy({
    settings: mergeSandboxSettings([], { workspace: ws, home, trusted: true }),
    workspace: ws,
    writeDirs: [ws],
    home,
    tmpdir: join(tempDir('paragents-tmp-'), 'session'),
    otherFolders: [other],
    rules: deny.rules,
  });
});
afterAll(async () => {
  await sandbox.close();
  cleanupTempDirs();
});

/** Runs one command with the Bash tool, confined to the session's policy: whether it succeeded, what it said. */
async function run(command: string): Promise<{ code: number | null; out: string; refusals: SandboxRefusal[] }> {
  const outcome = await bashTool.run(
    { command },
    {
      workspace: ws,
      host: { home, env: { PATH: process.env.PATH, HOME: home } },
      sessionId: 's',
      promptId: 'p',
      signal: new AbortController().signal,
      sandbox: sessionBashSandbox(sandbox, policy),
    },
  );
  return outcome.ok
    ? { code: 0, out: outcome.output, refusals: outcome.refusals ?? [] }
    : { code: 1, out: outcome.error, refusals: outcome.refusals ?? [] };
}

describe('writes outside the session are refused', () => {
  const cases: [string, () => string, () => string][] = [
    ['node', () => `node -e "require('fs').writeFileSync('${outside}/node.txt', 'x')"`, () => join(outside, 'node.txt')],
    ['sh', () => `sh -c 'echo x > ${outside}/sh.txt'`, () => join(outside, 'sh.txt')],
    ['cd /', () => `cd / && echo x > ${outside}/cd.txt`, () => join(outside, 'cd.txt')],
    ['a .. path', () => `echo x > ../${outside.split('/').pop()}/dotdot.txt`, () => join(outside, 'dotdot.txt')],
    ['a symlink into the workspace', () => `ln -s ${outside} link && echo x > link/via-link.txt`, () => join(outside, 'via-link.txt')],
    ["another session's workspace", () => `echo x > ${other}/theirs.txt`, () => join(other, 'theirs.txt')],
    ['.git/hooks', () => 'echo "#!/bin/sh" > .git/hooks/pre-commit', () => join(ws, '.git', 'hooks', 'pre-commit')],
    ['.paragents/settings.local.json', () => 'mkdir -p .paragents && echo {} > .paragents/settings.local.json', () => join(ws, '.paragents', 'settings.local.json')],
  ];
  if (onPath('python3', process.env)) cases.push(['python3', () => `python3 -c "open('${outside}/py.txt','w').write('x')"`, () => join(outside, 'py.txt')]);

  it.each(cases)('%s', async (_name, command, target) => {
    const r = await run(command());
    expect(r.code).not.toBe(0);
    expect(existsSync(target())).toBe(false);
    expect(r.out).toContain('The sandbox refused:');
    expect(r.refusals.some((x) => x.kind === 'write')).toBe(true);
  });

  it('a hard link into the workspace does not reach the file outside', async () => {
    const r = await run(`ln ${outside}/target.txt hard.txt; echo changed > hard.txt`);
    expect(r.out).toMatch(/Invalid cross-device link|Operation not permitted|Read-only file system/);
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('original');
  });

  it("a protected folder no mount holds (.vscode) is moved out of the workspace when the command ends, and told", async () => {
    const r = await run('mkdir -p .vscode && echo "{}" > .vscode/tasks.json && echo made');
    expect(r.out).toContain('made');
    expect(existsSync(join(ws, '.vscode'))).toBe(false);
    expect(r.refusals).toContainEqual({ kind: 'write', target: join(ws, '.vscode') });
    // Nothing is lost: it waits beside the session's temp folder, where no command may write.
    const kept = readdirSync(`${policy.tmpdir}-refused`);
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(`${policy.tmpdir}-refused`, kept[0] as string, ws, '.vscode', 'tasks.json'), 'utf8')).toBe('{}\n');
  });

  it("a unix socket on the host (a daemon's) cannot be reached", async () => {
    const path = join(outside, 'daemon.sock');
    let reached = 0;
    const daemon = createServer(() => reached++);
    await new Promise<void>((resolve) => daemon.listen(path, resolve));
    try {
      const r = await run(`socat -u OPEN:/dev/null UNIX-CONNECT:${path}`);
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/Operation not permitted|Permission denied/);
      expect(reached).toBe(0);
    } finally {
      await new Promise<void>((resolve) => daemon.close(() => resolve()));
    }
  });

  it('a background writer ends with the command', async () => {
    const flag = join(ws, 'late.txt');
    // A sleep of an unusual length marks the writer, so the host can look for it among its processes.
    const mark = `${1000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    const r = await run(`(sleep ${mark}; echo late > ${flag}) & echo started`);
    expect(r.out).toContain('started');
    expect(processesRunning(`sleep ${mark}`)).toEqual([]);
    expect(existsSync(flag)).toBe(false);
  });
});

/** Host pids whose command line is exactly `cmdline` (read from /proc). */
function processesRunning(cmdline: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') === cmdline;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('what the session may do', () => {
  it('writes in its workspace and its own TMPDIR', async () => {
    const r = await run('echo ok > made.txt && echo t > "$TMPDIR/t.txt" && cat "$TMPDIR/t.txt" && echo "$TMPDIR"');
    expect(r.code).toBe(0);
    expect(readFileSync(join(ws, 'made.txt'), 'utf8')).toBe('ok\n');
    expect(r.out).toContain(policy.tmpdir);
  });

  it('reads outside, but not what a Read deny rule names', async () => {
    const r = await run(`cat ${outside}/target.txt; cat ~/.ssh/id_rsa`);
    expect(r.out).toContain('original');
    expect(r.out).not.toContain('PRIVATE KEY');
    expect(r.refusals).toEqual([{ kind: 'read', target: join(home, '.ssh', 'id_rsa') }]);
  });
});

describe('the network', () => {
  let server: Server;
  let received = 0;
  beforeAll(async () => {
    server = createServer((s) => {
      received++;
      s.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a loopback listener receives nothing', async () => {
    const port = (server.address() as { port: number }).port;
    const r = await run(`node -e "const s=require('net').connect(${port},'127.0.0.1');s.on('connect',()=>{console.log('CONNECTED');s.end()});s.on('error',e=>console.log('ERR',e.code))"`);
    expect(r.out).not.toContain('CONNECTED');
    expect(received).toBe(0);
  });
});
