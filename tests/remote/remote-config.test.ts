import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { loadConfig } from '../../main/core/config';
import { parseSshUrl, sshTarget } from '../../shared/remotes';
import { HAN } from '../helpers/sentence';
import { cliIn } from '../cli/in-process';

let home: string;
let file: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'paragents-remotes-'));
  file = join(home, 'config.json');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const readJson = (): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Settings written by hand before any remote, which `remote add|remove` must leave as they were. */
const OTHERS = {
  providers: [{ name: 'cloud', baseURL: 'https://api.example.com/v1', model: 'big', apiKey: 'sk-kept' }],
  defaultProvider: 'cloud',
  concurrency: 7,
  telegram: { token: '123:kept' },
  language: 'en',
};

/** One sentence on one line, after the command's name: no second sentence, no usage text after it. */
function expectOneSentence(err: string[], command: string, names: string): void {
  expect(err).toHaveLength(1);
  const line = err[0] ?? '';
  expect(line.startsWith(`${command}: `), line).toBe(true);
  expect(line).not.toContain('\n');
  expect(line, 'a second sentence').not.toMatch(/[.!?]\s+\S/);
  expect(line).toContain(names);
}

describe('paragents remote add | list | remove', () => {
  it('adds, lists (table and --json) and removes remotes, keeping every other setting of config.json', async () => {
    writeFileSync(file, JSON.stringify(OTHERS));
    const a = await cliIn(home, ['remote', 'add', 'gpu-box', 'ssh://me@gpu.example.com:2222']);
    expect(a).toEqual({ code: 0, out: ['added the remote machine gpu-box (ssh://me@gpu.example.com:2222); check it with `paragents remote test gpu-box`'], err: [] });
    const b = await cliIn(home, [
      'remote', 'add', 'lab', 'ssh://[::1]/',
      '--data-dir', '/srv/paragents',
      '--command', 'node /opt/paragents/bin/paragents.js',
      '--ssh-option', 'ServerAliveInterval=15',
      '--ssh-option', 'ProxyJump=bastion.example.com',
    ]);
    expect(b.code).toBe(0);

    const lab = {
      name: 'lab',
      url: 'ssh://[::1]/',
      dataDir: '/srv/paragents',
      command: 'node /opt/paragents/bin/paragents.js',
      sshOptions: ['ServerAliveInterval=15', 'ProxyJump=bastion.example.com'],
    };
    const saved = readJson();
    expect(saved).toMatchObject(OTHERS);
    expect(saved.remotes).toEqual([{ name: 'gpu-box', url: 'ssh://me@gpu.example.com:2222' }, lab]);

    const json = await cliIn(home, ['remote', 'list', '--json']);
    expect(json.code).toBe(0);
    expect(json.out).toHaveLength(1);
    expect(JSON.parse(json.out[0] ?? '')).toEqual(saved.remotes);

    const table = await cliIn(home, ['remote', 'list']);
    expect(table.code).toBe(0);
    expect(table.out).toEqual([
      'NAME     URL                            DATA DIR        COMMAND                               SSH OPTIONS',
      'gpu-box  ssh://me@gpu.example.com:2222  (default)       (default)                             (none)',
      'lab      ssh://[::1]/                   /srv/paragents  node /opt/paragents/bin/paragents.js  ServerAliveInterval=15 ProxyJump=bastion.example.com',
    ]);

    // Names are matched whatever their case, as they are unique whatever their case.
    const r = await cliIn(home, ['remote', 'remove', 'GPU-BOX']);
    expect(r).toEqual({ code: 0, out: ['removed the remote machine GPU-BOX'], err: [] });
    const after = readJson();
    expect(after).toMatchObject(OTHERS);
    expect(after.remotes).toEqual([lab]);
    expect((await cliIn(home, ['remote', 'remove', 'lab'])).code).toBe(0);
    expect(await cliIn(home, ['remote', 'list'])).toEqual({ code: 0, out: ['no remote machines yet; add one with `paragents remote add NAME ssh://[user@]host[:port]`'], err: [] });
    expect(await cliIn(home, ['remote', 'list', '--json'])).toEqual({ code: 0, out: ['[]'], err: [] });
    expect(readJson()).toMatchObject({ ...OTHERS, remotes: [] });
  });

  it('works without a config.json, and writes one at mode 0600', async () => {
    expect(await cliIn(home, ['remote', 'list', '--json'])).toEqual({ code: 0, out: ['[]'], err: [] });
    expect(existsSync(file)).toBe(false);
    expect((await cliIn(home, ['remote', 'add', 'box', 'ssh://box'])).code).toBe(0);
    expect(readJson().remotes).toEqual([{ name: 'box', url: 'ssh://box' }]);
    if (process.platform !== 'win32') expect((await import('node:fs')).statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a name already there (whatever its case) and names the remote and how to remove it', async () => {
    await cliIn(home, ['remote', 'add', 'box', 'ssh://box']);
    const before = readFileSync(file, 'utf8');
    const r = await cliIn(home, ['remote', 'add', 'BOX', 'ssh://other']);
    expect(r.code).toBe(2);
    expectOneSentence(r.err, 'paragents remote add', 'a remote machine named box already exists (ssh://box); remove it first with `paragents remote remove box`');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('says which remotes exist when the name is unknown, for remove and test alike', async () => {
    const none = await cliIn(home, ['remote', 'remove', 'ghost']);
    expect(none.code).toBe(2);
    expectOneSentence(none.err, 'paragents remote remove', 'no remote machine is named ghost, and none is configured; add one with `paragents remote add ghost ssh://[user@]host[:port]`');
    await cliIn(home, ['remote', 'add', 'a', 'ssh://a']);
    await cliIn(home, ['remote', 'add', 'b', 'ssh://b']);
    for (const sub of ['remove', 'test']) {
      const r = await cliIn(home, ['remote', sub, 'ghost']);
      expect(r.code).toBe(2);
      expectOneSentence(r.err, `paragents remote ${sub}`, 'no remote machine is named ghost; the known ones are a, b');
    }
  });

  it('refuses each bad input with one sentence naming the flag or value, exit 2, and writes nothing', async () => {
    writeFileSync(file, JSON.stringify(OTHERS));
    const before = readFileSync(file, 'utf8');
    const cases: [string[], string, string][] = [
      [['frob'], 'paragents remote', 'unknown subcommand "frob": use add, list, remove or test'],
      [['add'], 'paragents remote add', 'name the remote machine: paragents remote add NAME'],
      [['remove'], 'paragents remote remove', 'paragents remote remove NAME'],
      [['test'], 'paragents remote test', 'paragents remote test NAME'],
      [['add', 'box'], 'paragents remote add', 'give the SSH address of box: paragents remote add box ssh://[user@]host[:port]'],
      [['add', 'box', 'http://box'], 'paragents remote add', '"http://box" is not an SSH address'],
      [['add', 'box', 'ssh://me:secret@box'], 'paragents remote add', '"ssh://me:secret@box" is not an SSH address'],
      [['add', 'box', 'ssh://box:70000'], 'paragents remote add', '"ssh://box:70000" is not an SSH address'],
      [['add', 'box', 'ssh://box', '--ssh-option', 'ServerAliveInterval'], 'paragents remote add', '--ssh-option "ServerAliveInterval" is not KEY=VALUE'],
      [['add', 'box', 'ssh://box', '--ssh-option', 'A=1', '--ssh-option=-oProxyCommand=x'], 'paragents remote add', '--ssh-option "-oProxyCommand=x" is not KEY=VALUE'],
      [['add', 'box', 'ssh://box', '--frob'], 'paragents remote add', 'unknown option --frob'],
      [['add', 'box', 'ssh://box', '--json'], 'paragents remote add', 'unknown option --json'],
      [['add', 'box', 'ssh://box', '--data-dir'], 'paragents remote add', 'the option --data-dir needs a value'],
      [['add', 'box', 'ssh://box', '--command='], 'paragents remote add', '--command needs a value that is not empty'],
      [['add', 'box', 'ssh://box', 'extra'], 'paragents remote add', 'unexpected argument "extra": the command is paragents remote add NAME ssh://[user@]host[:port]'],
      [['add', 'bad name', 'ssh://box'], 'paragents remote add', '"bad name" cannot name a remote machine'],
      [['add', '-x', 'ssh://box'], 'paragents remote add', 'unknown option -x'],
      [['add', 'Local', 'ssh://box'], 'paragents remote add', '"Local" names this machine, so a remote machine needs another name'],
      [['list', 'extra'], 'paragents remote list', 'unexpected argument "extra": the command is paragents remote list'],
      [['list', '--json=yes'], 'paragents remote list', 'the option --json takes no value'],
    ];
    for (const [args, command, names] of cases) {
      const r = await cliIn(home, ['remote', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out, args.join(' ')).toEqual([]);
      expectOneSentence(r.err, command, names);
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('says its sentences in Chinese when the language is zh-CN', async () => {
    const err: string[] = [];
    const code = await main(['remote', 'add', 'box', 'http://box'], { stdin: Readable.from(['']), stdout: () => undefined, stderr: (l) => err.push(l), env: { PARAGENTS_LANG: 'zh-CN' }, home });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(HAN);
    expect(err[0]).toContain('http://box');
  });

  it('without a subcommand prints the usage, and --help prints it on stdout', async () => {
    const bare = await cliIn(home, ['remote']);
    expect(bare.code).toBe(2);
    expect(bare.err.join('\n')).toContain('usage: paragents remote add NAME ssh://[user@]host[:port] [--data-dir DIR] [--command CMD] [--ssh-option KEY=VALUE]...');
    const help = await cliIn(home, ['remote', '--help']);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('paragents remote test NAME');
  });
});

describe('remotes in config.json written by hand', () => {
  it('gives one line per bad field from the engine loading its config, and `remote list` says the same', async () => {
    writeFileSync(
      file,
      JSON.stringify({
        ...OTHERS,
        remotes: [
          { name: 'ok', url: 'ssh://ok' },
          { name: 'local', url: 'https://box', sshOptions: ['Port'], dataDir: '', extra: true },
          { name: 'OK', url: 'ssh://other' },
        ],
      }),
    );
    const loaded = loadConfig({ home, env: {} });
    expect(loaded.ok).toBe(false);
    const lines = loaded.ok ? [] : loaded.error.message.split('\n');
    expect(lines).toEqual([
      `${file}: remotes[1].name: "local" names this machine, so a remote machine needs another name`,
      `${file}: remotes[1].url: "https://box" is not an SSH address: write ssh://[user@]host[:port], with a port from 1 to 65535`,
      `${file}: remotes[1].dataDir: dataDir names a folder on the remote machine, so it cannot be empty`,
      `${file}: remotes[1].sshOptions[0]: "Port" is not an ssh option: write KEY=VALUE, KEY letters and digits and VALUE not empty and on one line`,
      `${file}: remotes[1]: Unrecognized key: "extra"`,
      `${file}: remotes[2].name: "OK" is also the name of remotes[0], and two remote machines cannot share a name (case is ignored)`,
    ]);
    const list = await cliIn(home, ['remote', 'list']);
    expect(list.code).toBe(2);
    expect(list.err.join('\n')).toBe(`paragents remote list: ${lines.join('\n')}`);
    // Nothing rewrote the file it could not read.
    expect((await cliIn(home, ['remote', 'add', 'new', 'ssh://new'])).code).toBe(2);
    expect(readJson().remotes).toHaveLength(3);
  });
});

describe('parseSshUrl and sshTarget', () => {
  it('reads ssh://[user@]host[:port] with a name, an IPv4 or a bracketed IPv6 host', () => {
    expect(parseSshUrl('ssh://box')).toEqual({ ok: true, value: { host: 'box' } });
    expect(parseSshUrl('ssh://root@127.0.0.1:2222')).toEqual({ ok: true, value: { user: 'root', host: '127.0.0.1', port: 2222 } });
    expect(parseSshUrl('ssh://me@gpu-1.lab.example.com/')).toEqual({ ok: true, value: { user: 'me', host: 'gpu-1.lab.example.com' } });
    expect(parseSshUrl('ssh://u@[fe80::1]:65535')).toEqual({ ok: true, value: { user: 'u', host: 'fe80::1', port: 65535 } });
    expect(parseSshUrl('ssh://[::ffff:10.0.0.1]')).toEqual({ ok: true, value: { host: '::ffff:10.0.0.1' } });
  });

  it('refuses passwords, bad ports, paths, option-like hosts and users, and malformed addresses', () => {
    for (const url of [
      'box', 'http://box', 'ssh://', 'ssh://u:p@box', 'ssh://box:0', 'ssh://box:65536', 'ssh://box:', 'ssh://box:022',
      'ssh://box/path', 'ssh://box//', 'ssh://-oProxyCommand=x', 'ssh://-u@box', 'ssh://@box', 'ssh://a@b@c', 'ssh://bo x',
      'ssh://256.0.0.1', 'ssh://10.1', 'ssh://[::1', 'ssh://[1:2]', 'ssh://[g::1]', 'ssh://::1', 'ssh://box?x=1',
    ]) expect(parseSshUrl(url), url).toEqual({ ok: false });
  });

  it('gives ssh its destination and port', () => {
    expect(sshTarget({ url: 'ssh://root@127.0.0.1:2222' })).toEqual({ destination: 'root@127.0.0.1', port: 2222 });
    expect(sshTarget({ url: 'ssh://box/' })).toEqual({ destination: 'box' });
    expect(sshTarget({ url: 'ssh://me@[::1]' })).toEqual({ destination: 'me@::1' });
  });
});
