import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Translator } from '../../shared/i18n';
import { isSshOption, parseSshUrl, remoteNameProblem, type RemoteConfig } from '../../shared/remotes';
import { addRemote, findRemote, listRemotes, removeRemote } from '../core/config';
import { catalogParseMessage, cliText, engineError } from './cli-text';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { displayWidth, padEndColumns } from './text-width';
import { REMOTE_USAGE, usage } from './usage';

type Sub = 'add' | 'list' | 'remove' | 'test';

/** Each subcommand's flags: a flag of another one is an unknown option here. */
const OPTIONS: Record<Sub, NonNullable<ParseArgsConfig['options']>> = {
  add: { 'data-dir': { type: 'string' }, command: { type: 'string' }, 'ssh-option': { type: 'string', multiple: true } },
  list: { json: { type: 'boolean' } },
  remove: {},
  test: {},
};

/** The positionals each subcommand takes, as its synopsis names them. */
const POSITIONALS: Record<Sub, string> = { add: 'NAME ssh://[user@]host[:port]', list: '', remove: 'NAME', test: 'NAME' };

const isSub = (s: string): s is Sub => Object.prototype.hasOwnProperty.call(OPTIONS, s);


/** One sentence for a name config.json would refuse, or null. */
function nameProblem(t: Translator, name: string): string | null {
  const problem = remoteNameProblem(name);
  switch (problem) {
    case null:
      return null;
    case 'pattern':
      return t('cliRemote.badName', { name });
    case 'local':
      return t('cliRemote.localName', { name });
    default: {
      const never: never = problem;
      return never;
    }
  }
}

/** The remote `add` describes (its name already checked), or the one sentence that says which flag or value is wrong. */
function remoteFrom(t: Translator, name: string, url: string, values: Record<string, unknown>): RemoteConfig | string {
  if (!parseSshUrl(url).ok) return t('cliRemote.badUrl', { url });
  const dataDir = values['data-dir'] as string | undefined;
  const command = values.command as string | undefined;
  const sshOptions = (values['ssh-option'] as string[] | undefined) ?? [];
  if (dataDir === '') return t('cliRemote.emptyValue', { flag: '--data-dir' });
  if (command === '') return t('cliRemote.emptyValue', { flag: '--command' });
  const wrong = sshOptions.find((o) => !isSshOption(o));
  if (wrong !== undefined) return t('cliRemote.badSshOption', { option: wrong });
  return {
    name,
    url,
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(command !== undefined ? { command } : {}),
    ...(sshOptions.length > 0 ? { sshOptions } : {}),
  };
}

/** The remotes as a table: name, url, data folder, command, ssh options, in columns that line up in any script. */
function printTable(io: CliIo, t: Translator, remotes: readonly RemoteConfig[]): void {
  const rows = [
    [t('cliRemote.column.name'), t('cliRemote.column.url'), t('cliRemote.column.dataDir'), t('cliRemote.column.command'), t('cliRemote.column.options')],
    ...remotes.map((r) => [
      r.name,
      r.url,
      r.dataDir ?? t('cliRemote.cell.default'),
      r.command ?? t('cliRemote.cell.default'),
      r.sshOptions && r.sshOptions.length > 0 ? r.sshOptions.join(' ') : t('cliRemote.cell.none'),
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => displayWidth(row[col] ?? ''))));
  for (const row of rows) io.stdout(row.map((cell, col) => (col === row.length - 1 ? cell : padEndColumns(cell, widths[col] ?? 0))).join('  '));
}

/**
 * `paragents remote add NAME URL [--data-dir DIR] [--command CMD] [--ssh-option KEY=VALUE]...`, `remote list
 * [--json]`, `remote remove NAME` and `remote test NAME`: the remote machines of config.json. Bad input is one
 * sentence naming the flag or value, exit 2.
 */
export async function runRemoteCommand(argv: string[], io: CliIo): Promise<number> {
  const { t } = cliText(io);
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    io.stdout(usage(t, REMOTE_USAGE));
    return EXIT_OK;
  }
  if (sub === undefined) {
    io.stderr(usage(t, REMOTE_USAGE));
    return EXIT_USAGE;
  }
  if (!isSub(sub)) {
    io.stderr(`paragents remote: ${t('cliRemote.unknownSubcommand', { name: sub })}`);
    return EXIT_USAGE;
  }
  const name = `paragents remote ${sub}`;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: OPTIONS[sub] });
  } catch (e) {
    // One sentence of the catalog in every language: Node's English for an unknown option is two.
    io.stderr(`${name}: ${catalogParseMessage(t, e)}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const wanted = POSITIONALS[sub] === '' ? 0 : POSITIONALS[sub].split(' ').length;
  if (positionals.length > wanted) {
    io.stderr(`${name}: ${t('cliRemote.extraArgument', { argument: positionals[wanted] ?? '', synopsis: `${name} ${POSITIONALS[sub]}`.trim() })}`);
    return EXIT_USAGE;
  }
  const remoteName = positionals[0];
  if (wanted > 0 && remoteName === undefined) {
    io.stderr(`${name}: ${t('cliRemote.missingName', { sub })}`);
    return EXIT_USAGE;
  }

  switch (sub) {
    case 'add': {
      const url = positionals[1];
      const bad = nameProblem(t, remoteName as string);
      if (bad !== null) {
        io.stderr(`${name}: ${bad}`);
        return EXIT_USAGE;
      }
      if (url === undefined) {
        io.stderr(`${name}: ${t('cliRemote.missingUrl', { name: remoteName as string })}`);
        return EXIT_USAGE;
      }
      const remote = remoteFrom(t, remoteName as string, url, values);
      if (typeof remote === 'string') {
        io.stderr(`${name}: ${remote}`);
        return EXIT_USAGE;
      }
      const added = addRemote(io.home, remote);
      if (!added.ok) {
        io.stderr(`${name}: ${engineError(io, added.error)}`);
        return EXIT_USAGE;
      }
      io.stdout(t('cliRemote.added', { name: added.value.name, url: added.value.url }));
      return EXIT_OK;
    }
    case 'list': {
      const list = listRemotes(io.home);
      if (!list.ok) {
        io.stderr(`${name}: ${engineError(io, list.error)}`);
        return EXIT_USAGE;
      }
      if (values.json) io.stdout(JSON.stringify(list.value));
      else if (list.value.length === 0) io.stdout(t('cliRemote.none'));
      else printTable(io, t, list.value);
      return EXIT_OK;
    }
    case 'remove': {
      const removed = removeRemote(io.home, remoteName as string);
      if (!removed.ok) {
        io.stderr(`${name}: ${engineError(io, removed.error)}`);
        return EXIT_USAGE;
      }
      io.stdout(t('cliRemote.removed', { name: remoteName as string }));
      return EXIT_OK;
    }
    case 'test': {
      const found = findRemote(io.home, remoteName as string);
      if (!found.ok) {
        io.stderr(`${name}: ${engineError(io, found.error)}`);
        return EXIT_USAGE;
      }
      return (await import('./remote-test-command')).runRemoteTest(io, found.value);
    }
    default: {
      const never: never = sub;
      return never;
    }
  }
}
