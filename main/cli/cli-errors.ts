import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { translator, type Translator } from '../../shared/i18n';

/** Where the data folder came from, so that a problem with it names the thing the person set. */
export interface HomeOrigin {
  home: string;
  /** True when PARAGENTS_HOME chose it (else the OS default app-data folder). */
  fromEnv: boolean;
}

/** The file-system error codes a person can act on, each said in a few words. */
type ReasonCode = 'EACCES' | 'EPERM' | 'EROFS' | 'ENOSPC' | 'ENOTDIR' | 'EEXIST' | 'ENOENT' | 'EISDIR';
const REASON_CODES: ReadonlySet<string> = new Set<ReasonCode>(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'ENOENT', 'EISDIR']);

const reasonText = (t: Translator, code: string | undefined): string | null =>
  code !== undefined && REASON_CODES.has(code) ? t(`cliErrors.reason.${code as ReasonCode}`) : null;

const named = (t: Translator, origin: HomeOrigin): string =>
  t(origin.fromEnv ? 'cliErrors.dataFolderFromEnv' : 'cliErrors.dataFolder', { home: origin.home });

/**
 * The data folder must be a folder (or not exist yet, then it is created on first write). A file there would
 * otherwise surface as `EEXIST … mkdir` deep inside the first command that writes.
 */
export function dataFolderProblem(origin: HomeOrigin, t: Translator = translator('en')): string | null {
  try {
    if (!statSync(origin.home).isDirectory()) {
      return t(origin.fromEnv ? 'cliErrors.homeIsFileFromEnv' : 'cliErrors.homeIsFile', { home: origin.home });
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    return t('cliErrors.cannotUse', { folder: named(t, origin), reason: reasonText(t, code) ?? (e as Error).message });
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
export function describeFailure(error: unknown, origin: HomeOrigin, t: Translator = translator('en')): string {
  const e = error as NodeJS.ErrnoException & { path?: string; dest?: string };
  if (e && typeof e === 'object' && typeof e.code === 'string' && typeof e.path === 'string') {
    const reason = reasonText(t, e.code) ?? e.code;
    const write = e.syscall && ['open', 'mkdir', 'rename', 'unlink', 'write', 'chmod', 'symlink', 'copyfile'].includes(e.syscall);
    const inHome = e.path === origin.home || e.path.startsWith(`${origin.home}/`) || e.path.startsWith(`${origin.home}\\`);
    const hint = inHome && (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS') ? t('cliErrors.readOnlyHint', { folder: named(t, origin) }) : '';
    return t(write ? 'cliErrors.cannotWrite' : 'cliErrors.cannotRead', { path: shownPath(e.path), reason, hint });
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
