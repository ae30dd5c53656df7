import { resolve } from 'node:path';
import { withoutMsgs } from './format';
import { parseArgs } from 'node:util';
import { shownText, type Lang, type Translator } from '../../shared/i18n';
import type { McpServerView } from '../../shared/mcp';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { confirm } from './confirm';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { MCP_USAGE, usage } from './usage';
import { withEngine } from './with-engine';

const SUBCOMMANDS = new Set(['list', 'tools', 'call', 'approve']);

function hintsText(t: Translator, hints: McpServerView['tools'][number]['hints']): string {
  if (!hints) return '';
  const words = [
    hints.readOnlyHint ? t('cliTools.mcp.readOnly') : null,
    hints.destructiveHint ? t('cliTools.mcp.destructive') : null,
    hints.openWorldHint ? t('cliTools.mcp.openWorld') : null,
  ];
  const shown = words.filter((w) => w !== null);
  return shown.length > 0 ? ` [${shown.join(', ')}]` : '';
}

function serverLine(t: Translator, s: McpServerView): string {
  const where = s.scope === 'project' ? t('cliTools.mcp.project', { workspace: s.workspace ?? '' }) : t('cliTools.mcp.user');
  const state = s.standing === 'usable' ? t(`cliTools.mcp.state.${s.state}`) : t(`cliTools.mcp.standing.${s.standing}`);
  const pid = s.pid !== null ? ` pid ${s.pid}` : '';
  const tools = s.tools.length > 0 ? t('cliTools.mcp.tools', { count: s.tools.length }) : '';
  return `${s.name}  ${state}${pid}${tools}  (${where})  ${s.launch}`;
}

/** The failure of a server, with its last stderr lines, for a person at a terminal. */
function failureLines(lang: Lang, t: Translator, s: McpServerView): string[] {
  const what = s.error ? t('cliTools.mcp.failed', { name: s.name, error: shownText(lang, s.error, s.errorMsg) }) : t('cliTools.mcp.isState', { name: s.name, state: t(`cliTools.mcp.state.${s.state}`) });
  const lines = [`paragents mcp: ${what}`];
  for (const line of s.stderr.slice(-10)) lines.push(`  stderr: ${line}`);
  return lines;
}

/**
 * `paragents mcp list|tools SERVER|call SERVER TOOL JSON|approve SERVER`. They work with the engine of the data
 * folder (the running app's, or one started for the command), so the servers are the ones sessions share. `call`
 * is a person's (or a script's) own call: it is not asked about, but deny rules and the managed lists hold.
 */
export async function runMcpCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { lang, t } = text;
  const mcpUsage = usage(t, MCP_USAGE);
  const [sub, ...rest] = argv;
  if (!sub || !SUBCOMMANDS.has(sub)) {
    io.stderr(`${sub ? `paragents mcp: ${t('cliTools.unknownSubcommand', { name: sub })}\n` : ''}${mcpUsage}`);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { workspace: { type: 'string' }, json: { type: 'boolean' }, yes: { type: 'boolean' }, revoke: { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents mcp: ${parseArgsMessage(text, e)}\n${mcpUsage}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const wanted = { list: 0, tools: 1, call: 3, approve: 1 }[sub as 'list' | 'tools' | 'call' | 'approve'];
  if (positionals.length !== wanted) {
    const expected = wanted === 0 ? t('cliTools.noArguments') : t('cliTools.expected', { what: wanted === 1 ? 'SERVER' : 'SERVER TOOL JSON' });
    io.stderr(`paragents mcp ${sub}: ${expected}\n${mcpUsage}`);
    return EXIT_USAGE;
  }
  if (sub === 'approve' && !values.workspace) {
    io.stderr(`paragents mcp approve: ${t('cliTools.mcp.needWorkspace')}\n${mcpUsage}`);
    return EXIT_USAGE;
  }
  let input: Record<string, unknown> = {};
  if (sub === 'call') {
    try {
      const v = JSON.parse(positionals[2] as string) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(t('cliTools.mcp.notObject'));
      input = v as Record<string, unknown>;
    } catch (e) {
      io.stderr(`paragents mcp call: ${t('cliTools.mcp.badArguments', { example: `'{"text": "hi"}'`, error: (e as Error).message })}`);
      return EXIT_USAGE;
    }
  }
  const workspace = values.workspace ? { workspace: resolve(values.workspace) } : {};
  const server = positionals[0] as string;

  return withEngine(io, { name: `mcp ${sub}`, purpose: 'write' }, async (link) => {
    const h = link.handlers;
    switch (sub) {
      case 'list': {
        const r = await h['mcp.list'](workspace);
        if (!r.ok) {
          io.stderr(`paragents mcp list: ${engineError(io, r.error)}`);
          return EXIT_USAGE;
        }
        for (const p of r.value.problems) io.stderr(`paragents mcp: ${shownText(lang, p.message, p.msg)}`);
        if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
        else if (r.value.servers.length === 0) io.stdout(t('cliTools.mcp.none'));
        else for (const s of r.value.servers) io.stdout(serverLine(t, s) + (s.reason ? `\n    ${shownText(lang, s.reason, s.reasonMsg)}` : ''));
        return EXIT_OK;
      }
      case 'tools': {
        const r = await h['mcp.tools']({ server, ...workspace });
        if (!r.ok) {
          io.stderr(`paragents mcp tools: ${engineError(io, r.error)}`);
          return EXIT_USAGE;
        }
        if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
        else for (const x of r.value.tools) io.stdout(`${x.name}${hintsText(t, x.hints)}  ${x.description.split('\n')[0] ?? ''}`);
        if (r.value.state !== 'ready') {
          for (const line of failureLines(lang, t, r.value)) io.stderr(line);
          return EXIT_FAILED;
        }
        return EXIT_OK;
      }
      case 'call': {
        const r = await h['mcp.call']({ server, tool: positionals[1] as string, input, ...workspace });
        if (!r.ok) {
          io.stderr(`paragents mcp call: ${engineError(io, r.error)}`);
          return EXIT_USAGE;
        }
        if (values.json) io.stdout(JSON.stringify(r.value, withoutMsgs));
        else if (r.value.ok) io.stdout(r.value.output);
        else io.stderr(`paragents mcp call: ${r.value.output}`);
        return r.value.ok ? EXIT_OK : EXIT_FAILED;
      }
      case 'approve': {
        const list = await h['mcp.list'](workspace);
        if (!list.ok) {
          io.stderr(`paragents mcp approve: ${engineError(io, list.error)}`);
          return EXIT_USAGE;
        }
        const s = list.value.servers.find((x) => x.name === server && x.scope === 'project');
        if (!s) {
          io.stderr(`paragents mcp approve: ${t('cliTools.mcp.noServer', { file: `${workspace.workspace}/.mcp.json`, name: server })}`);
          return EXIT_USAGE;
        }
        const approved = !values.revoke;
        if (approved && !values.yes) {
          io.stdout(`${t('cliTools.mcp.runs', { name: server, file: s.file })}\n  ${s.launch}`);
          if (!(await confirm(io, t('cliTools.mcp.confirm')))) {
            io.stderr(`paragents mcp approve: ${t('cliTools.notApproved')}`);
            return EXIT_FAILED;
          }
        }
        const r = await h['mcp.approve']({ server, workspace: s.workspace ?? '', approved });
        if (!r.ok) {
          io.stderr(`paragents mcp approve: ${engineError(io, r.error)}`);
          return EXIT_USAGE;
        }
        const standing = r.value.standing === 'usable' ? t('cliTools.mcp.itRuns') : (r.value.reason !== null && r.value.reason !== undefined ? shownText(lang, r.value.reason, r.value.reasonMsg) : t(`cliTools.mcp.standing.${r.value.standing}`));
        io.stdout(values.json ? JSON.stringify(r.value, withoutMsgs) : `${server}: ${t(approved ? 'cliTools.approved' : 'cliTools.withdrawn')} (${standing})`);
        return EXIT_OK;
      }
      default:
        return EXIT_USAGE;
    }
  });
}
