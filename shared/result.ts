// Errors cross boundaries as data with a stable kind, never as thrown exceptions.
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export type ErrorKind =
  | 'not_found'
  | 'ambiguous'
  | 'invalid_input'
  | 'invalid_state'
  | 'config'
  | 'model'
  | 'policy'
  | 'conflict'
  | 'internal';

export interface AppError {
  kind: ErrorKind;
  message: string;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (kind: ErrorKind, message: string): Result<never, AppError> => ({
  ok: false,
  error: { kind, message },
});

export function missingCase(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
