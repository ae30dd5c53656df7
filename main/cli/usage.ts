/*
 * Usage text only: `paragents --help` and the completion scripts read it without loading any command, so they
 * start without the engine, zod or SQLite.
 */

export const RUN_USAGE = `usage: paragents run --workspace DIR --prompt TEXT [--session NAME] [--worktree] [--approve ask|all|never] [--on-conflict wait|override|block] [--json]
       paragents run --parallel FILE [--worktree] [--approve ask|all|never] [--on-conflict wait|override|block] [--json]`;

export const ATTACH_USAGE = 'usage: paragents attach [SESSION] [--json]';
export const APPROVALS_USAGE = 'usage: paragents approvals [--json]';
export const ANSWER_USAGE = 'usage: paragents approve REF [--session|--always] | paragents deny REF [--message M]';

export const MCP_USAGE = `usage: paragents mcp list [--workspace DIR] [--json]
       paragents mcp tools SERVER [--workspace DIR] [--json]
       paragents mcp call SERVER TOOL JSON [--workspace DIR] [--json]
       paragents mcp approve SERVER --workspace DIR [--yes | --revoke]`;

export const HOOKS_USAGE = `usage: paragents hooks list [--workspace DIR] [--json]
       paragents hooks approve --workspace DIR [--yes | --revoke] [--json]`;

export const GATEWAY_USAGE = 'usage: paragents gateway telegram set-token [--clear] | pair | status | unpair CHAT_ID';

export const HELP = `paragents — parallel LLM agent sessions, headless

${RUN_USAGE}
       paragents sessions list [--all] [--json]
       paragents sessions show SESSION [--json | --markdown | --events | --context]
       paragents sessions fork SESSION [--name N] [--json]
       paragents sessions budget SESSION [LIMIT | off | --raise LIMIT | --resume-once | --stop] [--json]
       paragents resume [SESSION] [--approve ask|all|never] [--json]
       paragents compact SESSION [--focus TEXT] [--json]
       paragents attach [SESSION] [--json]
       paragents approvals [--json]
       paragents approve REF [--session|--always] | deny REF [--message M]
       paragents config show [--json]
       paragents policy check --workspace DIR [--mode M] [--headless] [--tool T --input JSON]
       paragents mcp list | tools SERVER | call SERVER TOOL JSON | approve SERVER  [--workspace DIR] [--json]
       paragents hooks list [--workspace DIR] | hooks approve --workspace DIR [--yes | --revoke]
       paragents workspace trust|untrust DIR | workspace list
       paragents serve [--port N] [--host 127.0.0.1] [--allow-remote] [--public-host NAME[:PORT]]...
       paragents worktree diff|merge|remove SESSION [--preview] [--force] [--json]
       paragents journal list [--session S] [--path P] [--json] | journal undo SESSION [--dry-run]
       paragents gateway telegram set-token [--clear] | pair | status | unpair CHAT_ID
       paragents completion bash|zsh|fish

Data folder: $PARAGENTS_HOME (default: the OS app-data folder). Model: config.json there, or
OPENAI_BASE_URL / OPENAI_API_KEY / PARAGENTS_MODEL.`;
