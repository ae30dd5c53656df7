import { cliText } from './cli-text';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';

/** What follows each command: its subcommands and flags, offered by the completion scripts. */
export const COMPLETIONS: Readonly<Record<string, readonly string[]>> = {
  run: ['--workspace', '--prompt', '--prompt-file', '--session', '--parallel', '--worktree', '--approve', '--on-conflict', '--json'],
  sessions: ['list', 'show', 'fork', 'budget', '--all', '--json', '--markdown', '--events', '--context', '--name', '--raise', '--resume-once', '--stop'],
  resume: ['--approve', '--json'],
  compact: ['--focus', '--json'],
  attach: ['--json'],
  approvals: ['--json'],
  approve: ['--session', '--always'],
  deny: ['--message'],
  config: ['show', '--json'],
  policy: ['check', '--workspace', '--mode', '--headless', '--tool', '--input'],
  mcp: ['list', 'tools', 'call', 'approve', '--workspace', '--json', '--yes', '--revoke'],
  hooks: ['list', 'approve', '--workspace', '--json', '--yes', '--revoke'],
  sandbox: ['status', 'on', 'off', '--workspace', '--json'],
  workspace: ['trust', 'untrust', 'list'],
  serve: ['--port', '--host', '--allow-remote', '--public-host'],
  worktree: ['diff', 'merge', 'remove', '--preview', '--force', '--json'],
  journal: ['list', 'undo', '--session', '--path', '--json', '--dry-run'],
  agents: ['list', 'integrate', '--preview', '--json'],
  gateway: ['telegram', 'set-token', 'pair', 'status', 'unpair', '--clear'],
  remote: ['add', 'list', 'remove', 'test', '--data-dir', '--command', '--ssh-option', '--json'],
  completion: ['bash', 'zsh', 'fish'],
  help: [],
};

const VALUES: Readonly<Record<string, readonly string[]>> = {
  '--approve': ['ask', 'all', 'never'],
  '--on-conflict': ['wait', 'override', 'block'],
  '--mode': ['default', 'acceptEdits', 'plan', 'bypass'],
};

const words = (list: readonly string[]): string => list.join(' ');

function bashScript(): string {
  const cases = Object.entries(COMPLETIONS)
    .map(([cmd, list]) => `    ${cmd}) words="${words(list)}" ;;`)
    .join('\n');
  const values = Object.entries(VALUES)
    .map(([flag, list]) => `    ${flag}) COMPREPLY=( $(compgen -W "${words(list)}" -- "$cur") ); return ;;`)
    .join('\n');
  return `# paragents completion for bash: add \`source <(paragents completion bash)\` to ~/.bashrc
_paragents() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${words(Object.keys(COMPLETIONS))} --help" -- "$cur") )
    return
  fi
  case "$prev" in
${values}
  esac
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _paragents paragents
`;
}

function zshScript(): string {
  const cases = Object.entries(COMPLETIONS)
    .map(([cmd, list]) => `    ${cmd}) compadd -- ${words(list)} ;;`)
    .join('\n');
  const values = Object.entries(VALUES)
    .map(([flag, list]) => `    ${flag}) compadd -- ${words(list)}; return ;;`)
    .join('\n');
  return `#compdef paragents
# paragents completion for zsh: add \`source <(paragents completion zsh)\` to ~/.zshrc (after compinit)
_paragents() {
  if (( CURRENT == 2 )); then
    compadd -- ${words(Object.keys(COMPLETIONS))} --help
    return
  fi
  case "\${words[CURRENT-1]}" in
${values}
  esac
  case "\${words[2]}" in
${cases}
  esac
  _files
}
compdef _paragents paragents
`;
}

function fishScript(): string {
  const lines = [
    '# paragents completion for fish: paragents completion fish > ~/.config/fish/completions/paragents.fish',
    'complete -c paragents -f',
    `complete -c paragents -n __fish_use_subcommand -a "${words(Object.keys(COMPLETIONS))}"`,
  ];
  for (const [cmd, list] of Object.entries(COMPLETIONS)) {
    const subs = list.filter((w) => !w.startsWith('--'));
    const flags = list.filter((w) => w.startsWith('--')).map((f) => f.slice(2));
    if (subs.length > 0) lines.push(`complete -c paragents -n "__fish_seen_subcommand_from ${cmd}" -a "${words(subs)}"`);
    for (const flag of flags) {
      const vals = VALUES[`--${flag}`];
      const takes = vals ? ` -x -a "${words(vals)}"` : '';
      lines.push(`complete -c paragents -n "__fish_seen_subcommand_from ${cmd}" -l ${flag}${takes}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export const COMPLETION_USAGE = 'paragents completion bash|zsh|fish';

/** Prints the completion script of one shell, to be sourced by it. */
export async function runCompletionCommand(argv: string[], io: CliIo): Promise<number> {
  const { t } = cliText(io);
  const [shell, ...extra] = argv;
  if (extra.length > 0 || !shell) {
    io.stderr(`paragents completion: ${t('cliTools.completion.nameOne')}\n${usage(t, COMPLETION_USAGE)}`);
    return EXIT_USAGE;
  }
  switch (shell) {
    case 'bash':
      io.stdout(bashScript());
      return EXIT_OK;
    case 'zsh':
      io.stdout(zshScript());
      return EXIT_OK;
    case 'fish':
      io.stdout(fishScript());
      return EXIT_OK;
    default:
      io.stderr(`paragents completion: ${t('cliTools.completion.unknown', { shell })}`);
      return EXIT_USAGE;
  }
}
