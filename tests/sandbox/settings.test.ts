// The `sandbox` block of the settings files: each bad value is one sentence naming the file and the key and
// loses nothing else; flags take the highest file that sets them (managed can force), lists are merged, and a
// project folder that is not trusted can only narrow what a command may do.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { english } from '../../shared/i18n/message';
import { render } from '../../shared/i18n/message';
import { createSettingsLoader, readSettings, type LoadedSettings } from '../../main/core/policy/settings/load';
import { mergeSandboxSettings } from '../../main/core/policy/settings/sandbox-settings';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

const read = (doc: unknown, source: LoadedSettings['source'] = 'user'): LoadedSettings => readSettings(doc, `/etc/${source}.json`, source);

describe('reading a sandbox block', () => {
  it('takes every key as Claude Code spells it', () => {
    const s = read({
      sandbox: {
        enabled: true,
        autoAllowBashIfSandboxed: false,
        allowUnsandboxedCommands: false,
        failIfUnavailable: true,
        excludedCommands: ['docker *', 'git push *'],
        filesystem: { allowWrite: ['~/.cache'], denyWrite: ['secrets'], denyRead: ['~/.aws'], allowRead: ['~/.aws/config'] },
        network: { allowedDomains: ['registry.npmjs.org', '*.github.com'], deniedDomains: ['evil.example'], allowLocalBinding: true, allowUnixSockets: ['/run/docker.sock'] },
      },
    });
    expect(s.problems).toEqual([]);
    expect(s.sandbox.enabled).toBe(true);
    expect(s.sandbox.failIfUnavailable).toBe(true);
    expect(s.sandbox.excludedCommands.map((c) => c.spec)).toEqual(['docker *', 'git push *']);
    expect(s.sandbox.network.allowedDomains).toEqual(['registry.npmjs.org', '*.github.com']);
    expect(s.sandbox.network.allowLocalBinding).toBe(true);
  });

  it('names the file and key of each bad value, keeps the good ones and the rules', () => {
    const s = read({
      permissions: { allow: ['Bash(npm test)'] },
      sandbox: { enabled: 'yes', filesystem: { allowWrite: 'tmp', denyRead: ['~/.ssh'] }, network: { allowedDomains: ['https://x.com/a', 'ok.example'], extra: 1 }, colour: 'red' },
    });
    const said = s.problems.map((p) => `${p.file}: ${p.message}`);
    expect(said).toEqual([
      '/etc/user.json: sandbox.colour: unknown key',
      '/etc/user.json: sandbox.enabled must be true or false',
      '/etc/user.json: sandbox.filesystem.allowWrite must be an array of paths',
      '/etc/user.json: sandbox.network.extra: unknown key',
      '/etc/user.json: sandbox.network.allowedDomains[0]: "https://x.com/a" is not a host name or pattern (example.com, *.example.com, host:port)',
    ]);
    for (const p of s.problems) expect(render('zh-CN', p.msg!)).not.toBe(english(p.msg!));
    expect(s.malformed).toBe(false);
    expect(s.rules.map((r) => r.text)).toEqual(['Bash(npm test)']);
    expect(s.sandbox.enabled).toBeUndefined();
    expect(s.sandbox.filesystem.denyRead).toEqual(['~/.ssh']);
    expect(s.sandbox.network.allowedDomains).toEqual(['ok.example']);
  });

  it('a sandbox that is not an object is one problem', () => {
    expect(read({ sandbox: true }).problems.map((p) => p.message)).toEqual(['sandbox must be an object']);
  });
});

describe('merging the files of a workspace', () => {
  const opts = { workspace: '/w', home: '/h', trusted: true };

  it('defaults: off, auto-allow on, unsandboxed commands allowed, no hard failure', () => {
    const m = mergeSandboxSettings([read({}, 'managed'), read({}, 'user')], opts);
    expect(m.enabled).toEqual({ value: false, source: 'default' });
    expect(m.autoAllowBashIfSandboxed).toEqual({ value: true, source: 'default' });
    expect(m.allowUnsandboxedCommands).toEqual({ value: true, source: 'default' });
    expect(m.failIfUnavailable).toEqual({ value: false, source: 'default' });
  });

  it('managed settings force a flag; lists are the union, paths made absolute', () => {
    const m = mergeSandboxSettings(
      [
        read({ sandbox: { enabled: true, filesystem: { denyRead: ['~/.ssh'] } } }, 'managed'),
        read({ sandbox: { enabled: false, filesystem: { denyRead: ['~/.aws'], allowWrite: ['out'] } } }, 'project'),
        read({ sandbox: { network: { allowedDomains: ['a.example'] } } }, 'user'),
      ],
      opts,
    );
    expect(m.enabled).toEqual({ value: true, source: 'managed' });
    expect(m.filesystem.denyRead).toEqual(['/h/.ssh', '/h/.aws']);
    expect(m.filesystem.allowWrite).toEqual(['/w/out']);
    expect(m.network.allowedDomains).toEqual(['a.example']);
  });

  it('an untrusted project narrows but never widens', () => {
    const project = read(
      {
        sandbox: {
          enabled: true,
          autoAllowBashIfSandboxed: true,
          excludedCommands: ['curl *'],
          filesystem: { allowWrite: ['/etc'], denyWrite: ['keep'] },
          network: { allowedDomains: ['exfil.example'], deniedDomains: ['ads.example'], allowLocalBinding: true },
        },
      },
      'project',
    );
    const user = read({ sandbox: { autoAllowBashIfSandboxed: false } }, 'user');
    const m = mergeSandboxSettings([project, user], { ...opts, trusted: false });
    expect(m.enabled.value).toBe(true);
    expect(m.autoAllowBashIfSandboxed).toEqual({ value: false, source: 'user' });
    expect(m.excludedCommands).toEqual([]);
    expect(m.filesystem.allowWrite).toEqual([]);
    expect(m.filesystem.denyWrite).toEqual(['/w/keep']);
    expect(m.network.allowedDomains).toEqual([]);
    expect(m.network.deniedDomains).toEqual(['ads.example']);
    expect(m.network.allowLocalBinding).toBe(false);
    const trusted = mergeSandboxSettings([project, user], opts);
    expect(trusted.excludedCommands.map((c) => c.spec)).toEqual(['curl *']);
    expect(trusted.network.allowedDomains).toEqual(['exfil.example']);
    expect(trusted.autoAllowBashIfSandboxed).toEqual({ value: true, source: 'project' });
  });

  it('reads the block from real files through the loader', () => {
    const ws = tempDir();
    mkdirSync(join(ws, '.paragents'));
    const file = join(ws, '.paragents', 'settings.json');
    writeFileSync(file, JSON.stringify({ sandbox: { enabled: true, network: { deniedDomains: ['x.example'] } } }));
    const loaded = createSettingsLoader().load(file, 'project');
    expect(loaded.sandbox.enabled).toBe(true);
    expect(loaded.sandbox.network.deniedDomains).toEqual(['x.example']);
  });
});
