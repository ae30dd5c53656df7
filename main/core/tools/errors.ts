/**
 * A failure the model can act on. Tools throw it from deep helpers; `defineTool` turns it into
 * `{ ok: false, error: message }`, so the message must be a sentence written for the model.
 */
export class ToolError extends Error {
  override name = 'ToolError';
}

interface ErrnoLike {
  code?: unknown;
  message?: unknown;
}

function errnoCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null) {
    const code = (e as ErrnoLike).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Turns a Node fs error into a sentence about `shown` (the path as the model should see it). */
export function fsErrorMessage(e: unknown, shown: string): string {
  switch (errnoCode(e)) {
    case 'ENOENT':
      return `${shown} does not exist.`;
    case 'ENOTDIR':
      return `A parent of ${shown} is a file, not a directory.`;
    case 'EISDIR':
      return `${shown} is a directory, not a file; use LS to list it.`;
    case 'EACCES':
    case 'EPERM':
      return `Permission denied for ${shown}.`;
    case 'ELOOP':
      return `${shown} is a symbolic link loop.`;
    case 'ENAMETOOLONG':
      return `The path ${shown} is too long.`;
    case 'ENOSPC':
      return `No space left on the device while writing ${shown}.`;
    case 'EROFS':
      return `${shown} is on a read-only file system.`;
    default:
      return `Could not access ${shown}: ${errorText(e)}.`;
  }
}

export function isErrno(e: unknown, code: string): boolean {
  return errnoCode(e) === code;
}

/** The message of any thrown value, without a stack trace. */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
