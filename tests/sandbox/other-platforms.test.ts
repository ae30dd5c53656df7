// macOS (Seatbelt) and Windows (a dedicated account) are the sandbox runtime's back ends; neither can run on the
// Linux machines this engine is built and tested on. What is tested here is what they are given: the probe's
// answer on macOS, the choice of back end, and each session's lists as the runtime's configuration, checked
// against the runtime's own schema.
import { afterEach, describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxRuntimeConfigSchema } from '@anthropic-ai/sandbox-runtime';
import { english } from '../../shared/i18n/message';
import { onPath, probeSandbox } from '../../main/core/sandbox/availability';
import { srtConfigFor } from '../../main/core/sandbox/srt-sandbox';
import { sessionSandboxPolicy } from '../../main/core/policy/sandbox-policy';
import { mergeSandboxSettings } from '../../main/core/policy/settings/sandbox-settings';
import { parseRule } from '../../main/core/policy/rules/parse-rule';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('the macOS probe', () => {
  it('is available with Seatbelt (sandbox-exec) and ripgrep on the PATH', () => {
    const dir = tempDir('paragents-path-');
    // A stand-in named sandbox-exec: on macOS the system's own is at /usr/bin; only its presence is looked for.
    symlinkSync(onPath('true', process.env) as string, join(dir, 'sandbox-exec'));
    symlinkSync(onPath('rg', process.env) as string, join(dir, 'rg'));
    const a = probeSandbox({ PATH: dir }, 'darwin');
    expect(a).toMatchObject({ available: true, platform: 'darwin' });
    if (a.available) expect(Object.keys(a.programs).sort()).toEqual(['rg', 'sandbox-exec']);
  });

  it('without ripgrep, names it and the command installing it', () => {
    const dir = tempDir('paragents-path-');
    symlinkSync(onPath('true', process.env) as string, join(dir, 'sandbox-exec'));
    const a = probeSandbox({ PATH: dir }, 'darwin');
    expect(a.available).toBe(false);
    if (a.available) return;
    expect(a.missing).toEqual(['rg']);
    expect(english(a.reason)).toBe('The sandbox needs rg, which this machine does not have: install with `brew install ripgrep`.');
  });
});

describe("a session's lists as the runtime's configuration", () => {
  const ws = '/Users/ada/project';
  const home = '/Users/ada';
  const rules = ['Read(~/.ssh/**)', 'Edit(secrets/**)', 'WebFetch(domain:registry.npmjs.org)', 'WebFetch(domain:evil.example)'].flatMap((r, i) => {
    const parsed = parseRule(r, i === 3 ? 'deny' : i < 2 ? 'deny' : 'allow', 'user', null);
    if (!parsed.ok) throw new Error(r);
    return parsed.rules;
  });
  const policy = sessionSandboxPolicy({
    settings: mergeSandboxSettings([], { workspace: ws, home, trusted: true }),
    workspace: ws,
    writeDirs: [ws],
    home,
    tmpdir: '/Users/ada/Library/Paragents/sandbox-tmp/s1',
    otherFolders: ['/Users/ada/other'],
    rules,
  });
  const config = srtConfigFor({ ...policy, allowedDomains: [...policy.allowedDomains, '*.evil.example'] });

  it('passes the runtime schema with its network and filesystem blocks', () => {
    const parsed = SandboxRuntimeConfigSchema.safeParse(config);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    expect(parsed.success).toBe(true);
  });

  it('writes only in the workspace and the temp folder, never the protected paths or another session', () => {
    expect(config.filesystem.allowWrite).toEqual([ws, '/Users/ada/Library/Paragents/sandbox-tmp/s1']);
    expect(config.filesystem.denyWrite).toEqual(expect.arrayContaining([`${ws}/.git/hooks`, `${ws}/.paragents`, `${ws}/.npmrc`, '/Users/ada/other', `${ws}/secrets/**`]));
    expect(config.filesystem.denyRead).toEqual([`${home}/.ssh/**`]);
  });

  it('reaches the allowed hosts; a denied one is left out even when a wildcard allow names it', () => {
    expect(config.network.allowedDomains).toEqual(['registry.npmjs.org']);
    expect(config.network.deniedDomains).toEqual(['evil.example']);
  });
});
