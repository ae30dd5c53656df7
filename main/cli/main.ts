import { writerOf } from './broken-pipe';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { paragentsHome } from '../core/config/home';
import { dataFolderProblem, describeFailure, type HomeOrigin } from './cli-errors';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { isMsg, render, shownText, type Msg } from '../../shared/i18n';
import { MsgError } from '../../shared/msg-error';
import { cliText } from './cli-text';
import { helpText } from './usage';

type Command = (argv: string[], io: CliIo) => Promise<number>;

/**
 * Every command loads on demand: `paragents --help` and `completion` load none, and `sessions list` does not
 * pay for the web host or the model client.
 */
const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./run-command')).runRunCommand,
  sessions: async () => (await import('./sessions-command')).runSessionsCommand,
  config: async () => (await import('./config-command')).runConfigCommand,
  policy: async () => (await import('./policy-command')).runPolicyCommand,
  mcp: async () => (await import('./mcp-command')).runMcpCommand,
  hooks: async () => (await import('./hooks-command')).runHooksCommand,
  sandbox: async () => (await import('./sandbox-command')).runSandboxCommand,
  workspace: async () => (await import('./workspace-command')).runWorkspaceCommand,
  serve: async () => (await import('./serve-command')).runServeCommand,
  worktree: async () => (await import('./worktree-command')).runWorktreeCommand,
  journal: async () => (await import('./journal-command')).runJournalCommand,
  agents: async () => (await import('./agents-command')).runAgentsCommand,
  resume: async () => (await import('./resume-command')).runResumeCommand,
  compact: async () => (await import('./compact-command')).runCompactCommand,
  attach: async () => (await import('./attach-command')).runAttachCommand,
  approvals: async () => (await import('./approvals-command')).runApprovalsCommand,
  approve: async () => (await import('./approvals-command')).runApproveCommand,
  deny: async () => (await import('./approvals-command')).runDenyCommand,
  gateway: async () => (await import('./gateway-command')).runGatewayCommand,
  remote: async () => (await import('./remote-command')).runRemoteCommand,
  completion: async () => (await import('./completion-command')).runCompletionCommand,
  engine: async () => (await import('./engine-command')).runEngineCommand,
};

/** Commands that take `--remote NAME`: each of them is requests of the contract, which any engine answers. */
const REMOTE_COMMANDS = new Set(['run', 'sessions', 'attach', 'approvals', 'approve', 'deny']);

/** Commands that never touch the data folder. */
const WITHOUT_HOME = new Set(['completion']);

/**
 * Runs one command. Failures are one sentence naming the thing (file, variable, flag), exit 2 for usage,
 * configuration and data-folder problems; `--debug` (anywhere on the line) or PARAGENTS_DEBUG=1 also prints the
 * stack of an unexpected failure.
 */
export async function main(argvIn: string[], io?: Partial<CliIo>): Promise<number> {
  const env = io?.env ?? process.env;
  const debug = argvIn.includes('--debug') || env.PARAGENTS_DEBUG === '1';
  const argv = argvIn.filter((a) => a !== '--debug');
  const full: CliIo = {
    stdin: io?.stdin ?? process.stdin,
    stdout: io?.stdout ?? writerOf(process.stdout, () => process.emit('SIGHUP', 'SIGHUP')),
    stderr: io?.stderr ?? writerOf(process.stderr, () => undefined),
    env,
    home: io?.home ?? paragentsHome(env, process.platform, homedir()),
  };
  const [name, ...given] = argv;
  // `--data-dir DIR` names the data folder of the command that serves an engine on a remote machine, where the
  // remote side's environment (PARAGENTS_HOME) is not the caller's to set.
  const dataDir = name === 'engine' ? takeFlag(given, '--data-dir') : { rest: given };
  if (dataDir === null) {
    full.stderr(cliText(full).t('machines.engine.needDataDir'));
    return EXIT_USAGE;
  }
  if (dataDir.value !== undefined) full.home = resolve(dataDir.value);
  // `--remote NAME` sends the command's requests to that machine's engine; the rest of the line is the command's.
  const remote = REMOTE_COMMANDS.has(name ?? '') ? takeFlag(dataDir.rest, '--remote') : { rest: dataDir.rest };
  if (remote === null) {
    full.stderr(`paragents ${name}: ${cliText(full).t('machines.link.needRemote')}`);
    return EXIT_USAGE;
  }
  const rest = remote.rest;
  if (remote.value !== undefined) full.remote = remote.value;
  // Help, the failures below and every command's own lines are in the language of the environment.
  const text = cliText(full);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    full.stdout(helpText(text.t));
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const load = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
  if (!load) {
    full.stderr(`${text.t('cliErrors.unknownCommand', { name })}\n\n${helpText(text.t)}`);
    return EXIT_USAGE;
  }
  const origin: HomeOrigin = { home: full.home, fromEnv: Boolean(env.PARAGENTS_HOME) && io?.home === undefined };
  if (!WITHOUT_HOME.has(name)) {
    const problem = dataFolderProblem(origin, text.t);
    if (problem) {
      full.stderr(`paragents ${name}: ${problem}`);
      return EXIT_USAGE;
    }
  }
  try {
    return await (await load())(rest, full);
  } catch (error) {
    // An exception whose sentence is data (the data folder held by another process, a model request that failed) is
    // rendered from it; what the system said is shown as written.
    const carried = error instanceof MsgError ? error.msg : sentenceOf(error);
    const said = carried ? render(text.lang, carried) : shownText(text.lang, describeFailure(error, origin, text.t));
    full.stderr(`paragents ${name}: ${said}`);
    if (debug && error instanceof Error && error.stack) full.stderr(error.stack);
    return EXIT_USAGE;
  }
}

/**
 * Takes `FLAG VALUE` (or `FLAG=VALUE`) out of a command line that the main entry reads before the command does;
 * null when the flag has no value (none, or another flag in its place).
 */
function takeFlag(argv: readonly string[], flag: string): { rest: string[]; value?: string } | null {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== flag && !arg.startsWith(`${flag}=`)) {
      rest.push(arg);
      continue;
    }
    const given = arg === flag ? argv[++i] : arg.slice(flag.length + 1);
    if (!given || given.startsWith('-')) return null;
    value = given;
  }
  return value === undefined ? { rest } : { rest, value };
}

/** The Msg an error carries beside its English (a ModelError's `msg`), or null. */
function sentenceOf(error: unknown): Msg | null {
  const m = error instanceof Error ? (error as Error & { msg?: unknown }).msg : undefined;
  return isMsg(m) ? m : null;
}
