import type { Translator } from '../../shared/i18n';
import { displayWidth } from './text-width';

/*
 * Usage text only: `paragents --help` and the completion scripts read it without loading any command, so they
 * start without the engine or SQLite. A synopsis is the command lines themselves (commands, flags and
 * placeholders, the same in every language); `usage` puts it after the catalog's "usage:".
 */

export const RUN_USAGE = `paragents run --workspace DIR --prompt TEXT|--prompt-file FILE [--image FILE]... [--session NAME] [--worktree] [--approve ask|all|never] [--on-conflict wait|override|block] [--json]
paragents run --parallel FILE [--worktree] [--approve ask|all|never] [--on-conflict wait|override|block] [--json]`;

export const ATTACH_USAGE = 'paragents attach [SESSION] [--json]';
export const APPROVALS_USAGE = 'paragents approvals [--json]';
export const ANSWER_USAGE = 'paragents approve REF [--session|--children|--always] | paragents deny REF [--message M]';

export const MCP_USAGE = `paragents mcp list [--workspace DIR] [--json]
paragents mcp tools SERVER [--workspace DIR] [--json]
paragents mcp call SERVER TOOL JSON [--workspace DIR] [--json]
paragents mcp approve SERVER --workspace DIR [--yes | --revoke]`;

export const HOOKS_USAGE = `paragents hooks list [--workspace DIR] [--json]
paragents hooks approve --workspace DIR [--yes | --revoke] [--json]`;

export const SANDBOX_USAGE = `paragents sandbox status [--workspace DIR] [--json]
paragents sandbox on|off`;

export const AGENTS_USAGE = `paragents agents list PARENT [--json]
paragents agents integrate CHILD [--preview] [--json]`;

export const ENGINE_USAGE = 'paragents engine --stdio [--data-dir DIR]';

export const GATEWAY_USAGE = 'paragents gateway telegram set-token [--clear] | pair | status | unpair CHAT_ID';

export const REMOTE_USAGE = `paragents remote add NAME ssh://[user@]host[:port] [--data-dir DIR] [--command CMD] [--ssh-option KEY=VALUE]...
paragents remote list [--json]
paragents remote remove NAME
paragents remote test NAME`;

const HELP_USAGE = `${RUN_USAGE}
paragents sessions list [--all] [--json]
paragents sessions show SESSION [--json | --markdown | --events | --context]
paragents sessions fork SESSION [--name N] [--json]
paragents sessions budget SESSION [LIMIT | off | --raise LIMIT | --resume-once | --stop] [--json]
paragents resume [SESSION] [--approve ask|all|never] [--json]
paragents compact SESSION [--focus TEXT] [--json]
paragents attach [SESSION] [--json]
paragents approvals [--json]
paragents approve REF [--session|--children|--always] | deny REF [--message M]
paragents config show [--json]
paragents policy check --workspace DIR [--mode M] [--headless] [--tool T --input JSON]
paragents mcp list | tools SERVER | call SERVER TOOL JSON | approve SERVER  [--workspace DIR] [--json]
paragents hooks list [--workspace DIR] | hooks approve --workspace DIR [--yes | --revoke]
paragents sandbox status [--workspace DIR] [--json] | sandbox on|off
paragents workspace trust|untrust DIR | workspace list
paragents serve [--port N] [--host 127.0.0.1] [--allow-remote] [--public-host NAME[:PORT]]...
paragents worktree diff|merge|remove SESSION [--preview] [--force] [--json]
paragents journal list [--session S] [--path P] [--json] | journal undo SESSION [--dry-run]
paragents agents list PARENT [--json] | agents integrate CHILD [--preview] [--json]
paragents gateway telegram set-token [--clear] | pair | status | unpair CHAT_ID
paragents remote add NAME ssh://[user@]host[:port] [--data-dir DIR] [--command CMD] [--ssh-option K=V]... | remote list [--json] | remote remove|test NAME
paragents engine --stdio [--data-dir DIR]
paragents completion bash|zsh|fish`;

/**
 * "usage: " and the synopsis, its further lines indented under the first one's command (by terminal columns,
 * so that they line up after a Chinese "用法：" too). A line may carry a note after it, which `notes` holds.
 */
export function usage(t: Translator, synopsis: string, notes: readonly (string | null)[] = []): string {
  const lines = synopsis.split('\n');
  const first = t('cliHelp.usage', { synopsis: lines[0] ?? '' });
  const indent = ' '.repeat(Math.max(0, displayWidth(first) - displayWidth(lines[0] ?? '')));
  const noted = (line: string, i: number): string => (notes[i] ? `${line}   ${notes[i]}` : line);
  return [noted(first, 0), ...lines.slice(1).map((l, i) => noted(`${indent}${l}`, i + 1))].join('\n');
}

/** `paragents --help`: what the tool is, every command, and where its data and model come from. */
export function helpText(t: Translator): string {
  return `${t('cliHelp.title')}\n\n${usage(t, HELP_USAGE)}\n\n${t('cliHelp.footer')}`;
}
