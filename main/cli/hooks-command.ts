import { resolve } from 'node:path';
import { withoutMsgs } from './format';
import { parseArgs } from 'node:util';
import type { HookView } from '../../shared/hooks';
import { shownText, type Translator } from '../../shared/i18n';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { approveHooks, HookApprovals, HookConfig, hooksOverview } from '../core/hooks';
import { managedSettingsPath } from '../core/policy/settings/sources';
import { createTrustList } from '../core/policy/trust';
import { confirm } from './confirm';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { HOOKS_USAGE, usage } from './usage';

function hookLine(t: Translator, h: HookView): string {
  const matcher = h.matcher !== null ? ` [${h.matcher}]` : '';
  return `${h.event}${matcher}  ${h.command}  ${t('cliTools.hooks.about', { source: h.source, standing: t(`cliTools.hooks.standing.${h.standing}`), timeout: h.timeout })}`;
}

/**
 * `paragents hooks list [--workspace DIR]` and `paragents hooks approve --workspace DIR [--yes | --revoke]`. Like
 * `workspace trust`, they read the settings files and write the approvals file in the data folder themselves, so
 * they need no engine; a running one reads the approvals again at its next hook.
 */
export async function runHooksCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { lang, t } = text;
  const hooksUsage = usage(t, HOOKS_USAGE);
  const [sub, ...rest] = argv;
  if (sub !== 'list' && sub !== 'approve') {
    io.stderr(`${sub ? `paragents hooks: ${t('cliTools.unknownSubcommand', { name: sub })}\n` : ''}${hooksUsage}`);
    return EXIT_USAGE;
  }
  let values: { workspace?: string; json?: boolean; yes?: boolean; revoke?: boolean };
  try {
    values = parseArgs({
      args: rest,
      options: { workspace: { type: 'string' }, json: { type: 'boolean' }, yes: { type: 'boolean' }, revoke: { type: 'boolean' } },
    }).values;
  } catch (e) {
    io.stderr(`paragents hooks: ${parseArgsMessage(text, e)}\n${hooksUsage}`);
    return EXIT_USAGE;
  }
  const trust = createTrustList(io.home);
  const approvals = new HookApprovals(io.home);
  const config = new HookConfig({ home: io.home, managedFile: managedSettingsPath(undefined, io.env), isTrusted: (w) => trust.isTrusted(w), approvals });
  const workspace = values.workspace ? resolve(values.workspace) : null;

  if (sub === 'list') {
    const overview = hooksOverview(config, workspace);
    for (const p of overview.problems) io.stderr(`paragents hooks: ${p.file}: ${shownText(lang, p.message, p.msg)}`);
    if (values.json) io.stdout(JSON.stringify(overview, withoutMsgs));
    else if (overview.hooks.length === 0) io.stdout(t('cliTools.hooks.none'));
    else for (const h of overview.hooks) io.stdout(hookLine(t, h) + (h.reason ? `\n    ${shownText(lang, h.reason, h.reasonMsg)}` : ''));
    return EXIT_OK;
  }

  if (workspace === null) {
    io.stderr(`paragents hooks approve: ${t('cliTools.hooks.needWorkspace')}\n${hooksUsage}`);
    return EXIT_USAGE;
  }
  const approved = !values.revoke;
  const project = hooksOverview(config, workspace).hooks.filter((h) => h.source === 'project' || h.source === 'local');
  if (project.length === 0) {
    io.stderr(`paragents hooks approve: ${t('cliTools.hooks.noHooks', { folder: `${workspace}/.paragents` })}`);
    return EXIT_USAGE;
  }
  if (approved && !values.yes) {
    io.stdout(t('cliTools.hooks.theyRun', { workspace }));
    for (const h of project) io.stdout(`  ${hookLine(t, h)}`);
    if (!(await confirm(io, t('cliTools.hooks.confirm')))) {
      io.stderr(`paragents hooks approve: ${t('cliTools.notApproved')}`);
      return EXIT_FAILED;
    }
  }
  const r = approveHooks({ config, approvals }, { workspace, approved });
  if (!r.ok) {
    io.stderr(`paragents hooks approve: ${engineError(io, r.error)}`);
    return EXIT_USAGE;
  }
  if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
  else {
    io.stdout(t(approved ? 'cliTools.hooks.approved' : 'cliTools.hooks.withdrawn', { count: project.length, workspace }));
    if (!r.value.trusted && approved) io.stdout(t('cliTools.hooks.onceTrusted', { command: `paragents workspace trust ${workspace}` }));
  }
  return EXIT_OK;
}
