import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { McpServerView } from '../../shared/mcp';
import { confirm } from './confirm';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { MCP_USAGE } from './usage';
import { withEngine } from './with-engine';

const SUBCOMMANDS = new Set(['list', 'tools', 'call', 'approve']);

function hintsText(hints: McpServerView['tools'][number]['hints']): string {
  if (!hints) return '';
  const words = [hints.readOnlyHint ? 'read-only' : null, hints.destructiveHint ? 'destructive' : null, hints.openWorldHint ? 'open-world' : null];
  const shown = words.filter((w) => w !== null);
  return shown.length > 0 ? ` [${shown.join(', ')}]` : '';
}

function serverLine(s: McpServerView): string {
  const where = s.scope === 'project' ? `project ${s.workspace ?? ''}` : 'user';
  const state = s.standing === 'usable' ? s.state : s.standing;
  const pid = s.pid !== null ? ` pid ${s.pid}` : '';
  const tools = s.tools.length > 0 ? `, ${s.tools.length} tools` : '';
  return `${s.name}  ${state}${pid}${tools}  (${where})  ${s.launch}`;
}

/** The failure of a server, with its last stderr lines, for a person at a terminal. */
function failureLines(s: McpServerView): string[] {
  const lines = [`paragents mcp: the server "${s.name}" ${s.error ? `failed: ${s.error}` : `is ${s.state}`}`];
  for (const line of s.stderr.slice(-10)) lines.push(`  stderr: ${line}`);
  return lines;
}

/**
 * `paragents mcp list|tools SERVER|call SERVER TOOL JSON|approve SERVER`. They work with the engine of the data
 * folder (the running app's, or one started for the command), so the servers are the ones sessions share. `call`
 * is a person's (or a script's) own call: it is not asked about, but deny rules and the managed lists hold.
 */
export async function runMcpCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || !SUBCOMMANDS.has(sub)) {
    io.stderr(`${sub ? `paragents mcp: unknown subcommand "${sub}"\n` : ''}${MCP_USAGE}`);
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
    io.stderr(`paragents mcp: ${(e as Error).message}\n${MCP_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const wanted = { list: 0, tools: 1, call: 3, approve: 1 }[sub as 'list' | 'tools' | 'call' | 'approve'];
  if (positionals.length !== wanted) {
    io.stderr(`paragents mcp ${sub}: expected ${wanted === 0 ? 'no arguments' : wanted === 1 ? 'SERVER' : 'SERVER TOOL JSON'}\n${MCP_USAGE}`);
    return EXIT_USAGE;
  }
  if (sub === 'approve' && !values.workspace) {
    io.stderr(`paragents mcp approve: --workspace DIR names the workspace whose .mcp.json holds the server\n${MCP_USAGE}`);
    return EXIT_USAGE;
  }
  let input: Record<string, unknown> = {};
  if (sub === 'call') {
    try {
      const v = JSON.parse(positionals[2] as string) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('it is not a JSON object');
      input = v as Record<string, unknown>;
    } catch (e) {
      io.stderr(`paragents mcp call: the arguments must be one JSON object, such as '{"text": "hi"}' (${(e as Error).message})`);
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
          io.stderr(`paragents mcp list: ${r.error.message}`);
          return EXIT_USAGE;
        }
        for (const p of r.value.problems) io.stderr(`paragents mcp: ${p.message}`);
        if (values.json) io.stdout(JSON.stringify(r.value));
        else if (r.value.servers.length === 0) io.stdout('no MCP servers configured');
        else for (const s of r.value.servers) io.stdout(serverLine(s) + (s.reason ? `\n    ${s.reason}` : ''));
        return EXIT_OK;
      }
      case 'tools': {
        const r = await h['mcp.tools']({ server, ...workspace });
        if (!r.ok) {
          io.stderr(`paragents mcp tools: ${r.error.message}`);
          return EXIT_USAGE;
        }
        if (values.json) io.stdout(JSON.stringify(r.value));
        else for (const t of r.value.tools) io.stdout(`${t.name}${hintsText(t.hints)}  ${t.description.split('\n')[0] ?? ''}`);
        if (r.value.state !== 'ready') {
          for (const line of failureLines(r.value)) io.stderr(line);
          return EXIT_FAILED;
        }
        return EXIT_OK;
      }
      case 'call': {
        const r = await h['mcp.call']({ server, tool: positionals[1] as string, input, ...workspace });
        if (!r.ok) {
          io.stderr(`paragents mcp call: ${r.error.message}`);
          return EXIT_USAGE;
        }
        if (values.json) io.stdout(JSON.stringify(r.value));
        else if (r.value.ok) io.stdout(r.value.output);
        else io.stderr(`paragents mcp call: ${r.value.output}`);
        return r.value.ok ? EXIT_OK : EXIT_FAILED;
      }
      case 'approve': {
        const list = await h['mcp.list'](workspace);
        if (!list.ok) {
          io.stderr(`paragents mcp approve: ${list.error.message}`);
          return EXIT_USAGE;
        }
        const s = list.value.servers.find((x) => x.name === server && x.scope === 'project');
        if (!s) {
          io.stderr(`paragents mcp approve: ${workspace.workspace}/.mcp.json has no server named "${server}"`);
          return EXIT_USAGE;
        }
        const approved = !values.revoke;
        if (approved && !values.yes) {
          io.stdout(`The project server "${server}" of ${s.file} runs:\n  ${s.launch}`);
          if (!(await confirm(io, 'Approve it? [y/N]'))) {
            io.stderr('paragents mcp approve: not approved');
            return EXIT_FAILED;
          }
        }
        const r = await h['mcp.approve']({ server, workspace: s.workspace ?? '', approved });
        if (!r.ok) {
          io.stderr(`paragents mcp approve: ${r.error.message}`);
          return EXIT_USAGE;
        }
        io.stdout(values.json ? JSON.stringify(r.value) : `${server}: ${approved ? 'approved' : 'approval withdrawn'} (${r.value.standing === 'usable' ? 'it runs' : r.value.reason ?? r.value.standing})`);
        return EXIT_OK;
      }
      default:
        return EXIT_USAGE;
    }
  });
}
