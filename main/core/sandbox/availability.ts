import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { msg, type Msg } from '../../../shared/i18n/message';

/** What the OS sandbox needs on Linux: bubblewrap confines, socat relays the network to the command's proxy. */
export const LINUX_PROGRAMS = [
  { program: 'bwrap', pkg: 'bubblewrap' },
  { program: 'socat', pkg: 'socat' },
] as const;
/** On macOS the sandbox runtime confines with Seatbelt (`sandbox-exec`, part of the system) and finds protected files with ripgrep. */
export const MACOS_PROGRAMS = [
  { program: 'sandbox-exec', pkg: null },
  { program: 'rg', pkg: 'ripgrep' },
] as const;

export type SandboxAvailability =
  | { available: true; platform: NodeJS.Platform; programs: Record<string, string> }
  | {
      available: false;
      platform: NodeJS.Platform;
      /** Programs or facilities that are missing (`bwrap`, `user namespaces`), for views and `--json`. */
      missing: string[];
      /** The command that installs what is missing, when there is one. */
      install: string | null;
      /** One sentence: what is missing and how to get it. */
      reason: Msg;
    };

/** The first executable `name` on the PATH of `env` (the engine's environment, not necessarily this process's). */
export function onPath(name: string, env: Readonly<Record<string, string | undefined>>): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here: the next folder of PATH
    }
  }
  return null;
}

/** macOS: the programs on the PATH (Seatbelt cannot be started here to check more). */
function probeMacos(env: Readonly<Record<string, string | undefined>>): SandboxAvailability {
  const programs: Record<string, string> = {};
  const missing: string[] = [];
  for (const { program } of MACOS_PROGRAMS) {
    const found = onPath(program, env);
    if (found) programs[program] = found;
    else missing.push(program);
  }
  if (missing.length === 0) return { available: true, platform: 'darwin', programs };
  const install = missing.includes('rg') ? 'brew install ripgrep' : null;
  const reason = install
    ? msg('sandbox.unavailable.programs', { programs: missing.join(', '), install })
    : msg('sandbox.unavailable.platform', { platform: 'darwin' });
  return { available: false, platform: 'darwin', missing, install, reason };
}

/**
 * Finds whether shell commands can be confined here, and if not, says why in one sentence. On Linux it looks for
 * the programs on the engine's PATH and starts one empty bubblewrap sandbox, since a kernel without unprivileged
 * user namespaces (or a container that forbids them) has bwrap installed and still cannot run it.
 */
export function probeSandbox(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): SandboxAvailability {
  if (platform === 'darwin') return probeMacos(env);
  if (platform !== 'linux') {
    // Windows (the sandbox runtime's dedicated account) needs an installation this engine cannot make or test on
    // the machines it is built on, so it is not offered yet.
    return { available: false, platform, missing: [platform], install: null, reason: msg('sandbox.unavailable.platform', { platform }) };
  }
  const programs: Record<string, string> = {};
  const missing: string[] = [];
  const packages: string[] = [];
  for (const { program, pkg } of LINUX_PROGRAMS) {
    const found = onPath(program, env);
    if (found) programs[program] = found;
    else {
      missing.push(program);
      packages.push(pkg);
    }
  }
  if (missing.length > 0) {
    const install = `sudo apt-get install -y ${packages.join(' ')}`;
    return { available: false, platform, missing, install, reason: msg('sandbox.unavailable.programs', { programs: missing.join(', '), install }) };
  }
  const bwrap = programs.bwrap as string;
  const tried = spawnSync(bwrap, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-net', '--unshare-pid', 'true'], {
    env: { PATH: env.PATH },
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (tried.status !== 0) {
    const said = (tried.stderr || tried.error?.message || `exit ${String(tried.status)}`).trim().split('\n')[0] ?? '';
    return { available: false, platform, missing: ['user namespaces'], install: null, reason: msg('sandbox.unavailable.cannotStart', { error: said }) };
  }
  // Optional: with it, a session's commands share one network namespace instead of making one each.
  const nsenter = onPath('nsenter', env);
  if (nsenter) programs.nsenter = nsenter;
  return { available: true, platform, programs };
}
