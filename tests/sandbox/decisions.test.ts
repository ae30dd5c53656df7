// How the sandbox changes the policy's answer for Bash, through the real policy engine and settings files: a
// sandboxed command that asks only because of the mode runs without a card (also under --approve never); deny
// rules, ask rules and critical commands keep their answer; excluded commands and dangerouslyDisableSandbox take
// the normal flow (the latter always with a card that says so); failIfUnavailable refuses when it cannot run.
import { afterEach, describe, expect, it } from 'vitest';
import { english, msg } from '../../shared/i18n/message';
import { makeFixture, type Fixture, type FixtureOptions } from '../policy/fixture';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const f of fixtures.splice(0)) f.cleanup();
});
const READY = { available: true } as const;
const MISSING = { available: false, reason: msg('sandbox.unavailable.programs', { programs: 'bwrap', install: 'sudo apt-get install -y bubblewrap' }) } as const;

function fixture(sandbox: Record<string, unknown>, opts: FixtureOptions = {}): Fixture {
  const f = makeFixture({ sandbox: READY, ...opts, user: { ...(opts.user as object), sandbox } });
  fixtures.push(f);
  return f;
}

const TYPICAL = ['npm test', 'npm run build', 'make', 'node scripts/gen.js', 'git status', 'npx eslint .', 'python3 -m pytest', 'touch out.txt'];

describe('sandbox on and able to run', () => {
  it.each(TYPICAL)('%s runs without a card, decided by the sandbox', async (command) => {
    const f = fixture({ enabled: true });
    const plain = makeFixture({ user: {} });
    fixtures.push(plain);
    const before = await plain.bash(command);
    const v = await f.bash(command);
    expect(v.decision).toBe('auto_approved');
    expect(v.sandboxed).toBe(true);
    if (before.decision === 'needs_approval') expect(v.source).toBe('sandbox');
  });

  it('also under --approve never (headless)', async () => {
    const f = fixture({ enabled: true });
    const v = await f.decide('Bash', { command: 'npm test' }, { headless: true });
    expect(v.decision).toBe('auto_approved');
    expect(english(v.reasonMsg!)).toBe(v.reason);
  });

  it('deny rules block, ask rules and critical commands still ask', async () => {
    const f = fixture({ enabled: true }, { user: { permissions: { deny: ['Bash(curl *)'], ask: ['Bash(npm publish *)'] } } });
    expect((await f.bash('curl https://example.com')).decision).toBe('blocked');
    const ask = await f.bash('npm publish --tag next');
    expect(ask.decision).toBe('needs_approval');
    expect(ask.source).not.toBe('sandbox');
    expect((await f.bash('rm -rf /')).decision).not.toBe('auto_approved');
  });

  it('autoAllowBashIfSandboxed false keeps the cards, the command still sandboxed', async () => {
    const v = await fixture({ enabled: true, autoAllowBashIfSandboxed: false }).bash('npm test');
    expect(v.decision).toBe('needs_approval');
    expect(v.sandboxed).toBe(true);
  });

  it('an excluded command takes the normal flow, unsandboxed', async () => {
    const v = await fixture({ enabled: true, excludedCommands: ['docker *'] }).bash('docker build .');
    expect(v.decision).toBe('needs_approval');
    expect(v.source).toBe('mode');
    expect(v.sandboxed).toBe(false);
  });

  it('dangerouslyDisableSandbox always asks and its card says it runs outside', async () => {
    const f = fixture({ enabled: true });
    const v = await f.decide('Bash', { command: 'ls', dangerouslyDisableSandbox: true });
    expect(v.decision).toBe('needs_approval');
    expect(v.sandboxed).toBe(false);
    expect(v.reason).toMatch(/^runs outside the sandbox \(dangerouslyDisableSandbox\); /);
  });

  it('allowUnsandboxedCommands false refuses dangerouslyDisableSandbox in one sentence', async () => {
    const v = await fixture({ enabled: true, allowUnsandboxedCommands: false }).decide('Bash', { command: 'npm test', dangerouslyDisableSandbox: true });
    expect(v.decision).toBe('blocked');
    expect(v.source).toBe('user');
    expect(v.reason).toBe(
      'the settings do not allow commands outside the sandbox (sandbox.allowUnsandboxedCommands is false); run it without dangerouslyDisableSandbox',
    );
  });

  it('other tools are not touched', async () => {
    const f = fixture({ enabled: true });
    const v = await f.decide('Write', { path: 'x.txt', content: 'x' });
    expect(v.decision).toBe('needs_approval');
    expect(v.sandboxed).toBe(false);
  });
});

describe('sandbox off or unable to run', () => {
  it('off (the default): the normal flow', async () => {
    const v = await fixture({}).bash('npm test');
    expect(v.decision).toBe('needs_approval');
    expect(v.sandboxed).toBe(false);
  });

  it('enabled but missing bubblewrap: the normal flow, nothing auto-allowed', async () => {
    const v = await fixture({ enabled: true }, { sandbox: MISSING }).bash('npm test');
    expect(v.decision).toBe('needs_approval');
    expect(v.sandboxed).toBe(false);
  });

  it('failIfUnavailable refuses naming what is missing and the install command', async () => {
    const v = await fixture({ enabled: true, failIfUnavailable: true }, { sandbox: MISSING }).bash('npm test');
    expect(v.decision).toBe('blocked');
    expect(v.reason).toBe(
      'the settings require the sandbox (sandbox.failIfUnavailable) and it cannot run: The sandbox needs bwrap, which this machine does not have: install with `sudo apt-get install -y bubblewrap`.',
    );
  });

  it('managed settings force the sandbox on over a user who turns it off', async () => {
    const f = fixture({ enabled: false }, { managed: { sandbox: { enabled: true } } });
    expect((await f.bash('npm test')).decision).toBe('auto_approved');
  });
});
