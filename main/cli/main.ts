import { homedir } from 'node:os';
import { paragentsHome } from '../core/config/home';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { HELP } from './usage';

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
  workspace: async () => (await import('./workspace-command')).runWorkspaceCommand,
  serve: async () => (await import('./serve-command')).runServeCommand,
  worktree: async () => (await import('./worktree-command')).runWorktreeCommand,
  journal: async () => (await import('./journal-command')).runJournalCommand,
  resume: async () => (await import('./resume-command')).runResumeCommand,
  compact: async () => (await import('./compact-command')).runCompactCommand,
  completion: async () => (await import('./completion-command')).runCompletionCommand,
};

export async function main(argv: string[], io?: Partial<CliIo>): Promise<number> {
  const env = io?.env ?? process.env;
  const full: CliIo = {
    stdin: io?.stdin ?? process.stdin,
    stdout: io?.stdout ?? ((line) => process.stdout.write(`${line}\n`)),
    stderr: io?.stderr ?? ((line) => process.stderr.write(`${line}\n`)),
    env,
    home: io?.home ?? paragentsHome(env, process.platform, homedir()),
  };
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    full.stdout(HELP);
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const load = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
  if (!load) {
    full.stderr(`paragents: unknown command "${name}"\n\n${HELP}`);
    return EXIT_USAGE;
  }
  return (await load())(rest, full);
}
