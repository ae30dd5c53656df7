import { parseArgs } from 'node:util';
import type { AgentChildSummary, IntegrationReport } from '../../shared/agents';
import type { Translator } from '../../shared/i18n';
import { cliText, countText, engineError, parseArgsMessage, type CliText } from './cli-text';
import { withoutMsgs } from './format';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { AGENTS_USAGE, usage } from './usage';
import { withEngine } from './with-engine';

type Sub = 'list' | 'integrate';

/** The options each subcommand takes: an option of the other one is refused by parseArgs as unknown. */
const OPTIONS = {
  list: { json: { type: 'boolean', default: false } },
  integrate: { json: { type: 'boolean', default: false }, preview: { type: 'boolean', default: false } },
} as const;

/** How many of a child's files its line names before it says how many more there are. */
const FILES_SHOWN = 3;

/** `paragents agents …`: the children a session started through the Agent tool, and a person integrating one. */
export async function runAgentsCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const agentsUsage = usage(t, AGENTS_USAGE);
  const [sub, ...rest] = argv;
  if (sub !== 'list' && sub !== 'integrate') {
    io.stderr(sub ? `paragents agents: ${t('cliTools.unknownSubcommand', { name: sub })}\n${agentsUsage}` : agentsUsage);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseOptions(sub, rest);
  } catch (e) {
    io.stderr(`paragents agents ${sub}: ${parseArgsMessage(text, e)}\n${agentsUsage}`);
    return EXIT_USAGE;
  }
  const { json, preview, positionals } = parsed;
  const [session] = positionals;
  if (!session || positionals.length > 1) {
    io.stderr(`paragents agents ${sub}: ${t(sub === 'list' ? 'cliTools.agents.oneParent' : 'cliTools.agents.oneChild')}\n${agentsUsage}`);
    return EXIT_USAGE;
  }
  // `write` as worktree diff does: the list is the running engine's (children are its state), and with no engine
  // running this command hosts one, since the read-only view of the folder does not answer agents.list.
  return withEngine(io, { name: `agents ${sub}`, purpose: 'write' }, async (link) => {
    const h = link.handlers;
    const r = sub === 'list' ? await h['agents.list']({ session }) : await h['agents.integrate']({ child: session, preview });
    if (!r.ok) {
      io.stderr(`paragents agents ${sub}: ${engineError(io, r.error)}`);
      return r.error.kind === 'not_found' || r.error.kind === 'ambiguous' ? EXIT_USAGE : EXIT_FAILED;
    }
    if (json) io.stdout(JSON.stringify(r.value, withoutMsgs, 2));
    else if (Array.isArray(r.value)) printChildren(io, text, r.value);
    else printIntegration(io, t, session, r.value);
    // A preview that would conflict fails, as `worktree merge --preview` does: a script can test the exit code.
    return !Array.isArray(r.value) && !r.value.clean ? EXIT_FAILED : EXIT_OK;
  });
}

/** The subcommand's flags (parseArgs throws on one it does not take) and its arguments. */
function parseOptions(sub: Sub, args: string[]): { json: boolean; preview: boolean; positionals: string[] } {
  if (sub === 'list') {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS.list, strict: true });
    return { json: values.json, preview: false, positionals };
  }
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS.integrate, strict: true });
  return { json: values.json, preview: values.preview, positionals };
}

function printChildren(io: CliIo, text: CliText, children: readonly AgentChildSummary[]): void {
  const { t } = text;
  if (children.length === 0) {
    io.stdout(t('cliTools.agents.noChildren'));
    return;
  }
  for (const c of children) {
    const shown = c.files.slice(0, FILES_SHOWN).join(', ');
    const more = c.files.length > FILES_SHOWN ? t('cliTools.agents.moreFiles', { count: countText(text, c.files.length - FILES_SHOWN) }) : '';
    const files =
      c.files.length === 0 ? t('cliTools.agents.noFiles') : t('cliTools.agents.files', { count: countText(text, c.files.length), names: `${shown}${more}` });
    const blocked = c.blocked > 0 ? t('cliTools.agents.blocked', { count: countText(text, c.blocked) }) : '';
    const denied = c.denied > 0 ? t('cliTools.agents.denied', { count: countText(text, c.denied) }) : '';
    io.stdout(
      t('cliTools.agents.line', {
        ref: c.sessionRef,
        name: c.name ?? t('cliTools.agents.noName'),
        state: t(`cliTools.agents.state.${c.state}`),
        outcome: c.outcome ? t(`cliTools.agents.outcome.${c.outcome}`) : t('cliTools.agents.outcome.none'),
        integration: t(`cliTools.agents.integration.${c.integration}`),
        files,
        counts: `${blocked}${denied}`,
        description: c.description,
      }),
    );
  }
}

function printIntegration(io: CliIo, t: Translator, child: string, r: IntegrationReport): void {
  const list = (paths: readonly string[]): string[] => paths.map((p) => `  ${p}`);
  const lines =
    r.merged ? [t('cliTools.agents.merged', { child, count: r.files.length }), ...list(r.files)]
    : !r.clean ? [t('cliTools.agents.wouldConflict', { child }), ...list(r.conflicts), t('cliTools.agents.wouldChange', { count: r.files.length }), ...list(r.files)]
    : r.preview ? [t('cliTools.agents.clean', { child, count: r.files.length }), ...list(r.files)]
    : [t('cliTools.agents.nothingMerged', { child })];
  io.stdout(lines.join('\n'));
}
