import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Where the data folder came from, so that a problem with it names the thing the person set. */
export interface HomeOrigin {
  home: string;
  /** True when PARAGENTS_HOME chose it (else the OS default app-data folder). */
  fromEnv: boolean;
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  ENOENT: 'it does not exist',
  EISDIR: 'it is a folder',
};

const named = (origin: HomeOrigin): string =>
  origin.fromEnv ? `the data folder ${origin.home} (PARAGENTS_HOME)` : `the data folder ${origin.home}`;

/**
 * The data folder must be a folder (or not exist yet, then it is created on first write). A file there would
 * otherwise surface as `EEXIST … mkdir` deep inside the first command that writes.
 */
export function dataFolderProblem(origin: HomeOrigin): string | null {
  try {
    if (!statSync(origin.home).isDirectory()) {
      return origin.fromEnv
        ? `PARAGENTS_HOME points at ${origin.home}, which is a file, not a folder; set it to a folder`
        : `the data folder ${origin.home} is a file, not a folder; move it away or set PARAGENTS_HOME`;
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    return `cannot use ${named(origin)}: ${REASONS[code ?? ''] ?? (e as Error).message}`;
  }
  return null;
}

/** Files are written aside first (`.name.<hex>.tmp`, then renamed): name the file the person knows. */
function shownPath(file: string): string {
  const aside = /^\.(.+)\.[0-9a-f]+\.tmp$/.exec(basename(file));
  return aside ? join(dirname(file), aside[1] as string) : file;
}

/**
 * One sentence for a failure no command turned into a message of its own: a file-system error names the file
 * and what went wrong (and the data folder when the file is in it); anything else gives its message only.
 */
export function describeFailure(error: unknown, origin: HomeOrigin): string {
  const e = error as NodeJS.ErrnoException & { path?: string; dest?: string };
  if (e && typeof e === 'object' && typeof e.code === 'string' && typeof e.path === 'string') {
    const reason = REASONS[e.code] ?? e.code;
    const write = e.syscall && ['open', 'mkdir', 'rename', 'unlink', 'write', 'chmod', 'symlink', 'copyfile'].includes(e.syscall);
    const inHome = e.path === origin.home || e.path.startsWith(`${origin.home}/`) || e.path.startsWith(`${origin.home}\\`);
    const hint = inHome && (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS') ? ` (is ${named(origin)} read-only?)` : '';
    return `cannot ${write ? 'write' : 'read'} ${shownPath(e.path)}: ${reason}${hint}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
