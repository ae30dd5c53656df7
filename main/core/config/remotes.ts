import type { RemoteConfig } from '../../../shared/remotes';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { configPath, readConfigFile } from './load';
import { saveConfig } from './save';

/*
 * config.json's `remotes`, read and written through readConfigFile and saveConfig (validated, written atomically at
 * mode 0600), so every other setting of the file stays as it was, as `gateway telegram set-token` keeps them.
 */

/** The remote machines of `<home>/config.json`, in the file's order (none without a file). */
export function listRemotes(home: string): Result<RemoteConfig[]> {
  const file = readConfigFile(configPath(home));
  return file.ok ? ok(file.value.remotes) : file;
}

/** Names are unique whatever their case, so at most one remote answers to `name`. */
const named = (remotes: readonly RemoteConfig[], name: string): RemoteConfig | undefined =>
  remotes.find((r) => r.name.toLowerCase() === name.toLowerCase());

function unknownRemote(remotes: readonly RemoteConfig[], name: string): Result<never> {
  if (remotes.length === 0) return err('not_found', msg('cliRemote.config.unknownNone', { name }));
  return err('not_found', msg('cliRemote.config.unknown', { name, names: remotes.map((r) => r.name).join(', ') }));
}

/** The remote named `name` (its case ignored). */
export function findRemote(home: string, name: string): Result<RemoteConfig> {
  const list = listRemotes(home);
  if (!list.ok) return list;
  const found = named(list.value, name);
  return found ? ok(found) : unknownRemote(list.value, name);
}

/**
 * Adds `remote` after the others; refuses a name already there (its case ignored), unless `replace` is set: then the
 * entry of that name is changed in its place. Returns the remote as saved.
 */
export function addRemote(home: string, remote: RemoteConfig, opts: { replace?: boolean } = {}): Result<RemoteConfig> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  const there = named(file.value.remotes, remote.name);
  if (there && !opts.replace) return err('invalid_input', msg('cliRemote.config.exists', { name: there.name, url: there.url }));
  const remotes = there ? file.value.remotes.map((r) => (r === there ? remote : r)) : [...file.value.remotes, remote];
  const saved = saveConfig(home, { ...file.value, remotes });
  return saved.ok ? ok(remote) : saved;
}

/** Removes the remote named `name` (its case ignored). */
export function removeRemote(home: string, name: string): Result<void> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  const there = named(file.value.remotes, name);
  if (!there) return unknownRemote(file.value.remotes, name);
  const saved = saveConfig(home, { ...file.value, remotes: file.value.remotes.filter((r) => r !== there) });
  return saved.ok ? ok(undefined) : saved;
}
