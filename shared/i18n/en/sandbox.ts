/** The OS sandbox that confines shell commands: its settings, its availability, and what it refused. */
export const sandbox = {
  settings: {
    notObject: '{{key}} must be an object',
    unknownKey: '{{key}}: unknown key',
    notBoolean: '{{key}} must be true or false',
    notStrings: '{{key}} must be an array of non-empty strings',
    notPaths: '{{key}} must be an array of paths',
    badCommand: '{{key}}: {{problem}}',
    badDomain: '{{key}}: "{{value}}" is not a host name or pattern (example.com, *.example.com, host:port)',
  },
  violation: 'the sandbox refused {{what}}',
  kind: { write: 'a write to {{target}}', read: 'a read of {{target}}', network: 'a connection to {{target}}' },
  card: { refused_one: 'sandbox refused 1', refused_other: 'sandbox refused {{count}}', refusalsLabel: 'Refused by the sandbox' },
  decision: {
    autoAllowed: 'runs in the sandbox, which holds it to the session\'s folders and allowed hosts',
    mustRun: 'the settings require the sandbox (sandbox.failIfUnavailable) and it cannot run: {{reason}}',
    outsideRefused: 'the settings do not allow commands outside the sandbox (sandbox.allowUnsandboxedCommands is false); run it without dangerouslyDisableSandbox',
    outside: 'runs outside the sandbox (dangerouslyDisableSandbox); {{reason}}',
  },
  network: {
    notAllowed: 'the sandbox refused the connection: the host is not on the allow list of this session',
  },
  unavailable: {
    notProbed: 'the engine was started without the sandbox',
    platform: 'The sandbox does not run on {{platform}} yet: shell commands run under the normal permission flow.',
    programs: 'The sandbox needs {{programs}}, which this machine does not have: install with `{{install}}`.',
    cannotStart: 'The sandbox cannot start here (bubblewrap said: {{error}}); user namespaces may be turned off.',
  },
} as const;
