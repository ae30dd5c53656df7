/** `paragents remote add|list|remove|test`: the remote machines of config.json, whose engines are reached over SSH. */
export const cliRemote = {
  unknownSubcommand: 'unknown subcommand "{{name}}": use add, list, remove or test',
  missingName: 'name the remote machine: paragents remote {{sub}} NAME',
  extraArgument: 'unexpected argument "{{argument}}": the command is {{synopsis}}',
  missingUrl: 'give the SSH address of {{name}}: paragents remote add {{name}} ssh://[user@]host[:port]',
  badName: '"{{name}}" cannot name a remote machine: use 1 to 63 letters, digits, dots, underscores or hyphens, starting with a letter or a digit',
  localName: '"{{name}}" names this machine, so a remote machine needs another name',
  badUrl: '"{{url}}" is not an SSH address: write ssh://[user@]host[:port], with a port from 1 to 65535',
  badSshOption: '--ssh-option "{{option}}" is not KEY=VALUE (KEY letters and digits, VALUE not empty and on one line), as in --ssh-option ServerAliveInterval=15',
  emptyValue: '{{flag}} needs a value that is not empty',
  added: 'added the remote machine {{name}} ({{url}}); check it with `paragents remote test {{name}}`',
  removed: 'removed the remote machine {{name}}',
  none: 'no remote machines yet; add one with `paragents remote add NAME ssh://[user@]host[:port]`',
  column: { name: 'NAME', url: 'URL', dataDir: 'DATA DIR', command: 'COMMAND', options: 'SSH OPTIONS' },
  /** A table cell whose setting is absent: the remote side's default data folder, `paragents`, no options. */
  cell: { default: '(default)', none: '(none)' },
  config: {
    exists: 'a remote machine named {{name}} already exists ({{url}}); remove it first with `paragents remote remove {{name}}`',
    unknown: 'no remote machine is named {{name}}; the known ones are {{names}}',
    unknownNone: 'no remote machine is named {{name}}, and none is configured; add one with `paragents remote add {{name}} ssh://[user@]host[:port]`',
  },
} as const;
