/** The command line's help and usage lines: commands, flags and placeholders stay as they are in every language. */
export const cliHelp = {
  usage: 'usage: {{synopsis}}',
  title: 'paragents — parallel LLM agent sessions, headless',
  footer:
    'Data folder: $PARAGENTS_HOME (default: the OS app-data folder). Model: config.json there, or\nOPENAI_BASE_URL / OPENAI_API_KEY / PARAGENTS_MODEL.',
  budgetLimitNote: '(LIMIT: tokens like 200k, or dollars like $2)',
  budgetAnswerNote: '(answers its prompt paused at a budget)',
  serve: {
    port: 'port to listen on (default 0: a free one)',
    host: 'address to listen on (default 127.0.0.1); an address that is not loopback\n(0.0.0.0, ::, a LAN address, a host name) is refused unless --allow-remote is given',
    allowRemote:
      'accept a non-loopback --host: anyone who reaches the port and holds the token controls\nthe agents; prefer an SSH tunnel (ssh -L 8080:127.0.0.1:8080 HOST) to a loopback host',
    publicHost:
      'a name the page may be opened by besides 127.0.0.1, localhost and [::1] (the Host\nheader is checked on every bind); NAME matches on the port listened on, NAME:PORT on\nthat port only (a forwarded port); repeatable',
  },
} as const;
