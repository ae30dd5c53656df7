// Errors cross boundaries as data with a stable kind, never as thrown exceptions.
import { english, type Msg } from './i18n/message';

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
  /** The sentence in English: what the model, `--json` and the logs read. */
  message: string;
  /** The same sentence as data, for clients to render in their language (absent on errors not yet written as one). */
  msg?: Msg;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
/** A refusal: its sentence as a `Msg` (kept for clients, its English as `message`), or, until converted, as English. */
export const err = (kind: ErrorKind, sentence: string | Msg): Result<never, AppError> => ({
  ok: false,
  error: typeof sentence === 'string' ? { kind, message: sentence } : { kind, message: english(sentence), msg: sentence },
});

export function missingCase(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
