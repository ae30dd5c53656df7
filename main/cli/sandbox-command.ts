import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SandboxStatus } from '../../shared/sandbox';
import type { Translator } from '../../shared/i18n';
import { render, shownText } from '../../shared/i18n';
import { hostEnv } from '../core/host-env';
import { createPolicyEngine } from '../core/policy/index';
import { probeSandbox } from '../core/sandbox/availability';
import { readinessOf } from '../core/sandbox/readiness';
import { sandboxStatus } from '../core/sandbox/status';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { withoutMsgs } from './format';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { SANDBOX_USAGE, usage } from './usage';

const list = (t: Translator, items: readonly string[]): string => (items.length === 0 ? t('cliTools.sandbox.none') : items.join(', '));

function statusLines(t: Translator, lang: Parameters<typeof shownText>[0], s: SandboxStatus): string[] {
  const lines = [
    s.available ? t('cliTools.sandbox.available', { platform: s.platform }) : t('cliTools.sandbox.unavailable', { reason: shownText(lang, s.reason ?? '', s.reasonMsg) }),
    t(s.enabled ? 'cliTools.sandbox.on' : 'cliTools.sandbox.off', { source: s.enabledSource }),
    t(s.mode === 'auto-allow' ? 'cliTools.sandbox.autoAllow' : 'cliTools.sandbox.regular'),
    t('cliTools.sandbox.overrides', { unsandboxed: String(s.allowUnsandboxedCommands), failIfUnavailable: String(s.failIfUnavailable) }),
    t('cliTools.sandbox.excluded', { list: list(t, s.excludedCommands) }),
  ];
  if (s.workspace !== null) {
    lines.push(
      t('cliTools.sandbox.confined', { workspace: s.workspace, answer: t(s.sandboxed ? 'cliTools.sandbox.yes' : 'cliTools.sandbox.no') }),
      t('cliTools.sandbox.writeRoots', { list: list(t, s.writeRoots) }),
      t('cliTools.sandbox.denyRead', { list: list(t, s.denyRead) }),
    );
  }
  lines.push(t('cliTools.sandbox.domains', { allowed: list(t, s.allowedDomains), denied: list(t, s.deniedDomains) }));
  return lines;
}

/**
 * `paragents sandbox on|off`: sets sandbox.enabled in the user's settings.json through the policy's one writer of
 * that file (the request `sandbox.setEnabled` uses the same), refused when managed settings force the other value.
 * Turned on where it cannot run, it says what is missing: commands take the normal flow until it is installed.
 */
function setEnabled(io: CliIo, enabled: boolean): number {
  const { lang, t } = cliText(io);
  const policy = createPolicyEngine({ home: io.home, host: hostEnv(io.env, homedir()) });
  const wrote = policy.setUserSandboxEnabled(enabled);
  if (!wrote.ok) {
    io.stderr(`paragents sandbox: ${engineError(io, wrote.error)}`);
    return EXIT_FAILED;
  }
  io.stdout(t(enabled ? 'sandbox.cli.on' : 'sandbox.cli.off', { file: wrote.value }));
  if (!enabled) return EXIT_OK;
  const a = probeSandbox(io.env);
  if (!a.available) io.stdout(t('sandbox.cli.stillOff', { why: render(lang, a.reason) }));
  return EXIT_OK;
}

/**
 * `paragents sandbox status [--workspace DIR] [--json]`: whether shell commands can be confined here, the sandbox
 * settings in force for the workspace, and what its commands may write, read and reach. It reads the settings
 * files itself, like `policy check`, so it needs no engine.
 */
export async function runSandboxCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { lang, t } = text;
  const sandboxUsage = usage(t, SANDBOX_USAGE);
  const [sub, ...rest] = argv;
  if ((sub === 'on' || sub === 'off') && rest.length === 0) return setEnabled(io, sub === 'on');
  if (sub !== 'status') {
    io.stderr(`${sub ? `paragents sandbox: ${t('cliTools.unknownSubcommand', { name: sub })}\n` : ''}${sandboxUsage}`);
    return EXIT_USAGE;
  }
  let values: { workspace?: string; json?: boolean };
  try {
    values = parseArgs({ args: rest, options: { workspace: { type: 'string' }, json: { type: 'boolean' } } }).values;
  } catch (e) {
    io.stderr(`paragents sandbox: ${parseArgsMessage(text, e)}\n${sandboxUsage}`);
    return EXIT_USAGE;
  }
  const availability = probeSandbox(io.env);
  const policy = createPolicyEngine({ home: io.home, host: hostEnv(io.env, homedir()), sandbox: () => readinessOf(availability) });
  const workspace = values.workspace ? resolve(values.workspace) : null;
  const status = sandboxStatus({ policy, availability, workspace, session: workspace ? { id: '', tmpdir: '', otherFolders: [], violations: 0 } : null });
  if (values.json) io.stdout(JSON.stringify(status, withoutMsgs));
  else io.stdout(statusLines(t, lang, status).join('\n'));
  return EXIT_OK;
}
