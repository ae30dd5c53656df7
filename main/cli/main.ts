import { homedir } from 'node:os';
import { paragentsHome } from '../core/config';
import { runConfigCommand } from './config-command';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { RUN_USAGE, runRunCommand } from './run-command';
import { runSessionsCommand } from './sessions-command';

const HELP = `paragents — parallel LLM agent sessions, headless

${RUN_USAGE}
       paragents sessions list [--all] [--json]
       paragents sessions show SESSION [--json | --markdown | --events | --context]
       paragents sessions fork SESSION [--name N] [--json]
       paragents resume [SESSION] [--approve ask|all|never] [--json]
       paragents compact SESSION [--focus TEXT] [--json]
       paragents config show [--json]
       paragents policy check --workspace DIR [--mode M] [--headless] [--tool T --input JSON]
       paragents workspace trust|untrust DIR | workspace list
       paragents serve [--port N] [--host 127.0.0.1]
       paragents worktree diff|merge|remove SESSION [--preview] [--force] [--json]
       paragents journal list [--session S] [--path P] [--json] | journal undo SESSION [--dry-run]

Data folder: $PARAGENTS_HOME (default: the OS app-data folder). Model: config.json there, or
OPENAI_BASE_URL / OPENAI_API_KEY / PARAGENTS_MODEL.`;

type Command = (argv: string[], io: CliIo) => Promise<number>;

/** Commands owned by other parts load lazily, so `paragents run` does not pay for the web host. */
const commands: Record<string, () => Promise<Command>> = {
  run: async () => runRunCommand,
  sessions: async () => runSessionsCommand,
  config: async () => runConfigCommand,
  policy: async () => (await import('./policy-command')).runPolicyCommand,
  workspace: async () => (await import('./workspace-command')).runWorkspaceCommand,
  serve: async () => (await import('./serve-command')).runServeCommand,
  worktree: async () => (await import('./worktree-command')).runWorktreeCommand,
  journal: async () => (await import('./journal-command')).runJournalCommand,
  resume: async () => (await import('./resume-command')).runResumeCommand,
  compact: async () => (await import('./compact-command')).runCompactCommand,
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
  const load = commands[name];
  if (!load) {
    full.stderr(`paragents: unknown command "${name}"\n\n${HELP}`);
    return EXIT_USAGE;
  }
  return (await load())(rest, full);
}
