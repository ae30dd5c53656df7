/** The slash commands of the prompt box. `arg` says what the completion popup offers. */
export type ArgKind = 'session' | 'prompt' | 'approval' | 'text' | 'none';

export interface CommandSpec {
  name: string;
  usage: string;
  help: string;
  arg: ArgKind;
}

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'new', usage: '/new <text>', help: 'start a new session in the focused workspace and focus it', arg: 'text' },
  { name: 'prompt', usage: '/prompt <text>', help: 'send to the focused session (queued if it is busy)', arg: 'text' },
  { name: 'submit', usage: '/submit <text>', help: 'start a new session in the background', arg: 'text' },
  { name: 'list', usage: '/list', help: 'list sessions with their status', arg: 'none' },
  { name: 'switch', usage: '/switch <session>', help: 'focus a session', arg: 'session' },
  { name: 'close', usage: '/close <session>', help: 'close a session and release its slot', arg: 'session' },
  { name: 'approvals', usage: '/approvals', help: 'open the approvals inbox', arg: 'none' },
  { name: 'approve', usage: '/approve <ref> [once|always]', help: 'allow a pending call (for the session; once; or always)', arg: 'approval' },
  { name: 'deny', usage: '/deny <ref> [message]', help: 'deny a pending call, optionally telling the model why', arg: 'approval' },
  { name: 'pause', usage: '/pause [prompt]', help: 'pause a running prompt before its next step (it frees its slot)', arg: 'prompt' },
  { name: 'resume', usage: '/resume [prompt|session]', help: 'go on with a paused or interrupted prompt (or bring a session to the front)', arg: 'prompt' },
  { name: 'cancel', usage: '/cancel [prompt]', help: 'cancel a prompt (default: the focused one)', arg: 'prompt' },
  { name: 'override', usage: '/override [session]', help: 'let a prompt held by a conflict run anyway', arg: 'session' },
  { name: 'retry', usage: '/retry [prompt]', help: 'run a failed or cancelled prompt again', arg: 'prompt' },
  { name: 'journal', usage: '/journal [session]', help: 'who changed which file (the change journal)', arg: 'session' },
  { name: 'undo', usage: '/undo <session> [dry]', help: 'undo one session\'s writes (files changed since by others are left alone)', arg: 'session' },
  { name: 'diff', usage: '/diff [session]', help: 'files an isolated session changed in its git worktree, against its base', arg: 'session' },
  { name: 'merge', usage: '/merge <session> [preview]', help: 'merge an isolated session back (preview lists conflicts first)', arg: 'session' },
  { name: 'compact', usage: '/compact [focus]', help: 'compact the focused session\'s model view now (prompts kept verbatim), optionally focused on a subject', arg: 'text' },
  { name: 'context', usage: '/context [session]', help: 'what the model sees now: each part with its tokens, the total and the window', arg: 'session' },
  { name: 'model', usage: '/model [provider|default]', help: "switch the focused session's provider (a config.json entry) from its next step", arg: 'text' },
  { name: 'effort', usage: '/effort low|medium|high|default', help: "how hard the focused session's model thinks, where its endpoint takes it", arg: 'text' },
  { name: 'permissions', usage: '/permissions', help: 'effective rules, modes and a "check a call" box', arg: 'none' },
  { name: 'mcp', usage: '/mcp', help: 'MCP servers: state, tools, sessions using them; restart, turn off, approve', arg: 'none' },
  { name: 'hooks', usage: '/hooks', help: 'hooks of the open sessions\' workspaces: event, command, source file, whether it runs; approve project hooks', arg: 'none' },
  { name: 'sandbox', usage: '/sandbox', help: 'the OS sandbox: available or what to install, mode, overrides, what the focused session may write, read and reach', arg: 'none' },
  { name: 'gateways', usage: '/gateways', help: 'Telegram gateway: bot token, connection, pairing code, paired chats', arg: 'none' },
  { name: 'setup', usage: '/setup', help: 'configure a model provider', arg: 'none' },
  { name: 'show-config', usage: '/show-config', help: 'show the configuration (keys redacted)', arg: 'none' },
  { name: 'help', usage: '/help', help: 'list commands and keys', arg: 'none' },
];

/** Colon shortcuts for the commands typed most often. */
export const ALIASES: Readonly<Record<string, string>> = { ':s': 'prompt', ':sv': 'prompt', ':a': 'approvals', ':h': 'help', ':p': 'permissions' };

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
